package org.restcompress;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.negotiation.HeaderLists;

/**
 * The library's settings. Each is read from the JAX-RS configuration property of its key, else the system property,
 * else its default; a malformed value fails the deployment with a message naming the key. Sizes are a byte count or a
 * number with a {@code K}, {@code M} or {@code G} suffix (powers of 1024).
 *
 * <table>
 * <caption>Keys</caption>
 * <tr><th>key</th><th>default</th></tr>
 * <tr><td>{@value #PREFERENCE}</td><td>{@code zstd, lz4, lzf, br, gzip, deflate}</td></tr>
 * <tr><td>{@value #THRESHOLD}</td><td>{@value #DEFAULT_THRESHOLD} bytes</td></tr>
 * <tr><td>{@value #EXCLUDED_MEDIA_TYPES}</td><td>images, audio, video, archives, fonts</td></tr>
 * <tr><td>{@value #MAX_DECODED_SIZE}</td><td>10M</td></tr>
 * <tr><td>{@value #MAX_CODINGS}</td><td>{@value #DEFAULT_MAX_CODINGS}</td></tr>
 * <tr><td>{@value #REQUEST_CODING}</td><td>{@code identity} (client side)</td></tr>
 * <tr><td>{@value #MAX_EXPANSION_RATIO}</td><td>0 (off)</td></tr>
 * <tr><td>{@code restcompress.<coding>.<name>}</td><td>per codec, e.g. {@code restcompress.gzip.level=6}</td></tr>
 * </table>
 */
public final class CompressionConfig {

    public static final String PREFIX = "restcompress.";
    public static final String PREFERENCE = PREFIX + "preference";
    public static final String THRESHOLD = PREFIX + "threshold";
    public static final String EXCLUDED_MEDIA_TYPES = PREFIX + "excluded-media-types";
    public static final String MAX_DECODED_SIZE = PREFIX + "max-decoded-size";
    public static final String MAX_CODINGS = PREFIX + "max-codings";
    /**
     * Client side: the coding for request bodies ({@code identity}, the default, sends them as they are). Also a
     * per-request property of the same name, which overrides it for one request.
     */
    public static final String REQUEST_CODING = PREFIX + "request-coding";
    /**
     * Off (0) by default: a decoded body may not grow past this many times its coded size (after the first
     * {@value org.restcompress.internal.io.DecodingInputStream#RATIO_GRACE} bytes), as httpd's DeflateInflateRatioLimit. JSON
     * legitimately compresses 20:1 and more.
     */
    public static final String MAX_EXPANSION_RATIO = PREFIX + "max-expansion-ratio";

    /** Measured: see README, "Choosing the threshold". */
    public static final int DEFAULT_THRESHOLD = 1024;
    public static final long DEFAULT_MAX_DECODED_SIZE = 10L * 1024 * 1024;
    public static final int DEFAULT_MAX_CODINGS = 3;
    /**
     * Measured (benchmarks/results/codecs.md, README "Codings"): zstd has the best ratio of the fast codings at
     * about their speed, best or near best from 10 Mbit/s to beyond 1 Gbit/s; lz4 compresses faster than lzf; br
     * compresses twice as fast as gzip at almost its ratio; gzip and deflate are the same deflate, but gzip is framed
     * one way only and checked by a CRC. Codings a registry lacks are skipped.
     */
    public static final List<String> DEFAULT_PREFERENCE = List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate");
    /** Already compressed; compressing again costs CPU and gains nothing. */
    public static final List<String> DEFAULT_EXCLUDED_MEDIA_TYPES = List.of(
            "image/*", "audio/*", "video/*", "font/woff", "font/woff2",
            "application/zip", "application/gzip", "application/x-gzip", "application/zstd",
            "application/x-bzip2", "application/x-xz", "application/x-7z-compressed", "application/vnd.rar",
            "application/x-rar-compressed", "application/x-compress", "application/java-archive");

    private final List<String> preference;
    private final int threshold;
    private final List<MediaType> excludedMediaTypes;
    private final long maxDecodedSize;
    private final int maxCodings;
    private final String requestCoding;
    private final int maxExpansionRatio;
    private final BiPredicate<ContainerRequestContext, ContainerResponseContext> excludeResponse;
    private final Function<String, Object> source;

