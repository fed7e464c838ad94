package org.restcompress;

import java.util.List;

/**
 * The configuration keys and their defaults. Each key is read from the JAX-RS configuration property of that name,
 * else the system property, else its default; a malformed value fails the deployment with a message naming the key.
 * Sizes are a byte count or a number with a {@code K}, {@code M} or {@code G} suffix (powers of 1024).
 *
 * <table>
 * <caption>Keys</caption>
 * <tr><th>key</th><th>default</th></tr>
 * <tr><td>{@value #PREFERENCE}</td><td>{@code auto, zstd, lz4, lzf, br, gzip, deflate}: by cost where the link is
 * known</td></tr>
 * <tr><td>{@value #AUTO_LINK_SPEED}</td><td>{@code none}</td></tr>
 * <tr><td>{@value #AUTO_FORMATS}</td><td>{@code false}</td></tr>
 * <tr><td>{@value #ACCEPT_FORMATS}</td><td>none (client side)</td></tr>
 * <tr><td>{@value #DOWNLINK_HINT}</td><td>{@code when-asked} (client side)</td></tr>
 * <tr><td>{@value #THRESHOLD}</td><td>{@value #DEFAULT_THRESHOLD} bytes</td></tr>
 * <tr><td>{@value #EXCLUDED_MEDIA_TYPES}</td><td>images, audio, video, archives, fonts</td></tr>
 * <tr><td>{@value #MAX_DECODED_SIZE}</td><td>10M</td></tr>
 * <tr><td>{@value #MAX_CODINGS}</td><td>{@value #DEFAULT_MAX_CODINGS}</td></tr>
 * <tr><td>{@value #REQUEST_CODING}</td><td>{@code identity} (client side)</td></tr>
 * <tr><td>{@value #MAX_EXPANSION_RATIO}</td><td>0 (off)</td></tr>
 * <tr><td>{@value #DEBUG}</td><td>{@code false}</td></tr>
 * <tr><td>{@value #ENCODE_ONCE}</td><td>{@code never}</td></tr>
 * <tr><td>{@value #ENCODE_ONCE_MAX_BYTES}</td><td>32M</td></tr>
 * <tr><td>{@code restcompress.<coding>.<name>}</td><td>per codec, e.g. {@code restcompress.gzip.level=6}</td></tr>
 * <tr><td>{@value #DICTIONARY_STORE}</td><td>none (in memory)</td></tr>
 * <tr><td>{@value #DICTIONARY_STORE_MAX_BYTES}</td><td>32M</td></tr>
 * <tr><td>{@value #DICTIONARY_STORE_MAX_ENTRIES}</td><td>{@value #DEFAULT_DICTIONARY_STORE_MAX_ENTRIES}</td></tr>
 * <tr><td>{@value #DICTIONARY_MAX_SIZE}</td><td>1M</td></tr>
 * <tr><td>{@value #DICTIONARY_CROSS_ORIGIN}</td><td>{@code false}</td></tr>
 * <tr><td>{@value #DICTIONARY_PATH}</td><td>{@value #DEFAULT_DICTIONARY_PATH}</td></tr>
 * <tr><td>{@code restcompress.shared-dictionary.<name>}</td><td>none; e.g. {@code classpath:dictionaries/items.dict}
 * </td></tr>
 * <tr><td>{@value #TRAINING_SAMPLES}</td><td>{@value #DEFAULT_TRAINING_SAMPLES}</td></tr>
 * <tr><td>{@value #TRAINING_MIN_OCCURRENCES}</td><td>{@value #DEFAULT_TRAINING_MIN_OCCURRENCES}</td></tr>
 * <tr><td>{@value #TRAINING_DICTIONARY_SIZE}</td><td>16K</td></tr>
 * <tr><td>{@value #TRAINING_PERIOD}</td><td>{@code 1d}</td></tr>
 * <tr><td>{@value #TRAINING_VERSIONS}</td><td>{@value #DEFAULT_TRAINING_VERSIONS}</td></tr>
 * </table>
 */
