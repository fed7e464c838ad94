package org.restcompress.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionConfigBuilder;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.codec.GzipCodec;
import org.restcompress.internal.codec.ZstdSettings;

/**
 * Every configuration key the library reads, declared once: its name (a {@link ConfigKeys} constant, or a codec's
 * {@code restcompress.<coding>.<name>}), the type of its value, its default as a user writes it, its range and the
 * side it acts on. {@link KeyValues} reads the keys through this table, the builder and the codecs' settings check
 * their ranges with it, and tests hold {@code docs/configuration.md}'s table and the Spring Boot metadata to it.
 */
public enum Setting {

    PREFERENCE(ConfigKeys.PREFERENCE, Type.LIST, Scope.BOTH, "auto, zstd, lz4, lzf, br, gzip, deflate",
            (b, v) -> b.preference(list(v))),
    AUTO_FORMATS(ConfigKeys.AUTO_FORMATS, Type.FLAG, Scope.SERVER, "false", (b, v) -> b.autoFormats((Boolean) v)),
    ACCEPT_FORMATS(ConfigKeys.ACCEPT_FORMATS, Type.LIST, Scope.CLIENT, "", (b, v) -> b.acceptFormats(list(v))),
    /** Bits per second: 1kbit to 10000gbit, or none (0). */
    AUTO_LINK_SPEED(ConfigKeys.AUTO_LINK_SPEED, Type.SPEED, Scope.SERVER, "none", 1000, 10_000_000_000_000L,
            (b, v) -> b.autoLinkSpeed((Long) v)),
    DOWNLINK_HINT(ConfigKeys.DOWNLINK_HINT, Type.TEXT, Scope.CLIENT, "when-asked",
            (b, v) -> b.downlinkHints(KeyValues.downlinkHint((String) v))),
    THRESHOLD(ConfigKeys.THRESHOLD, Type.SIZE, Scope.BOTH, "1024", 0, Integer.MAX_VALUE,
            (b, v) -> b.threshold(((Long) v).intValue())),
    EXCLUDED_MEDIA_TYPES(ConfigKeys.EXCLUDED_MEDIA_TYPES, Type.LIST, Scope.SERVER,
            String.join(", ", ConfigKeys.DEFAULT_EXCLUDED_MEDIA_TYPES), (b, v) -> b.excludedMediaTypes(list(v))),
    MAX_DECODED_SIZE(ConfigKeys.MAX_DECODED_SIZE, Type.SIZE, Scope.BOTH, "10M", 0, Long.MAX_VALUE,
            (b, v) -> b.maxDecodedSize((Long) v)),
    MAX_CODINGS(ConfigKeys.MAX_CODINGS, Type.INT, Scope.BOTH, "3", 1, CompressionConfigBuilder.MAX_MAX_CODINGS,
            (b, v) -> b.maxCodings((Integer) v)),
    REQUEST_CODING(ConfigKeys.REQUEST_CODING, Type.TEXT, Scope.CLIENT, "identity",
            (b, v) -> b.requestCoding((String) v)),
    MAX_EXPANSION_RATIO(ConfigKeys.MAX_EXPANSION_RATIO, Type.INT, Scope.BOTH, "0", 0, Integer.MAX_VALUE,
            (b, v) -> b.maxExpansionRatio((Integer) v)),
    DEBUG(ConfigKeys.DEBUG, Type.FLAG, Scope.SERVER, "false", (b, v) -> b.debug((Boolean) v)),
    ENCODE_ONCE(ConfigKeys.ENCODE_ONCE, Type.TEXT, Scope.SERVER, "never",
            (b, v) -> b.encodeOnce(KeyValues.encodeOnce((String) v))),
    ENCODE_ONCE_MAX_BYTES(ConfigKeys.ENCODE_ONCE_MAX_BYTES, Type.SIZE, Scope.SERVER, "32M", 0, Long.MAX_VALUE,
            (b, v) -> b.encodeOnceMaxBytes((Long) v)),
    DICTIONARY_STORE(ConfigKeys.DICTIONARY_STORE, Type.TEXT, Scope.SERVER, "", (b, v) -> {
        if (!((String) v).isEmpty()) {
            b.dictionaryStore((String) v);
        }
    }),
    /** Set with {@link #DICTIONARY_STORE_MAX_ENTRIES}, as one pair of limits. */
    DICTIONARY_STORE_MAX_BYTES(ConfigKeys.DICTIONARY_STORE_MAX_BYTES, Type.SIZE, Scope.BOTH, "32M", 0,
            Long.MAX_VALUE, null),
    DICTIONARY_STORE_MAX_ENTRIES(ConfigKeys.DICTIONARY_STORE_MAX_ENTRIES, Type.INT, Scope.BOTH, "1000", 0,
            Integer.MAX_VALUE, null),
    DICTIONARY_MAX_SIZE(ConfigKeys.DICTIONARY_MAX_SIZE, Type.SIZE, Scope.BOTH, "1M", 0, Long.MAX_VALUE,
            (b, v) -> b.dictionaryMaxSize((Long) v)),
    DICTIONARY_CROSS_ORIGIN(ConfigKeys.DICTIONARY_CROSS_ORIGIN, Type.FLAG, Scope.SERVER, "false",
            (b, v) -> b.dictionaryCrossOrigin((Boolean) v)),
    DICTIONARY_PATH(ConfigKeys.DICTIONARY_PATH, Type.TEXT, Scope.SERVER, ConfigKeys.DEFAULT_DICTIONARY_PATH,
            (b, v) -> b.dictionaryPath((String) v)),
    /** The training keys are set together, as one {@code Training}; its constructor checks each with this table. */
    TRAINING_SAMPLES(ConfigKeys.TRAINING_SAMPLES, Type.INT, Scope.SERVER, "300", 8,
            CompressionConfig.Training.MAX_SAMPLES, null),
    /** 2 to half the samples: a range that depends on another key, so the {@code Training} checks it. */
    TRAINING_MIN_OCCURRENCES(ConfigKeys.TRAINING_MIN_OCCURRENCES, Type.INT, Scope.SERVER, "5", 0, Integer.MAX_VALUE,
            null),
    TRAINING_DICTIONARY_SIZE(ConfigKeys.TRAINING_DICTIONARY_SIZE, Type.SIZE, Scope.SERVER, "16K", 1024, 1 << 20,
            null),
    TRAINING_PERIOD(ConfigKeys.TRAINING_PERIOD, Type.DURATION, Scope.SERVER, "1d", null),
    TRAINING_VERSIONS(ConfigKeys.TRAINING_VERSIONS, Type.INT, Scope.SERVER, "3", 1, 16, null),

