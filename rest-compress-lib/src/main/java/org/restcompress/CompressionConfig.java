package org.restcompress;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.restcompress.dictionary.DictionaryStore;
import org.restcompress.internal.KeyValues;
import org.restcompress.internal.Setting;
import org.restcompress.observe.CompressionListener;

/**
 * The library's settings, immutable: read from configuration keys ({@link #from}, see {@link ConfigKeys}) or built in
 * code ({@link #builder()}). Every value is checked once, when it is set, against its key's type and range.
 */
public final class CompressionConfig {

    /** This configuration's copy of its builder's values, which no later setter reaches. */
    private final Values v;

    CompressionConfig(Values values) {
        this.v = values;
    }

    /** {@return every setting at its default} System properties are ignored; codec keys are still read where the feature runs. */
    public static CompressionConfig defaults() {
        return builder().build();
    }

    /**
     * Reads every setting from {@code properties} (e.g. {@code Configuration::getProperty}), then system properties.
     *
     * @param properties the settings by key, {@code null} for a key not set
     * @return the configuration
     * @throws IllegalArgumentException naming the key of a malformed value
     */
    public static CompressionConfig from(Function<String, Object> properties) {
        return KeyValues.readAll(properties, List.of()).build();
    }

    /**
     * Reads every setting from {@code properties}, then system properties; shared dictionaries
     * ({@code restcompress.shared-dictionary.<name>}) are found among the map's keys too.
     *
     * @param properties the settings by key
     * @return the configuration
     * @throws IllegalArgumentException naming the key of a malformed value
     */
    public static CompressionConfig from(Map<String, ?> properties) {
        Map<String, Object> copy = new LinkedHashMap<>(properties);
        return KeyValues.readAll(copy::get, copy.keySet()).build();
    }

    /** {@return a builder with every setting at its default} */
    public static CompressionConfigBuilder builder() {
        return new CompressionConfigBuilder();
    }

    /**
     * A builder holding every setting {@code properties} has, read as {@link #from(Map)} reads them, for what only code
     * can add (listeners, an exclusion predicate): how a framework's own configuration reaches the library.
     *
     * @param properties the settings by key
     * @return a builder holding them
     * @throws IllegalArgumentException naming the key of a malformed value
     */
    public static CompressionConfigBuilder builder(Map<String, ?> properties) {
        Map<String, Object> copy = new LinkedHashMap<>(properties);
        return KeyValues.readAll(copy::get, copy.keySet());
    }

    /**
     * {@return the server's order among codings the client values equally, most preferred first}
     * {@value ConfigKeys#AUTO} is left out: see {@link #auto()}.
     */
    public List<String> preference() {
        return v.preference;
    }

    /**
     * {@return whether the server chooses by cost among codings the client values equally where the client's link is
     * known} That is {@code preference=auto}, the default; the {@link #preference()} order breaks ties, and decides
     * where the link is not known.
     */
    public boolean auto() {
        return v.auto;
    }

    /** {@return with {@link #auto()}, the link speed in bits per second assumed for clients that send no hint; 0: none} */
    public long autoLinkSpeed() {
        return v.autoLinkSpeed;
    }

    /**
     * {@return client side: to whom requests say how fast the server's earlier responses arrived ({@code Downlink})}
     * By default only to origins that ask for it ({@code Accept-CH: Downlink}), as browsers do.
     */
    public DownlinkHint downlinkHints() {
        return v.downlinkHint;
    }

    /**
     * {@return client side: whether requests may carry {@code Downlink} at all (to origins that ask, or to every one)}
     *
     * @see #downlinkHints()
     */
    public boolean downlinkHint() {
        return v.downlinkHint != DownlinkHint.NEVER;
    }

    /** To whom a client sends {@code Downlink} ({@value ConfigKeys#DOWNLINK_HINT}). */
    public enum DownlinkHint {
        /** To no origin. */
        NEVER("never"),
        /** To an origin that asked for it with {@code Accept-CH: Downlink} (remembered per origin, bounded). */
        WHEN_ASKED("when-asked"),
        /** To every origin, asked or not. */
        ALWAYS("always");

        private final String token;

        DownlinkHint(String token) {
            this.token = token;
        }

        /** {@return the key's value for this choice} */
        public String token() {
            return token;
        }
    }

    /** {@return the bytes below which a body goes out unencoded (unless the client refuses identity)} */
    public int threshold() {
        return v.threshold;
    }

    /**
     * {@return the media types never encoded, wildcards included} {@code +json} and {@code +xml} structured syntaxes
     * are text, and always encoded.
     */
    public List<MediaType> excludedMediaTypes() {
        return v.excludedMediaTypes;
    }

    /** {@return the most bytes a coded body may decode to} Beyond it, the answer is 413. */
    public long maxDecodedSize() {
        return v.maxDecodedSize;
    }

    /** {@return the most content codings one body may stack} */
    public int maxCodings() {
        return v.maxCodings;
    }