public final class ConfigKeys {

    /** What every key starts with. */
    public static final String PREFIX = "restcompress.";
    /**
     * The server's order among codings the client values equally, most preferred first. Starting with
     * {@value #AUTO} (the default: {@code auto, zstd, lz4, lzf, br, gzip, deflate}; or {@code auto, zstd, gzip}):
     * link-aware. Where the client's link is known (its {@code Downlink} hint, which the server asks for with
     * {@code Accept-CH}), each response gets, among those codings and identity, the one expected to deliver it
     * soonest, from the codecs' speeds and ratios on this application's responses, the link's speed and the CPU's
     * load; where nothing is known, the listed order decides. A list without {@code auto} pins that order.
     */
    public static final String PREFERENCE = PREFIX + "preference";
    /** The {@value #PREFERENCE} token that chooses by cost. */
    public static final String AUTO = "auto";
    /**
     * Server side, with {@code preference=auto}: the link speed to assume for a client that sends no {@code Downlink}
     * hint, in bits per second with an optional {@code kbit}, {@code mbit} or {@code gbit} unit ({@code 1gbit});
     * then the server's own readings of its recent writes (to any client: behind a proxy they are the proxy's) refine
     * it. {@code none} (the default) assumes nothing: such clients get the listed order.
     */
    public static final String AUTO_LINK_SPEED = PREFIX + "auto.link-speed";
    /**
     * Server side, with {@code preference=auto}: whether a client that accepts several of a method's representations
     * equally (JSON, CBOR, Smile, MessagePack... at the same {@code q}) gets the one expected to be delivered and
     * parsed soonest over its link, from the method's measured sizes in each, and in the coding chosen with it among
     * those auto weighed; the decision names the format (and the coding chosen with it) and why.
     * Off by default: the runtime then breaks such ties by the server's {@code qs}.
     */
    public static final String AUTO_FORMATS = PREFIX + "auto.formats";
    /**
     * Client side: the formats this client has readers for ({@code application/json, application/cbor}), sent in
     * {@code Accept} at the same {@code q} where the application named no other, so that a server choosing formats by
     * cost may pick among them. Empty (the default): {@code Accept} is the application's.
     */
    public static final String ACCEPT_FORMATS = PREFIX + "accept-formats";
    /**
     * Client side: to whom requests say how fast that origin's earlier responses arrived (the {@code Downlink} client
     * hint, Mbit/s, rounded to two significant digits and 0.05), for servers that choose their coding by cost:
     * {@code when-asked} (the default: only origins that sent {@code Accept-CH: Downlink}, as browsers do),
     * {@code always} or {@code never}; {@code true} and {@code false} read as {@code always} and {@code never}.
     * Bodies of 16 KiB and more are timed.
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
     * Client side: the coding for request bodies ({@code identity}, the default, sends them as they are). Also a
     * per-request property of the same name, which overrides it for one request.
     */
    public static final String REQUEST_CODING = PREFIX + "request-coding";
    /**
     * Off (0) by default: a decoded body may not grow past this many times its coded size (after the first 64 KiB),
     * as httpd's DeflateInflateRatioLimit. JSON legitimately compresses 20:1 and more.
     */
    public static final String MAX_EXPANSION_RATIO = PREFIX + "max-expansion-ratio";
    /**
     * For development only: every response of an annotated method carries a {@value #DECISION_HEADER} header saying
     * whether it was encoded and why. It tells clients about the configuration, so never in production.
     */
    public static final String DEBUG = PREFIX + "debug";
    /**
     * Whether encoded bodies that repeat are kept and served again ({@link EncodeOnce}): {@code never} (the default),
     * {@code shared} (responses any client may be sent) or {@code always}. A method's
     * {@link Compressed#encodeOnce()} overrides it.
     */
    public static final String ENCODE_ONCE = PREFIX + "encode-once.mode";
    /**
     * The bytes kept for encoding once, bodies and their encoded forms together; least recently used go first. A
     * body over an eighth of it is never kept.
     */
    public static final String ENCODE_ONCE_MAX_BYTES = PREFIX + "encode-once.max-bytes";

