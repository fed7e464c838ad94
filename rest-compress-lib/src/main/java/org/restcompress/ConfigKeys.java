package org.restcompress;

import java.util.List;

/**
 * The configuration keys and their defaults. Each key is read from the JAX-RS configuration property of that name,
 * else the system property, else its default; a malformed value fails the deployment with a message naming the key.
 * Sizes are a byte count or a number with a {@code K}, {@code M} or {@code G} suffix (powers of 1024). Each key's
 * default, range and side are in the reference, {@code docs/configuration.md}, which a test holds to the code.
 */
public final class ConfigKeys {

    /** What every key starts with. */
    public static final String PREFIX = "restcompress.";
    /**
     * The server's order among codings the client values equally; starting with {@value #AUTO} (the default), chosen
     * by cost where the client's link is known ({@code Downlink}), else by the order listed.
     */
    public static final String PREFERENCE = PREFIX + "preference";
    /** The {@value #PREFERENCE} token that chooses by cost. */
    public static final String AUTO = "auto";
    /**
     * Server side, with {@value #AUTO}: the link speed assumed for a client that sends no {@code Downlink}
     * ({@code 100mbit}, {@code 1gbit}); {@code none} (the default): the listed order.
     */
    public static final String AUTO_LINK_SPEED = PREFIX + "auto.link-speed";
    /**
     * Server side, with {@value #AUTO}: among representations a client accepts equally, the one delivered and parsed
     * soonest. Off by default.
     */
    public static final String AUTO_FORMATS = PREFIX + "auto.formats";
    /** Client side: the formats offered in {@code Accept} at the same {@code q} where the application named none. */
    public static final String ACCEPT_FORMATS = PREFIX + "accept-formats";
    /**
     * Client side: to whom requests send {@code Downlink}: {@code when-asked} (the default), {@code always} or
     * {@code never}.
     */
    public static final String DOWNLINK_HINT = PREFIX + "downlink-hint";
    /** Bodies shorter than this many bytes are sent unencoded. */
    public static final String THRESHOLD = PREFIX + "threshold";
    /** Response media types never encoded, comma-separated, wildcards allowed. */
    public static final String EXCLUDED_MEDIA_TYPES = PREFIX + "excluded-media-types";
    /** The most bytes a coded body may decode to: beyond it a request gets 413, a client's response fails. */
    public static final String MAX_DECODED_SIZE = PREFIX + "max-decoded-size";
    /** The most content codings one body may stack (1 to 100). */
    public static final String MAX_CODINGS = PREFIX + "max-codings";
    /**
     * Client side: the coding for request bodies ({@code identity}, the default: none); also a per-request property.
     */
    public static final String REQUEST_CODING = PREFIX + "request-coding";
    /** The largest decoded/coded size ratio accepted (after the first 64 KiB); 0, the default, for none. */
    public static final String MAX_EXPANSION_RATIO = PREFIX + "max-expansion-ratio";
    /**
     * Development only: every response of an annotated method says how it was encoded and why, in
     * {@value #DECISION_HEADER}.
     */
    public static final String DEBUG = PREFIX + "debug";
    /**
     * Whether encoded bodies that repeat are kept and sent again ({@link EncodeOnce}): {@code never} (the default),
     * {@code shared} or {@code always}; a method's {@link Compressed#encodeOnce()} overrides it.
     */
    public static final String ENCODE_ONCE = PREFIX + "encode-once.mode";
    /** The bytes kept for encoding once, bodies and encoded forms together; a body over an eighth is not kept. */
    public static final String ENCODE_ONCE_MAX_BYTES = PREFIX + "encode-once.max-bytes";