    /** {@return the largest decoded/coded size ratio accepted, 0 for no ratio limit} */
    public int maxExpansionRatio() {
        return v.maxExpansionRatio;
    }

    /** {@return client side: the coding for request bodies, {@code identity} for none} */
    public String requestCoding() {
        return v.requestCoding;
    }

    /**
     * {@return whether responses say how they were encoded and why ({@value ConfigKeys#DECISION_HEADER})} Not for
     * production.
     */
    public boolean debug() {
        return v.debug;
    }

    /**
     * {@return whether encoded bodies that repeat are kept for methods that do not say
     * ({@value ConfigKeys#ENCODE_ONCE})} {@link EncodeOnce#NEVER}, {@link EncodeOnce#SHARED} or
     * {@link EncodeOnce#ALWAYS}.
     */
    public EncodeOnce encodeOnce() {
        return v.encodeOnce;
    }

    /** {@return the bytes kept for encoding once, bodies and encoded forms ({@value ConfigKeys#ENCODE_ONCE_MAX_BYTES})} */
    public long encodeOnceMaxBytes() {
        return v.encodeOnceMaxBytes;
    }

    /**
     * {@return the application's predicate for responses that must go out unencoded} By default it excludes nothing;
     * see {@link CompressionConfigBuilder#excludeResponses}.
     */
    public BiPredicate<ContainerRequestContext, ContainerResponseContext> responseExclusion() {
        return v.excludeResponses;
    }

    /**
     * The raw value of a key from this configuration's own source (a codec key {@code restcompress.<coding>.<name>},
     * or a {@code restcompress.shared-dictionary.<name>} that {@link #sharedDictionaries()} could not list), or
     * {@code null}: the feature then looks in the JAX-RS configuration and the system properties.
     *
     * @param key the whole key, {@code restcompress.<coding>.<name>}
     * @return the raw value, or {@code null}
     */
    public Object codecSetting(String key) {
        return v.codecSettings.apply(key);
    }

    /**
     * {@return the store given to the builder, if any, for dictionaries sent by {@link UseAsDictionary} methods}
     * Without one, the feature makes an in-memory one per application, within {@link #dictionaryStoreMaxBytes()} and
     * {@link #dictionaryStoreMaxEntries()}.
     */
    public Optional<DictionaryStore> dictionaryStore() {
        return Optional.ofNullable(v.dictionaryStore);
    }

    /** {@return where a {@code DictionaryStoreProvider} makes the store ({@value ConfigKeys#DICTIONARY_STORE}), if set} */
    public Optional<URI> dictionaryStoreLocation() {
        return Optional.ofNullable(v.dictionaryStoreLocation);
    }

    /** {@return the content bytes the in-memory dictionary store keeps at most} */
    public long dictionaryStoreMaxBytes() {
        return v.dictionaryStoreMaxBytes;
    }

    /** {@return the entries the in-memory dictionary store keeps at most} */
    public int dictionaryStoreMaxEntries() {
        return v.dictionaryStoreMaxEntries;
    }

    /** {@return the largest response kept as a dictionary (server), or dictionary kept (client), in bytes} */
    public long dictionaryMaxSize() {
        return v.dictionaryMaxSize;
    }

    /** {@return whether cross-origin requests may get dictionary-compressed responses} */
    public boolean dictionaryCrossOrigin() {
        return v.dictionaryCrossOrigin;
    }

    /** {@return where shared dictionaries are served, under the application's base path, without slashes at its ends} */
    public String dictionaryPath() {
        return v.dictionaryPath;
    }

    /**
     * {@return shared dictionaries by name} Each is the content ({@code byte[]}) given to the builder, or where to read
     * it (a {@code String} location) from a {@code restcompress.shared-dictionary.<name>} key.
     */
    public Map<String, Object> sharedDictionaries() {
        return v.sharedDictionaries;
    }

    /** {@return whether auto also chooses among representations a client accepts equally ({@value ConfigKeys#AUTO_FORMATS})} */
    public boolean autoFormats() {
        return v.autoFormats;
    }

    /** {@return client side: the formats offered at the same {@code q}, in that order ({@value ConfigKeys#ACCEPT_FORMATS})} */
    public List<MediaType> acceptFormats() {
        return v.acceptFormats;
    }

    /** {@return how {@code @TrainedDictionary} methods train their dictionaries} */
    public Training training() {
        return v.training;
    }

    /**
     * How {@code @TrainedDictionary} methods train their dictionaries, checked once: each value's key is in
     * {@link ConfigKeys} ({@code restcompress.training.*}).
     *
     * @param samples        distinct responses sampled before training, 8 to {@value #MAX_SAMPLES}
     * @param minOccurrences the distinct sampled responses that must hold a byte string for it to go into the
     *                       dictionary (K), at least 2 and at most half of {@code samples}
     * @param dictionarySize the largest dictionary trained, 1K to 1M
     * @param period         how long after the last training the next one is due; {@link Duration#ZERO}: only when
     *                       the saving falls; else a minute to 365 days
     * @param versions       versions kept usable, the newest included, 1 to 16
     */
    public record Training(int samples, int minOccurrences, int dictionarySize, Duration period, int versions) {

