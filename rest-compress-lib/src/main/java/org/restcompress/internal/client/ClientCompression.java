package org.restcompress.internal.client;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.util.Map;
import org.restcompress.CompressionConfig;
import org.restcompress.internal.codec.CodecRegistry;

/** The client half of {@link org.restcompress.CompressionFeature}: what one client registration installs. */
public final class ClientCompression {

    private ClientCompression() {
    }

    public static void register(FeatureContext context, CompressionConfig config, CodecRegistry registry) {
        ClientCodecs codings = new ClientCodecs(config, registry);
        OriginCodings servers = new OriginCodings();
        context.register(new AcceptEncodingFilter(codings.acceptEncoding()),
                Map.of(ClientRequestFilter.class, Priorities.HEADER_DECORATOR));
        // after the application's request filters (USER), which may still set headers, properties or the entity
        context.register(new RequestCompression(codings, servers), Map.of(
                ClientRequestFilter.class, Priorities.USER + 1000,
                WriterInterceptor.class, Priorities.ENTITY_CODER));
        context.register(new ResponseDecompression(codings), Map.of(ReaderInterceptor.class, Priorities.ENTITY_CODER));
        context.register(new UnsupportedCodingRetry(codings, servers),
                Map.of(ClientResponseFilter.class, UnsupportedCodingRetry.PRIORITY));
        if (appliesClientDynamicFeatures(context)) {
            context.register(new ProxyCodingBinder(codings));
        }
    }

    /**
     * A dynamic feature is a server contract that RESTEasy also applies to its client proxies (and MicroProfile Rest
     * Client's). Jersey's client applies none (its WebResourceFactory proxies neither): it drops one registered
     * there with a warning, logged for every client built, so it is not registered on Jersey.
     */
    private static boolean appliesClientDynamicFeatures(FeatureContext context) {
        return !context.getConfiguration().getClass().getName().startsWith("org.glassfish.jersey.");
    }
}