    // the codecs' own keys, read by each codec from its CodecOptions (whole integers, no size suffixes)
    GZIP_LEVEL("gzip", "level", Scope.BOTH, "6", 1, 9),
    /** Random bytes in each gzip header's comment field, against BREACH. */
    GZIP_PADDING("gzip", "padding", Scope.BOTH, "0", 0, GzipCodec.MAX_PADDING),
    DEFLATE_LEVEL("deflate", "level", Scope.BOTH, "6", 1, 9),
    ZSTD_LEVEL("zstd", "level", Scope.BOTH, "3", 1, 19),
    /** RFC 9659's 8 MB at most; unset, zstd chooses. */
    ZSTD_WINDOW_LOG("zstd", "window-log", Scope.BOTH, "", 10, ZstdSettings.MAX_WINDOW_LOG),
    ZSTD_EVENT_WINDOW_LOG("zstd", "event-window-log", Scope.SERVER, "12", 10, ZstdSettings.MAX_WINDOW_LOG),
    ZSTD_EVENT_HASH_LOG("zstd", "event-hash-log", Scope.SERVER, "10", 6, 20),
    BR_QUALITY("br", "quality", Scope.BOTH, "4", 0, 11),
    BR_WINDOW("br", "window", Scope.BOTH, "22", 10, 24),
    BR_EVENT_WINDOW("br", "event-window", Scope.SERVER, "16", 10, 24),
    LZF_EVENT_CHUNK_SIZE("lzf", "event-chunk-size", Scope.SERVER, "8192", 8192, 65535),
    /** 64K, 256K, 1M or 4M: the codec names the four. */
    LZ4_BLOCK_SIZE(ConfigKeys.codecKey("lz4", "block-size"), "lz4", "block-size", Type.SIZE, Scope.BOTH, "64K",
            64 << 10, 4 << 20, null);

    /** How a value is written. */
    public enum Type {
        /** A byte count, optionally with K, M or G (powers of 1024). */
        SIZE,
        /** A count within an {@code int}; the library's own keys also take a size's suffixes. */
        INT,
        /** {@code true} or {@code false}. */
        FLAG,
        /** Comma-separated members. */
        LIST,
        /** Bits per second with {@code kbit}, {@code mbit} or {@code gbit}, or {@code none}. */
        SPEED,
        /** {@code 90s}, {@code 30m}, {@code 12h}, {@code 7d}, ISO-8601, or {@code none}. */
        DURATION,
        /** A word or a path, checked by what it sets. */
        TEXT
    }