        /** The most samples: with at most 16 KB each and 8 MB in all, training stays within tens of megabytes. */
        public static final int MAX_SAMPLES = 2000;

        /** The defaults. */
        public static final Training DEFAULTS = new Training(ConfigKeys.DEFAULT_TRAINING_SAMPLES,
                ConfigKeys.DEFAULT_TRAINING_MIN_OCCURRENCES, ConfigKeys.DEFAULT_TRAINING_DICTIONARY_SIZE,
                ConfigKeys.DEFAULT_TRAINING_PERIOD, ConfigKeys.DEFAULT_TRAINING_VERSIONS);

        /**
         * Checks every value against its range.
         *
         * @param samples        distinct responses sampled before training
         * @param minOccurrences K, the sampled responses that must hold a string
         * @param dictionarySize the largest dictionary trained, in bytes
         * @param period         how long after a training the next is due, or zero
         * @param versions       versions kept usable
         * @throws IllegalArgumentException naming the key of a value out of range
         */
        public Training {
            Setting.TRAINING_SAMPLES.check(samples);
            if (minOccurrences < 2 || minOccurrences > samples / 2) {
                throw new IllegalArgumentException(ConfigKeys.TRAINING_MIN_OCCURRENCES + " must be 2 to half of "
                        + ConfigKeys.TRAINING_SAMPLES + " (" + samples / 2 + "), was " + minOccurrences);
            }
            Setting.TRAINING_DICTIONARY_SIZE.check(dictionarySize);
            Setting.TRAINING_VERSIONS.check(versions);
            Setting.period(Objects.requireNonNull(period, "period"));
        }
    }

    /** {@return the listeners given to the builder} Those found as services are added where the feature runs. */
    public List<CompressionListener> listeners() {
        return v.listeners;
    }

    @Override
    public String toString() {
        return "CompressionConfig[preference=" + (v.auto ? "auto, " : "") + v.preference + ", threshold=" + v.threshold
                + ", excluded=" + v.excludedMediaTypes + ", maxDecodedSize=" + v.maxDecodedSize + ", maxCodings="
                + v.maxCodings + ", requestCoding=" + v.requestCoding + ", maxExpansionRatio=" + v.maxExpansionRatio
                + ", debug=" + v.debug + ", encodeOnce=" + v.encodeOnce + "]";
    }

    /** The settings' values: a builder's, and each configuration's copy of them. */
    static final class Values implements Cloneable {
        List<String> preference = ConfigKeys.DEFAULT_PREFERENCE;
        boolean auto = true;
        long autoLinkSpeed = ConfigKeys.DEFAULT_AUTO_LINK_SPEED;
        DownlinkHint downlinkHint = DownlinkHint.WHEN_ASKED;
        int threshold = ConfigKeys.DEFAULT_THRESHOLD;
        List<MediaType> excludedMediaTypes = KeyValues.mediaTypes(ConfigKeys.DEFAULT_EXCLUDED_MEDIA_TYPES);
        long maxDecodedSize = ConfigKeys.DEFAULT_MAX_DECODED_SIZE;
        int maxCodings = ConfigKeys.DEFAULT_MAX_CODINGS;
        String requestCoding = "identity";
        int maxExpansionRatio;
        boolean debug;
        EncodeOnce encodeOnce = EncodeOnce.NEVER;
        long encodeOnceMaxBytes = ConfigKeys.DEFAULT_ENCODE_ONCE_MAX_BYTES;
        BiPredicate<ContainerRequestContext, ContainerResponseContext> excludeResponses = (q, r) -> false;
        Function<String, Object> codecSettings = key -> null;
        DictionaryStore dictionaryStore;
        URI dictionaryStoreLocation;
        long dictionaryStoreMaxBytes = ConfigKeys.DEFAULT_DICTIONARY_STORE_MAX_BYTES;
        int dictionaryStoreMaxEntries = ConfigKeys.DEFAULT_DICTIONARY_STORE_MAX_ENTRIES;
        long dictionaryMaxSize = ConfigKeys.DEFAULT_DICTIONARY_MAX_SIZE;
        boolean dictionaryCrossOrigin;
        String dictionaryPath = ConfigKeys.DEFAULT_DICTIONARY_PATH;
        Map<String, Object> sharedDictionaries = new LinkedHashMap<>();
        List<CompressionListener> listeners = new ArrayList<>();
        Training training = Training.DEFAULTS;
        boolean autoFormats;
        List<MediaType> acceptFormats = List.of();

        /** A copy no later setter reaches: every value but the two collections is immutable. */
        Values copy() {
            try {
                Values copy = (Values) clone();
                copy.sharedDictionaries = Collections.unmodifiableMap(new LinkedHashMap<>(sharedDictionaries));
                copy.listeners = List.copyOf(listeners);
                return copy;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
