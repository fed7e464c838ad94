package org.restcompress.internal;

import static org.restcompress.ConfigKeys.DEBUG;
import static org.restcompress.ConfigKeys.EXCLUDED_MEDIA_TYPES;
import static org.restcompress.ConfigKeys.MAX_CODINGS;
import static org.restcompress.ConfigKeys.MAX_DECODED_SIZE;
import static org.restcompress.ConfigKeys.MAX_EXPANSION_RATIO;
import static org.restcompress.ConfigKeys.PREFERENCE;
import static org.restcompress.ConfigKeys.REQUEST_CODING;
import static org.restcompress.ConfigKeys.THRESHOLD;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.negotiation.HeaderLists;

/** Reads the {@link org.restcompress.ConfigKeys} from strings: sizes, lists and flags, each error naming its key. */
public final class KeyValues {

    private KeyValues() {
    }

    /** A builder holding every key {@code properties}, else the fallbacks ({@link #withFallbacks}), set. */
    public static CompressionConfig.Builder read(Function<String, Object> properties) {
        Function<String, Object> lookup = withFallbacks(properties);
        CompressionConfig.Builder b = CompressionConfig.builder().codecSettings(lookup);
        string(lookup, PREFERENCE).ifPresent(v -> b.preference(list(v)));
        string(lookup, THRESHOLD).ifPresent(v -> b.threshold(intSize(THRESHOLD, v)));
        string(lookup, EXCLUDED_MEDIA_TYPES).ifPresent(v -> b.excludedMediaTypes(list(v)));
        string(lookup, MAX_DECODED_SIZE).ifPresent(v -> b.maxDecodedSize(size(MAX_DECODED_SIZE, v)));
        string(lookup, MAX_CODINGS).ifPresent(v -> b.maxCodings(intSize(MAX_CODINGS, v)));
        string(lookup, REQUEST_CODING).ifPresent(b::requestCoding);
        string(lookup, MAX_EXPANSION_RATIO).ifPresent(v -> b.maxExpansionRatio(intSize(MAX_EXPANSION_RATIO, v)));
        string(lookup, DEBUG).ifPresent(v -> b.debug(flag(DEBUG, v)));
        string(lookup, ConfigKeys.ENCODE_ONCE).ifPresent(v -> b.encodeOnce(encodeOnce(v)));
        string(lookup, ConfigKeys.ENCODE_ONCE_MAX_BYTES)
                .ifPresent(v -> b.encodeOnceMaxBytes(size(ConfigKeys.ENCODE_ONCE_MAX_BYTES, v)));
        string(lookup, ConfigKeys.DOWNLINK_HINT).ifPresent(v -> b.downlinkHints(downlinkHint(v)));
        string(lookup, ConfigKeys.AUTO_LINK_SPEED)
                .ifPresent(v -> b.autoLinkSpeed(v.trim().equalsIgnoreCase("none") ? 0
                        : bitsPerSecond(ConfigKeys.AUTO_LINK_SPEED, v)));
        long storeBytes = string(lookup, ConfigKeys.DICTIONARY_STORE_MAX_BYTES)
                .map(v -> size(ConfigKeys.DICTIONARY_STORE_MAX_BYTES, v))
                .orElse(ConfigKeys.DEFAULT_DICTIONARY_STORE_MAX_BYTES);
        int storeEntries = string(lookup, ConfigKeys.DICTIONARY_STORE_MAX_ENTRIES)
                .map(v -> intSize(ConfigKeys.DICTIONARY_STORE_MAX_ENTRIES, v))
                .orElse(ConfigKeys.DEFAULT_DICTIONARY_STORE_MAX_ENTRIES);
        b.dictionaryStoreLimits(storeBytes, storeEntries);
        string(lookup, ConfigKeys.DICTIONARY_MAX_SIZE)
                .ifPresent(v -> b.dictionaryMaxSize(size(ConfigKeys.DICTIONARY_MAX_SIZE, v)));
        string(lookup, ConfigKeys.DICTIONARY_CROSS_ORIGIN)
                .ifPresent(v -> b.dictionaryCrossOrigin(flag(ConfigKeys.DICTIONARY_CROSS_ORIGIN, v)));
        string(lookup, ConfigKeys.DICTIONARY_PATH).ifPresent(b::dictionaryPath);
        string(lookup, ConfigKeys.DICTIONARY_STORE).filter(v -> !v.isEmpty()).ifPresent(b::dictionaryStore);
        b.training(training(lookup));
        string(lookup, ConfigKeys.AUTO_FORMATS).ifPresent(v -> b.autoFormats(flag(ConfigKeys.AUTO_FORMATS, v)));
        string(lookup, ConfigKeys.ACCEPT_FORMATS).ifPresent(v -> b.acceptFormats(
                v.isEmpty() ? List.of() : List.of(v.split(","))));
        return b;
    }