    /** Server side: the content bytes the in-memory dictionary store keeps at most. */
    public static final String DICTIONARY_STORE_MAX_BYTES = PREFIX + "dictionary.store-max-bytes";
    /**
     * Server side: where dictionaries are kept when not in this process ({@code redis://host:6379}), made by a
     * {@link org.restcompress.dictionary.DictionaryStoreProvider}; unset: in memory.
     */
    public static final String DICTIONARY_STORE = PREFIX + "dictionary.store";
    /** Server side: the responses the in-memory dictionary store keeps at most. */
    public static final String DICTIONARY_STORE_MAX_ENTRIES = PREFIX + "dictionary.store-max-entries";
    /** The largest response kept as a dictionary (server), or dictionary kept (client). */
    public static final String DICTIONARY_MAX_SIZE = PREFIX + "dictionary.max-size";
    /** Whether cross-origin requests may get dictionary-compressed responses (RFC 9842 section 9.2); off by default. */
    public static final String DICTIONARY_CROSS_ORIGIN = PREFIX + "dictionary.cross-origin";
    /** The path, under the application's base, where shared dictionaries are served: {@code <path>/<sha-256>}. */
    public static final String DICTIONARY_PATH = PREFIX + "dictionary.path";
    /** A shared dictionary's key: {@code restcompress.shared-dictionary.<name>=classpath:<resource>} or a file path. */
    public static final String SHARED_DICTIONARY_PREFIX = PREFIX + "shared-dictionary.";
    /** {@code @TrainedDictionary}: the responses sampled before a dictionary is trained on them (8 to 2000). */
    public static final String TRAINING_SAMPLES = PREFIX + "training.samples";
    /**
     * {@code @TrainedDictionary}: the distinct sampled responses that must hold a byte string for it to go into
     * the dictionary, which every client may fetch (2 to half the samples; see SECURITY.md).
     */
    public static final String TRAINING_MIN_OCCURRENCES = PREFIX + "training.min-occurrences";
    /** {@code @TrainedDictionary}: the largest dictionary trained and published (1K to 1M). */
    public static final String TRAINING_DICTIONARY_SIZE = PREFIX + "training.dictionary-size";
    /**
     * {@code @TrainedDictionary}: how long after a training the next is due ({@code 12h}, {@code 7d}; sooner when the
     * saving on live responses falls by a fifth), or {@code none}: only then.
     */
    public static final String TRAINING_PERIOD = PREFIX + "training.period";
    /** {@code @TrainedDictionary}: the versions kept usable for clients that hold them, the newest included. */
    public static final String TRAINING_VERSIONS = PREFIX + "training.versions";

    /** The response header {@value #DEBUG} adds, for example {@code identity; reason=below-threshold; size=512}. */
    public static final String DECISION_HEADER = "Compression-Decision";

    /** Measured: see README, "Choosing the threshold". */
    public static final int DEFAULT_THRESHOLD = 1024;
    /** 10 MiB. */
    public static final long DEFAULT_MAX_DECODED_SIZE = 10L * 1024 * 1024;
    /** No real sender stacks more than two. */
    public static final int DEFAULT_MAX_CODINGS = 3;
    /**
     * The fixed order after {@value #AUTO}: zstd has the best ratio of the fast codings (benchmarks/results/codecs.md);
     * codings a registry lacks are skipped.
     */
    public static final List<String> DEFAULT_PREFERENCE = List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate");
    /** No link speed is assumed ({@value #AUTO_LINK_SPEED} {@code none}): 0. */
    public static final long DEFAULT_AUTO_LINK_SPEED = 0;
    /** 32 MiB. */
    public static final long DEFAULT_ENCODE_ONCE_MAX_BYTES = 32L * 1024 * 1024;
    /** 32 MiB. */
    public static final long DEFAULT_DICTIONARY_STORE_MAX_BYTES = 32L * 1024 * 1024;
    /** Responses kept as dictionaries, at most. */
    public static final int DEFAULT_DICTIONARY_STORE_MAX_ENTRIES = 1000;
    /** 1 MiB. */
    public static final long DEFAULT_DICTIONARY_MAX_SIZE = 1024 * 1024;
    /** The default of {@value #DICTIONARY_PATH}. */
    public static final String DEFAULT_DICTIONARY_PATH = "compression-dictionaries";
    /** The default of {@value #TRAINING_SAMPLES}. */
    public static final int DEFAULT_TRAINING_SAMPLES = 300;
    /** The default of {@value #TRAINING_MIN_OCCURRENCES}: K. */
    public static final int DEFAULT_TRAINING_MIN_OCCURRENCES = 5;
    /** 16 KiB. */
    public static final int DEFAULT_TRAINING_DICTIONARY_SIZE = 16 * 1024;
    /** A day. */
    public static final java.time.Duration DEFAULT_TRAINING_PERIOD = java.time.Duration.ofDays(1);
    /** The default of {@value #TRAINING_VERSIONS}. */
    public static final int DEFAULT_TRAINING_VERSIONS = 3;
    /** Already compressed; compressing again costs CPU and gains nothing. */
    public static final List<String> DEFAULT_EXCLUDED_MEDIA_TYPES = List.of(
            "image/*", "audio/*", "video/*", "font/woff", "font/woff2",
            "application/zip", "application/gzip", "application/x-gzip", "application/zstd",
            "application/x-bzip2", "application/x-xz", "application/x-7z-compressed", "application/vnd.rar",
            "application/x-rar-compressed", "application/x-compress", "application/java-archive");

    private ConfigKeys() {
    }

    /**
     * The key of one codec setting: {@code restcompress.<coding>.<name>}.
     *
     * @param coding the coding's token, {@code gzip}
     * @param name the setting's name, {@code level}
     * @return the key
     */
    public static String codecKey(String coding, String name) {
        return PREFIX + coding + "." + name;
    }
}