    /**
     * Server side: the content bytes the in-memory dictionary store keeps at most: the responses of
     * {@link UseAsDictionary} methods, by SHA-256, for deltas against them (RFC 9842).
     */
    public static final String DICTIONARY_STORE_MAX_BYTES = PREFIX + "dictionary.store-max-bytes";
    /**
     * Server side: where responses sent as dictionaries are kept, when not in this process: a location such as
     * {@code redis://host:6379}, made by a {@link org.restcompress.dictionary.DictionaryStoreProvider} on the class
     * path (the {@code rest-compress-redis} module for Redis). Unset: in memory.
     */
    public static final String DICTIONARY_STORE = PREFIX + "dictionary.store";
    /** Server side: the responses the in-memory dictionary store keeps at most. */
    public static final String DICTIONARY_STORE_MAX_ENTRIES = PREFIX + "dictionary.store-max-entries";
    /**
     * The largest response kept as a dictionary (a longer one is sent, announced, but not kept: each response being
     * kept is copied in memory while it is written, up to this size). On a client, the largest dictionary it keeps.
     */
    public static final String DICTIONARY_MAX_SIZE = PREFIX + "dictionary.max-size";
    /**
     * Whether requests from other origins ({@code Sec-Fetch-Site} other than {@code same-origin} or {@code none}) may
     * get dictionary-compressed responses (RFC 9842 section 9.2). Off: another site's page could otherwise learn about
     * a response's content from the size of its delta.
     */
    public static final String DICTIONARY_CROSS_ORIGIN = PREFIX + "dictionary.cross-origin";
    /** The path, under the application's base, where shared dictionaries are served: {@code <path>/<sha-256>}. */
    public static final String DICTIONARY_PATH = PREFIX + "dictionary.path";
    /**
     * The prefix of a shared dictionary's key: {@code restcompress.shared-dictionary.<name>=<location>}, where the
     * location is {@code classpath:<resource>} or a file path.
     */
    public static final String SHARED_DICTIONARY_PREFIX = PREFIX + "shared-dictionary.";
    /**
     * {@code @TrainedDictionary}: the responses sampled before a dictionary is trained on them (8 to 2000; at most 16 KB
     * each and 8 MB in all, each of a URL of its own and with content of its own); until the first one, at most a
     * tenth of them per second.
     */
    public static final String TRAINING_SAMPLES = PREFIX + "training.samples";
    /**
     * {@code @TrainedDictionary}: a byte string goes into a trained dictionary, which every client may fetch, only if
     * at least this many distinct sampled responses hold it whole (2 to half of the samples; see SECURITY.md).
     */
    public static final String TRAINING_MIN_OCCURRENCES = PREFIX + "training.min-occurrences";
    /** {@code @TrainedDictionary}: the largest dictionary trained and published (1K to 1M). */
    public static final String TRAINING_DICTIONARY_SIZE = PREFIX + "training.dictionary-size";
    /**
     * {@code @TrainedDictionary}: a new dictionary is trained this long after the last one (on the responses sampled
     * since), or sooner when the current one's saving on live responses falls by a fifth; {@code 30m}, {@code 12h},
     * {@code 7d} (a minute to 365 days), or {@code none}: only when the saving falls.
     */
    public static final String TRAINING_PERIOD = PREFIX + "training.period";
    /**
     * {@code @TrainedDictionary}: the versions kept usable for clients that still hold them, the newest (the only
     * one announced) included.
     */
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
     * Measured (benchmarks/results/codecs.md, README "Codings"): zstd has the best ratio of the fast codings at
     * about their speed, best or near best from 10 Mbit/s to beyond 1 Gbit/s; lz4 compresses faster than lzf; br
     * compresses twice as fast as gzip at almost its ratio; gzip and deflate are the same deflate, but gzip is framed
     * one way only and checked by a CRC. Codings a registry lacks are skipped.
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