    private static org.restcompress.EncodeOnce encodeOnce(String value) {
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "never": return org.restcompress.EncodeOnce.NEVER;
            case "shared": return org.restcompress.EncodeOnce.SHARED;
            case "always": return org.restcompress.EncodeOnce.ALWAYS;
            default: throw new IllegalArgumentException(ConfigKeys.ENCODE_ONCE + " must be never, shared or always, was '"
                    + value + "'");
        }
    }

    private static CompressionConfig.Training training(Function<String, Object> lookup) {
        CompressionConfig.Training d = CompressionConfig.Training.DEFAULTS;
        return new CompressionConfig.Training(
                string(lookup, ConfigKeys.TRAINING_SAMPLES).map(v -> intSize(ConfigKeys.TRAINING_SAMPLES, v))
                        .orElse(d.samples()),
                string(lookup, ConfigKeys.TRAINING_MIN_OCCURRENCES)
                        .map(v -> intSize(ConfigKeys.TRAINING_MIN_OCCURRENCES, v)).orElse(d.minOccurrences()),
                string(lookup, ConfigKeys.TRAINING_DICTIONARY_SIZE)
                        .map(v -> intSize(ConfigKeys.TRAINING_DICTIONARY_SIZE, v)).orElse(d.dictionarySize()),
                string(lookup, ConfigKeys.TRAINING_PERIOD).map(v -> duration(ConfigKeys.TRAINING_PERIOD, v))
                        .orElse(d.period()),
                string(lookup, ConfigKeys.TRAINING_VERSIONS).map(v -> intSize(ConfigKeys.TRAINING_VERSIONS, v))
                        .orElse(d.versions()));
    }

    /**
     * A duration: a whole number with {@code s}, {@code m}, {@code h} or {@code d} ({@code 90s}, {@code 12h},
     * {@code 7d}), an ISO-8601 one ({@code PT12H}), or {@code none} (zero).
     *
     * @throws IllegalArgumentException naming {@code key} when {@code value} is none of these
     */
    public static java.time.Duration duration(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("none")) {
            return java.time.Duration.ZERO;
        }
        try {
            if (v.startsWith("p")) {
                return java.time.Duration.parse(v.toUpperCase(Locale.ROOT));
            }
            if (v.length() > 1) {
                long n = Long.parseLong(v.substring(0, v.length() - 1).trim());
                switch (v.charAt(v.length() - 1)) {
                    case 's': return java.time.Duration.ofSeconds(n);
                    case 'm': return java.time.Duration.ofMinutes(n);
                    case 'h': return java.time.Duration.ofHours(n);
                    case 'd': return java.time.Duration.ofDays(n);
                    default: break;
                }
            }
        } catch (RuntimeException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a duration such as 90s, 30m, 12h or 7d (or none), was '"
                + value + "'");
    }

    /**
     * A builder holding every key, as {@link #read}, and the shared dictionaries among {@code names} (the source's own
     * key names, where it can list them) and the fallbacks' names.
     */
    public static CompressionConfig.Builder readAll(Function<String, Object> properties, Iterable<String> names) {
        CompressionConfig.Builder builder = read(properties);
        Set<String> all = new TreeSet<>(fallbackNames());
        names.forEach(all::add);
        sharedDictionaries(builder, all, withFallbacks(properties));
        return builder;
    }

    /**
     * Adds to {@code b} every {@code restcompress.shared-dictionary.<name>} among {@code names} (the JAX-RS
     * configuration's property names, then the system properties'), read through {@code lookup}.
     */
    public static void sharedDictionaries(CompressionConfig.Builder b, Iterable<String> names,
            Function<String, Object> lookup) {
        for (String key : names) {
            if (key.startsWith(ConfigKeys.SHARED_DICTIONARY_PREFIX)) {
                String name = key.substring(ConfigKeys.SHARED_DICTIONARY_PREFIX.length());
                string(lookup, key).ifPresent(location -> b.sharedDictionary(name, location));
            }
        }
    }

    /**
     * {@code properties}' value of a key, else MicroProfile Config's where the runtime has one, else the system
     * property's.
     */
    public static Function<String, Object> withFallbacks(Function<String, Object> properties) {
        MicroProfileConfig microProfile = MicroProfileConfig.current();
        return key -> {
            Object value = properties.apply(key);
            if (value == null && microProfile != null) {
                value = microProfile.get(key);
            }
            return value != null ? value : System.getProperty(key);
        };
    }

    /** The names the fallbacks of {@link #withFallbacks} hold: MicroProfile Config's and the system properties'. */
    public static Set<String> fallbackNames() {
        Set<String> names = new TreeSet<>(System.getProperties().stringPropertyNames());
        MicroProfileConfig microProfile = MicroProfileConfig.current();
        if (microProfile != null) {
            names.addAll(microProfile.names());
        }
        return names;
    }

    public static Optional<String> string(Function<String, Object> lookup, String key) {
        Object value = lookup.apply(key);
        return value == null ? Optional.empty() : Optional.of(value.toString().trim());
    }

    /** The members of a comma-separated list, lower case. */
    public static List<String> list(String value) {
        List<String> members = new ArrayList<>();
        for (String member : HeaderLists.members(List.of(value))) {
            members.add(member.toLowerCase(Locale.ROOT));
        }
        return members;
    }

    /** {@code when-asked}, {@code always} or {@code never} ({@code true} and {@code false} for the last two). */
    static CompressionConfig.DownlinkHint downlinkHint(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (CompressionConfig.DownlinkHint choice : CompressionConfig.DownlinkHint.values()) {
            if (choice.token().equals(v)) {
                return choice;
            }
        }
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true") ? CompressionConfig.DownlinkHint.ALWAYS : CompressionConfig.DownlinkHint.NEVER;
        }
        throw new IllegalArgumentException(ConfigKeys.DOWNLINK_HINT + " must be when-asked, always or never, was '"
                + value + "'");
    }

    /** {@code true} or {@code false}, any case. */
    public static boolean flag(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true");
        }
        throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
    }

    /**
     * A byte count, optionally with a K, M or G suffix (powers of 1024; "KB", "MiB" and the like also read).
     *
     * @throws IllegalArgumentException naming {@code key} when {@code value} is not such a size
     */
    public static long size(String key, String value) {
        String v = value.trim().toUpperCase(Locale.ROOT).replace("IB", "").replace("B", "").trim();
        long unit = 1;
        if (!v.isEmpty()) {
            char last = v.charAt(v.length() - 1);
            int shift = last == 'K' ? 10 : last == 'M' ? 20 : last == 'G' ? 30 : 0;
            if (shift > 0) {
                unit = 1L << shift;
                v = v.substring(0, v.length() - 1).trim();
            }
        }
        try {
            long n = Long.parseLong(v);
            if (n >= 0 && n <= Long.MAX_VALUE / unit) {
                return n * unit;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a size in bytes such as 1024, 64K or 10M, was '" + value + "'");
    }

    /**
     * A speed in bits per second: a number, optionally with a {@code kbit}, {@code mbit} or {@code gbit} unit
     * (powers of 1000, as links are sold; "/s" and "ps" also read): {@code 100mbit}, {@code 2.5gbit}.
     *
     * @throws IllegalArgumentException naming {@code key} when {@code value} is not such a speed
     */
    public static long bitsPerSecond(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT).replace("/s", "").trim();
        if (v.endsWith("bps")) {
            v = v.substring(0, v.length() - 3) + "bit";
        }
        double unit = 1;
        for (String[] suffix : new String[][] {{"kbit", "1e3"}, {"mbit", "1e6"}, {"gbit", "1e9"}, {"bit", "1"}}) {
            if (v.endsWith(suffix[0])) {
                unit = Double.parseDouble(suffix[1]);
                v = v.substring(0, v.length() - suffix[0].length()).trim();
                break;
            }
        }
        try {
            double bits = Double.parseDouble(v) * unit;
            if (bits >= 1000 && bits <= 1e13 && !v.isEmpty() && Character.isDigit(v.charAt(v.length() - 1))) {
                return Math.round(bits);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a link speed such as 100mbit or 1gbit (at least 1kbit, "
                + "at most 10000gbit), was '" + value + "'");
    }

    /** A size that fits an {@code int}; a larger one is an error, not a clamp. */
    private static int intSize(String key, String value) {
        long size = size(key, value);
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(key + " must be at most " + Integer.MAX_VALUE + ", was '" + value + "'");
        }
        return (int) size;
    }
}