    private CompressionConfig(Builder b) {
        this.preference = List.copyOf(b.preference);
        this.threshold = b.threshold;
        this.excludedMediaTypes = List.copyOf(b.excludedMediaTypes);
        this.maxDecodedSize = b.maxDecodedSize;
        this.maxCodings = b.maxCodings;
        this.requestCoding = b.requestCoding;
        this.maxExpansionRatio = b.maxExpansionRatio;
        this.excludeResponse = b.excludeResponse;
        this.source = b.source;
    }

    /** Every setting at its default (system properties ignored). */
    public static CompressionConfig defaults() {
        return builder().build();
    }

    /** Reads every setting from {@code properties} (e.g. {@code Configuration::getProperty}), then system properties. */
    public static CompressionConfig from(Function<String, Object> properties) {
        Function<String, Object> lookup = key -> {
            Object value = properties.apply(key);
            return value != null ? value : System.getProperty(key);
        };
        Builder b = builder();
        b.source = lookup;
        string(lookup, PREFERENCE).ifPresent(v -> b.preference(list(v)));
        string(lookup, THRESHOLD).ifPresent(v -> b.threshold((int) Math.min(Integer.MAX_VALUE, size(THRESHOLD, v))));
        string(lookup, EXCLUDED_MEDIA_TYPES).ifPresent(v -> b.excludedMediaTypes(list(v)));
        string(lookup, MAX_DECODED_SIZE).ifPresent(v -> b.maxDecodedSize(size(MAX_DECODED_SIZE, v)));
        string(lookup, MAX_CODINGS).ifPresent(v -> b.maxCodings((int) Math.min(100, size(MAX_CODINGS, v))));
        string(lookup, REQUEST_CODING).ifPresent(b::requestCoding);
        string(lookup, MAX_EXPANSION_RATIO).ifPresent(
                v -> b.maxExpansionRatio((int) Math.min(Integer.MAX_VALUE, size(MAX_EXPANSION_RATIO, v))));
        return b.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Server preference among codings the client values equally, most preferred first. */
    public List<String> preference() {
        return preference;
    }

    /** Bodies shorter than this many bytes go out unencoded (unless the client refuses identity). */
    public int threshold() {
        return threshold;
    }

    public List<MediaType> excludedMediaTypes() {
        return excludedMediaTypes;
    }

    /** The most bytes a coded request body may decode to; beyond it the answer is 413. */
    public long maxDecodedSize() {
        return maxDecodedSize;
    }

    /** The most content codings one request body may stack. */
    public int maxCodings() {
        return maxCodings;
    }

    /** The largest decoded/coded size ratio accepted, 0 for no ratio limit. */
    public int maxExpansionRatio() {
        return maxExpansionRatio;
    }

    /** Whether the application's predicate keeps this response unencoded (for BREACH: see {@link Uncompressed}). */
    public boolean excludes(ContainerRequestContext request, ContainerResponseContext response) {
        return excludeResponse.test(request, response);
    }

    /** Client side: the coding for request bodies, {@code identity} for none. */
    public String requestCoding() {
        return requestCoding;
    }

    /**
     * Whether a body of this type is worth compressing: not when it matches an excluded type, except for structured
     * syntaxes {@code +json} and {@code +xml} (such as {@code image/svg+xml}), which are text.
     */
    public boolean isCompressible(MediaType type) {
        if (type == null) {
            return true;
        }
        String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
        if (subtype.endsWith("+json") || subtype.endsWith("+xml")) {
            return true;
        }
        for (MediaType excluded : excludedMediaTypes) {
            if (excluded.isCompatible(type)) {
                return false;
            }
        }
        return true;
    }

    /** The {@code restcompress.<coding>.*} settings of one coding. */
    public CodecOptions codecOptions(String coding) {
        return name -> string(source, PREFIX + coding + "." + name);
    }

    @Override
    public String toString() {
        return "CompressionConfig[preference=" + preference + ", threshold=" + threshold + ", excluded="
                + excludedMediaTypes + ", maxDecodedSize=" + maxDecodedSize + ", maxCodings=" + maxCodings
                + ", requestCoding=" + requestCoding + "]";
    }

    private static Optional<String> string(Function<String, Object> lookup, String key) {
        Object value = lookup.apply(key);
        return value == null ? Optional.empty() : Optional.of(value.toString().trim());
    }

    private static List<String> list(String value) {
        List<String> members = new ArrayList<>();
        for (String member : HeaderLists.members(List.of(value))) {
            members.add(member.toLowerCase(Locale.ROOT));
        }
        return members;
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

    /** Programmatic configuration, e.g. {@code new CompressionFeature(CompressionConfig.builder().threshold(0).build())}. */
    public static final class Builder {
        private List<String> preference = DEFAULT_PREFERENCE;
        private int threshold = DEFAULT_THRESHOLD;
        private List<MediaType> excludedMediaTypes = parseTypes(DEFAULT_EXCLUDED_MEDIA_TYPES);
        private long maxDecodedSize = DEFAULT_MAX_DECODED_SIZE;
        private int maxCodings = DEFAULT_MAX_CODINGS;
        private String requestCoding = "identity";
        private int maxExpansionRatio;
        private BiPredicate<ContainerRequestContext, ContainerResponseContext> excludeResponse = (q, r) -> false;
        private Function<String, Object> source = key -> null;

        private Builder() {
        }

        public Builder preference(List<String> codings) {
            List<String> lower = new ArrayList<>();
            for (String coding : codings) {
                lower.add(coding.trim().toLowerCase(Locale.ROOT));
            }
            this.preference = lower;
            return this;
        }

        public Builder threshold(int bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException(THRESHOLD + " must not be negative, was " + bytes);
            }
            this.threshold = bytes;
            return this;
        }

        public Builder excludedMediaTypes(List<String> types) {
            this.excludedMediaTypes = parseTypes(types);
            return this;
        }

        public Builder maxDecodedSize(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException(MAX_DECODED_SIZE + " must not be negative, was " + bytes);
            }
            this.maxDecodedSize = bytes;
            return this;
        }

        public Builder maxCodings(int codings) {
            if (codings < 1) {
                throw new IllegalArgumentException(MAX_CODINGS + " must be at least 1, was " + codings);
            }
            this.maxCodings = codings;
            return this;
        }

        /** Client side: compress request bodies with this coding ({@code identity}: do not). */
        public Builder requestCoding(String coding) {
            String token = coding.trim().toLowerCase(Locale.ROOT);
            if (!HeaderLists.isToken(token)) {
                throw new IllegalArgumentException(REQUEST_CODING + " must be a coding token, was '" + coding + "'");
            }
            this.requestCoding = token;
            return this;
        }

        /** Decoded bodies may not grow past {@code ratio} times their coded size; 0 turns the check off. */
        public Builder maxExpansionRatio(int ratio) {
            if (ratio < 0) {
                throw new IllegalArgumentException(MAX_EXPANSION_RATIO + " must not be negative, was " + ratio);
            }
            this.maxExpansionRatio = ratio;
            return this;
        }

        /**
         * Responses for which {@code predicate} holds are sent unencoded, decided per response after the resource
         * method ran: for example those that set a session cookie, or carry a CSRF token (BREACH). The exclusion
         * wins even over a client that refuses identity: such a response still goes out unencoded.
         */
        public Builder excludeResponses(BiPredicate<ContainerRequestContext, ContainerResponseContext> predicate) {
            this.excludeResponse = Objects.requireNonNull(predicate, "predicate");
            return this;
        }

        /** Where {@code restcompress.<coding>.*} codec settings are looked up. */
        public Builder codecSettings(Function<String, Object> lookup) {
            this.source = Objects.requireNonNull(lookup, "lookup");
            return this;
        }

        public CompressionConfig build() {
            return new CompressionConfig(this);
        }

        private static List<MediaType> parseTypes(List<String> types) {
            List<MediaType> parsed = new ArrayList<>();
            for (String type : types) {
                try {
                    parsed.add(MediaType.valueOf(type.trim()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            EXCLUDED_MEDIA_TYPES + " has a malformed media type '" + type + "'", e);
                }
            }
            return parsed;
        }
    }
}
