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

    private CompressionConfig(Values values) {
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
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding every setting {@code properties} has, read as {@link #from(Map)} reads them, for what only code
     * can add (listeners, an exclusion predicate): how a framework's own configuration reaches the library.
     *
     * @param properties the settings by key
     * @return a builder holding them
     * @throws IllegalArgumentException naming the key of a malformed value
     */
    public static Builder builder(Map<String, ?> properties) {
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
     * see {@link Builder#excludeResponses}.
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

    /**
     * Programmatic configuration, e.g. {@code new CompressionFeature(CompressionConfig.builder().threshold(0).build())}.
     * Each setter checks its value as the key of the same name is checked, and names that key when it refuses one.
     */
    public static final class Builder {
        /** The largest {@link #maxCodings} accepted. */
        public static final int MAX_MAX_CODINGS = 100;
        private final Values v = new Values();

        private Builder() {
        }

        /**
         * The server's order among codings the client values equally. Starting with {@value ConfigKeys#AUTO}: chosen
         * by cost, the rest of the list (the default order when there is none) breaking ties.
         *
         * @param codings coding tokens, optionally {@value ConfigKeys#AUTO} first
         * @return this builder
         */
        public Builder preference(List<String> codings) {
            List<String> order = KeyValues.preference(codings);
            v.auto = !order.isEmpty() && order.get(0).equals(ConfigKeys.AUTO);
            v.preference = v.auto && order.size() == 1 ? ConfigKeys.DEFAULT_PREFERENCE
                    : List.copyOf(order.subList(v.auto ? 1 : 0, order.size()));
            return this;
        }

        /**
         * Client side: whether requests tell servers how fast their responses arrived ({@code Downlink}).
         *
         * @param on {@code true} for {@link DownlinkHint#ALWAYS}, {@code false} for {@link DownlinkHint#NEVER}
         * @return this builder
         */
        public Builder downlinkHint(boolean on) {
            return downlinkHints(on ? DownlinkHint.ALWAYS : DownlinkHint.NEVER);
        }

        /**
         * Client side: to whom requests say how fast responses arrived ({@code Downlink}).
         *
         * @param to the origins the hint goes to
         * @return this builder
         */
        public Builder downlinkHints(DownlinkHint to) {
            v.downlinkHint = Objects.requireNonNull(to, "to");
            return this;
        }

        /**
         * With {@code preference=auto}: the link speed, bits per second, assumed for clients that send no
         * {@code Downlink}; 0 (the default) assumes none, and they get the listed order.
         *
         * @param bitsPerSecond the speed assumed, 1000 to 10<sup>13</sup>, or 0 for none
         * @return this builder
         */
        public Builder autoLinkSpeed(long bitsPerSecond) {
            v.autoLinkSpeed = bitsPerSecond == 0 ? 0 : Setting.AUTO_LINK_SPEED.check(bitsPerSecond);
            return this;
        }

        /**
         * Bodies shorter than this are sent unencoded ({@value ConfigKeys#THRESHOLD}).
         *
         * @param bytes the threshold, 0 or more
         * @return this builder
         */
        public Builder threshold(int bytes) {
            v.threshold = Setting.THRESHOLD.check(bytes);
            return this;
        }

        /**
         * Media types never encoded ({@value ConfigKeys#EXCLUDED_MEDIA_TYPES}), wildcards allowed.
         *
         * @param types the media types
         * @return this builder
         */
        public Builder excludedMediaTypes(List<String> types) {
            v.excludedMediaTypes = KeyValues.mediaTypes(types);
            return this;
        }

        /**
         * The most bytes a coded body may decode to; beyond it, 413 ({@value ConfigKeys#MAX_DECODED_SIZE}).
         *
         * @param bytes the limit
         * @return this builder
         */
        public Builder maxDecodedSize(long bytes) {
            v.maxDecodedSize = Setting.MAX_DECODED_SIZE.check(bytes);
            return this;
        }

        /**
         * At most {@value #MAX_MAX_CODINGS}: no real sender stacks more than two.
         *
         * @param codings the most codings one body may stack, 1 to {@value #MAX_MAX_CODINGS}
         * @return this builder
         */
        public Builder maxCodings(int codings) {
            v.maxCodings = Setting.MAX_CODINGS.check(codings);
            return this;
        }

        /**
         * Client side: compress request bodies with this coding ({@code identity}: do not).
         *
         * @param coding a coding token, or {@code identity}
         * @return this builder
         */
        public Builder requestCoding(String coding) {
            v.requestCoding = KeyValues.token(ConfigKeys.REQUEST_CODING, coding);
            return this;
        }

        /**
         * Decoded bodies may not grow past {@code ratio} times their coded size; 0 turns the check off.
         *
         * @param ratio the ratio, or 0
         * @return this builder
         */
        public Builder maxExpansionRatio(int ratio) {
            v.maxExpansionRatio = Setting.MAX_EXPANSION_RATIO.check(ratio);
            return this;
        }

        /**
         * Every response of an annotated method says how it was encoded and why; for development only.
         *
         * @param on whether responses carry the header
         * @return this builder
         */
        public Builder debug(boolean on) {
            v.debug = on;
            return this;
        }

        /**
         * Whether encoded bodies that repeat are kept for methods that do not say ({@value ConfigKeys#ENCODE_ONCE}).
         *
         * @param choice {@link EncodeOnce#NEVER}, {@link EncodeOnce#SHARED} or {@link EncodeOnce#ALWAYS}
         * @return this builder
         * @throws IllegalArgumentException for {@link EncodeOnce#DEFAULT}, which only a method can say
         */
        public Builder encodeOnce(EncodeOnce choice) {
            if (Objects.requireNonNull(choice, "choice") == EncodeOnce.DEFAULT) {
                throw new IllegalArgumentException(ConfigKeys.ENCODE_ONCE + " must be never, shared or always");
            }
            v.encodeOnce = choice;
            return this;
        }

        /**
         * The bytes kept for encoding once, bodies and encoded forms ({@value ConfigKeys#ENCODE_ONCE_MAX_BYTES}).
         *
         * @param bytes the bound; 0 keeps nothing
         * @return this builder
         */
        public Builder encodeOnceMaxBytes(long bytes) {
            v.encodeOnceMaxBytes = Setting.ENCODE_ONCE_MAX_BYTES.check(bytes);
            return this;
        }

        /**
         * Responses for which {@code predicate} holds are sent unencoded, decided per response after the resource
         * method ran: for example those that set a session cookie, or carry a CSRF token (BREACH). The exclusion
         * wins even over a client that refuses identity: such a response still goes out unencoded.
         *
         * @param predicate true for a response that must go out unencoded
         * @return this builder
         */
        public Builder excludeResponses(BiPredicate<ContainerRequestContext, ContainerResponseContext> predicate) {
            v.excludeResponses = Objects.requireNonNull(predicate, "predicate");
            return this;
        }

        /**
         * Where {@code restcompress.<coding>.*} codec settings are looked up first (by whole key); keys it does not
         * know are then read from the JAX-RS configuration and the system properties.
         *
         * @param lookup the raw value of a whole key, or {@code null}
         * @return this builder
         */
        public Builder codecSettings(Function<String, Object> lookup) {
            v.codecSettings = Objects.requireNonNull(lookup, "lookup");
            return this;
        }

        /**
         * Told of every response and coded request body once it is done (server side), for example
         * {@code new CompressionMetrics(registry)} of {@code rest-compress-micrometer}; may be called more than once.
         *
         * @param listener the listener
         * @return this builder
         */
        public Builder listener(CompressionListener listener) {
            v.listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Where responses of {@link UseAsDictionary} methods are kept (for example one shared by every instance).
         *
         * @param store the store; the application closes it
         * @return this builder
         */
        public Builder dictionaryStore(DictionaryStore store) {
            v.dictionaryStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /**
         * A store made by the {@code DictionaryStoreProvider} for this location, e.g. {@code redis://host:6379}.
         *
         * @param location the store's URI
         * @return this builder
         */
        public Builder dictionaryStore(String location) {
            v.dictionaryStoreLocation = KeyValues.location(ConfigKeys.DICTIONARY_STORE, location);
            return this;
        }

        /**
         * The bounds of the default, in-memory, dictionary store.
         *
         * @param maxBytes content bytes kept at most
         * @param maxEntries entries kept at most
         * @return this builder
         */
        public Builder dictionaryStoreLimits(long maxBytes, int maxEntries) {
            v.dictionaryStoreMaxBytes = Setting.DICTIONARY_STORE_MAX_BYTES.check(maxBytes);
            v.dictionaryStoreMaxEntries = Setting.DICTIONARY_STORE_MAX_ENTRIES.check(maxEntries);
            return this;
        }

        /**
         * The largest response kept as a dictionary (server), or dictionary kept (client)
         * ({@value ConfigKeys#DICTIONARY_MAX_SIZE}).
         *
         * @param bytes the size
         * @return this builder
         */
        public Builder dictionaryMaxSize(long bytes) {
            v.dictionaryMaxSize = Setting.DICTIONARY_MAX_SIZE.check(bytes);
            return this;
        }

        /**
         * Whether cross-origin requests may get dictionary-compressed responses
         * ({@value ConfigKeys#DICTIONARY_CROSS_ORIGIN}).
         *
         * @param allowed whether they may
         * @return this builder
         */
        public Builder dictionaryCrossOrigin(boolean allowed) {
            v.dictionaryCrossOrigin = allowed;
            return this;
        }

        /**
         * Where shared dictionaries are served, under the application's base ({@value ConfigKeys#DICTIONARY_PATH}).
         *
         * @param path letters, digits and {@code . _ ~ - /}
         * @return this builder
         */
        public Builder dictionaryPath(String path) {
            v.dictionaryPath = KeyValues.path(ConfigKeys.DICTIONARY_PATH, path);
            return this;
        }

        /**
         * A shared dictionary, for {@code @SharedDictionary(name)} methods (e.g. one made by the trainer).
         *
         * @param name the dictionary's name
         * @param content the dictionary, copied
         * @return this builder
         */
        public Builder sharedDictionary(String name, byte[] content) {
            v.sharedDictionaries.put(KeyValues.dictionaryName(name), content.clone());
            return this;
        }

        /**
         * A shared dictionary read at deployment from {@code classpath:<resource>} or a file path.
         *
         * @param name the dictionary's name
         * @param location {@code classpath:<resource>} or a file path
         * @return this builder
         */
        public Builder sharedDictionary(String name, String location) {
            if (location == null || location.isBlank()) {
                throw new IllegalArgumentException(ConfigKeys.SHARED_DICTIONARY_PREFIX + name + " must name a location");
            }
            v.sharedDictionaries.put(KeyValues.dictionaryName(name), location.trim());
            return this;
        }

        /**
         * With {@code preference=auto}: a client that accepts several of a method's representations equally gets the
         * one expected to be delivered and parsed soonest ({@value ConfigKeys#AUTO_FORMATS}).
         *
         * @param on whether formats are chosen by cost
         * @return this builder
         */
        public Builder autoFormats(boolean on) {
            v.autoFormats = on;
            return this;
        }

        /**
         * Client side: the formats this client has readers for, offered in {@code Accept} at the same {@code q} where
         * the application named no other ({@value ConfigKeys#ACCEPT_FORMATS}); concrete types without parameters.
         *
         * @param types the media types, in the order offered
         * @return this builder
         */
        public Builder acceptFormats(List<String> types) {
            v.acceptFormats = KeyValues.formats(ConfigKeys.ACCEPT_FORMATS, types);
            return this;
        }

        /**
         * How {@code @TrainedDictionary} methods train their dictionaries.
         *
         * @param settings the settings
         * @return this builder
         */
        public Builder training(Training settings) {
            v.training = Objects.requireNonNull(settings, "settings");
            return this;
        }

        /**
         * The configuration these settings make.
         *
         * @return the configuration
         * @throws IllegalArgumentException naming the key of settings that contradict each other
         */
        public CompressionConfig build() {
            if (v.autoFormats && !v.auto) {
                throw new IllegalArgumentException(ConfigKeys.AUTO_FORMATS + "=true chooses formats by cost, which "
                        + ConfigKeys.PREFERENCE + " turns off: start it with 'auto', or leave " + ConfigKeys.AUTO_FORMATS
                        + " off");
            }
            return new CompressionConfig(v.copy());
        }
    }

    /** The settings' values: a builder's, and each configuration's copy of them. */
    private static final class Values implements Cloneable {
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
