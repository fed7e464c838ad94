package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.restcompress.CompressionConfig;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.negotiation.AcceptEncoding;
import org.restcompress.internal.negotiation.Choice;
import org.restcompress.internal.negotiation.EncodingChooser;

/** Everything one resource method needs to negotiate, encode and decode, resolved once at deployment. */
final class MethodPolicy {

    private static final String CHOICE = MethodPolicy.class.getName() + ".choice";

    private final List<String> offered;
    private final CodecRegistry registry;
    private final CompressionConfig config;
    private final EncodingChooser chooser;
    private final int threshold;
    private final long maxDecodedSize;

    MethodPolicy(List<String> offered, CodecRegistry registry, CompressionConfig config, int threshold,
            long maxDecodedSize) {
        this.offered = List.copyOf(offered);
        this.registry = registry;
        this.config = config;
        this.chooser = new EncodingChooser(config.preference());
        this.threshold = threshold;
        this.maxDecodedSize = maxDecodedSize;
    }

    /** The codings this method offers, in server preference order. */
    List<String> offered() {
        return chooser.byPreference(offered);
    }

    /** This request's negotiated response coding, computed once and kept with the request. */
    Choice choiceFor(ContainerRequestContext request) {
        Object kept = request.getProperty(CHOICE);
        if (kept instanceof Choice) {
            return (Choice) kept;
        }
        AcceptEncoding accept = AcceptEncoding.parse(
                request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING), registry::canonical);
        Choice choice = chooser.choose(offered, accept);
        request.setProperty(CHOICE, choice);
        return choice;
    }

    ContentCodec codec(String token) {
        return registry.find(token).orElseThrow(() -> new IllegalStateException("no codec for " + token));
    }

    CodecRegistry registry() {
        return registry;
    }

    /** The codings request bodies may use, in preference order, for a 415's {@code Accept-Encoding}. */
    List<String> accepted() {
        return chooser.byPreference(registry.encodingTokens());
    }

    boolean isCompressible(MediaType type) {
        return config.isCompressible(type);
    }

    int threshold() {
        return threshold;
    }

    long maxDecodedSize() {
        return maxDecodedSize;
    }

    int maxCodings() {
        return config.maxCodings();
    }

    int maxExpansionRatio() {
        return config.maxExpansionRatio();
    }

    boolean excludes(ContainerRequestContext request, ContainerResponseContext response) {
        return config.excludes(request, response);
    }
}
