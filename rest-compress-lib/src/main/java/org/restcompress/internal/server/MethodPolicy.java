package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.MediaTypes;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.codec.UnsupportedCodingException;
import org.restcompress.internal.negotiation.AcceptEncoding;
import org.restcompress.internal.negotiation.Choice;
import org.restcompress.internal.negotiation.EncodingChooser;

/** Everything one resource method needs to negotiate, encode and decode, resolved once at deployment. */
final class MethodPolicy {

    private final String name;
    private final List<String> offered;
    private final boolean uncompressed;
    private final CodecRegistry registry;
    private final EncodingChooser chooser;
    private final List<String> accepted;
    private final MediaTypes mediaTypes;
    private final BiPredicate<ContainerRequestContext, ContainerResponseContext> exclusion;
    private final int threshold;
    private final long maxDecodedSize;
    private final int maxCodings;
    private final int maxExpansionRatio;
    private final boolean debug;
    /**
     * Choices by {@code Accept-Encoding} value: clients send few distinct ones (each browser one), so negotiation
     * is a lookup on all but a client's first request. Bounded: past the bound, values are negotiated each time.
     */
    private final Map<String, Choice> choices = new ConcurrentHashMap<>();

    /**
     * @param name         the method, for logs
     * @param offered      its active codings for responses (none under {@code @Uncompressed})
     * @param uncompressed whether {@code @Uncompressed} keeps its responses unencoded
     */
    MethodPolicy(String name, List<String> offered, boolean uncompressed, CodecRegistry registry,
            CompressionConfig config, int threshold, long maxDecodedSize) {
        this.name = name;
        this.chooser = new EncodingChooser(config.preference());
        this.offered = chooser.byPreference(offered);
        this.uncompressed = uncompressed;
        this.registry = registry;
        this.accepted = chooser.byPreference(registry.encodingTokens());
        this.mediaTypes = new MediaTypes(config.excludedMediaTypes());
        this.exclusion = config.responseExclusion();
        this.threshold = threshold;
        this.maxDecodedSize = maxDecodedSize;
        this.maxCodings = config.maxCodings();
        this.maxExpansionRatio = config.maxExpansionRatio();
        this.debug = config.debug();
    }

    String name() {
        return name;
    }

    /** The codings this method offers, in server preference order. */
    List<String> offered() {
        return offered;
    }

    boolean uncompressed() {
        return uncompressed;
    }

    static final int MAX_REMEMBERED_CHOICES = 64;

    /** The negotiated response coding for these {@code Accept-Encoding} lines. */
    Choice choose(List<String> acceptEncoding) {
        if (acceptEncoding == null || acceptEncoding.size() != 1) {
            return negotiate(acceptEncoding);
        }
        String value = acceptEncoding.get(0);
        Choice known = choices.get(value);
        if (known != null) {
            return known;
        }
        Choice choice = negotiate(acceptEncoding);
        if (choices.size() < MAX_REMEMBERED_CHOICES && value.length() <= 256) {
            choices.putIfAbsent(value, choice);
        }
        return choice;
    }

    /** How many choices are remembered (for tests). */
    int rememberedChoices() {
        return choices.size();
    }

    private Choice negotiate(List<String> acceptEncoding) {
        return chooser.choose(offered, AcceptEncoding.parse(acceptEncoding, registry::canonical));
    }

    /**
     * The codecs that decode a request body with this {@code Content-Encoding}, in the order they were applied, or
     * the 415 ({@link jakarta.ws.rs.WebApplicationException}) that says why not.
     */
    List<ContentCodec> requestCodings(List<String> contentEncoding) {
        try {
            return registry.decoders(contentEncoding, maxCodings);
        } catch (UnsupportedCodingException e) {
            throw Problems.unsupportedCoding(e.getMessage(), accepted);
        }
    }

    ContentCodec codec(String token) {
        return registry.find(token).orElseThrow(() -> new IllegalStateException("no codec for " + token));
    }

    boolean isCompressible(MediaType type) {
        return mediaTypes.isCompressible(type);
    }

    boolean excludes(ContainerRequestContext request, ContainerResponseContext response) {
        return exclusion.test(request, response);
    }

    int threshold() {
        return threshold;
    }

    long maxDecodedSize() {
        return maxDecodedSize;
    }

    int maxExpansionRatio() {
        return maxExpansionRatio;
    }

    /** Whether responses carry the {@code Compression-Decision} header. */
    boolean debug() {
        return debug;
    }
}