    /** The side a key acts on. */
    public enum Scope {
        SERVER, CLIENT, BOTH
    }

    private final String key;
    private final String coding;
    private final String option;
    private final Type type;
    private final Scope scope;
    private final String defaultValue;
    private final long min;
    private final long max;
    private final BiConsumer<CompressionConfigBuilder, Object> apply;

    Setting(String key, Type type, Scope scope, String defaultValue,
            BiConsumer<CompressionConfigBuilder, Object> apply) {
        this(key, null, null, type, scope, defaultValue, 0, Long.MAX_VALUE, apply);
    }

    Setting(String key, Type type, Scope scope, String defaultValue, long min, long max,
            BiConsumer<CompressionConfigBuilder, Object> apply) {
        this(key, null, null, type, scope, defaultValue, min, max, apply);
    }

    /** A codec's whole-number key. */
    Setting(String coding, String option, Scope scope, String defaultValue, long min, long max) {
        this(ConfigKeys.codecKey(coding, option), coding, option, Type.INT, scope, defaultValue, min, max, null);
    }

    Setting(String key, String coding, String option, Type type, Scope scope, String defaultValue, long min, long max,
            BiConsumer<CompressionConfigBuilder, Object> apply) {
        this.key = key;
        this.coding = coding;
        this.option = option;
        this.type = type;
        this.scope = scope;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.apply = apply;
    }

    /** The whole key, {@code restcompress.threshold}. */
    public String key() {
        return key;
    }

    /** For a codec's key, its coding ({@code gzip}); {@code null} for the library's own keys. */
    public String coding() {
        return coding;
    }

    /** For a codec's key, the name its {@code CodecOptions} know it by ({@code level}). */
    public String option() {
        return option;
    }

    public Type type() {
        return type;
    }

    public Scope scope() {
        return scope;
    }

    /** The default as a user writes it; empty where there is none to write (none set, or the codec's choice). */
    public String defaultValue() {
        return defaultValue;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /**
     * {@code value} read as this key's type and checked against its range.
     *
     * @return a {@code Long} (sizes, speeds), {@code Integer}, {@code Boolean}, {@code List<String>}, {@code Duration}
     *     or {@code String}
     * @throws IllegalArgumentException naming the key when {@code value} is not such a value or out of range
     */
    public Object parse(String value) {
        switch (type) {
            case SIZE: return check(KeyValues.size(key, value));
            case INT: return (int) check(KeyValues.size(key, value));
            case FLAG: return KeyValues.flag(key, value);
            case LIST: return KeyValues.list(value);
            case SPEED: return value.trim().equalsIgnoreCase("none") ? 0L : KeyValues.bitsPerSecond(key, value);
            case DURATION: return KeyValues.duration(key, value);
            default: return value.trim();
        }
    }

    /**
     * {@code value}, if within this key's range.
     *
     * @throws IllegalArgumentException naming the key, and the range, when it is not
     */
    public long check(long value) {
        if (value >= min && value <= max) {
            return value;
        }
        boolean open = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
        String range = !open ? min + " to " + max : value < min ? "at least " + min : "at most " + max;
        throw new IllegalArgumentException(key + " must be " + range + ", was " + value);
    }

    /** {@link #check(long)} for an {@code int}. */
    public int check(int value) {
        return (int) check((long) value);
    }

    /** Sets {@code value}, as {@link #parse} read it, on {@code builder}; not for keys set together elsewhere. */
    void apply(CompressionConfigBuilder builder, Object value) {
        if (apply != null) {
            apply.accept(builder, value);
        }
    }

    /** The value of the key in {@code values} (as {@link #parse} read it), else its default. */
    @SuppressWarnings("unchecked")
    <T> T in(Map<Setting, Object> values) {
        Object value = values.get(this);
        return (T) (value != null ? value : parse(defaultValue));
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object value) {
        return (List<String>) value;
    }

    /** The training period of {@code value}, checked: zero (none), or a minute to 365 days. */
    public static Duration period(Duration value) {
        if (value.isNegative() || !value.isZero() && value.compareTo(Duration.ofMinutes(1)) < 0
                || value.compareTo(Duration.ofDays(365)) > 0) {
            throw new IllegalArgumentException(TRAINING_PERIOD.key + " must be a minute to 365 days (or none), was "
                    + value);
        }
        return value;
    }
}
