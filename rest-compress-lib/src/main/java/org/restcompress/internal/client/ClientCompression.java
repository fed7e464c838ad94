package org.restcompress.internal.client;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.restcompress.CompressionConfig;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;

/** The client half of {@link org.restcompress.CompressionFeature}: what one client registration installs. */
public final class ClientCompression {

    private ClientCompression() {
    }

    public static void register(FeatureContext context, CompressionConfig config, CodecRegistry registry) {
        ClientCodecs codings = ClientCodecs.of(config, registry);
        OriginCodings servers = new OriginCodings();
        ClientLinks links = config.downlinkHint() ? new ClientLinks(config.downlinkHints()) : null;
        DictionaryExchange dictionaries = dictionaries(config, registry, codings);
        context.register(new AcceptEncodingFilter(codings.acceptEncoding(),
                dictionaries != null ? dictionaries.acceptEncoding() : null, links),
                Map.of(ClientRequestFilter.class, Priorities.HEADER_DECORATOR,
                        ClientResponseFilter.class, Priorities.HEADER_DECORATOR));
        // before the application's filters, which may set their own Accept
        context.register(new AcceptFormatsFilter(config.acceptFormats()), Priorities.HEADER_DECORATOR);
        if (dictionaries != null) {
            // after the Accept-Encoding filter, whose value it extends; before the application's response filters
            context.register(dictionaries, Map.of(ClientRequestFilter.class, Priorities.HEADER_DECORATOR + 1,
                    ClientResponseFilter.class, Priorities.HEADER_DECORATOR));
        }
        // after the application's request filters (USER), which may still set headers, properties or the entity
        context.register(new RequestCompression(codings, servers, dictionaries), Map.of(
                ClientRequestFilter.class, Priorities.USER + 1000,
                WriterInterceptor.class, Priorities.ENTITY_CODER));
        // before any other decoder (Jersey's EncodingFilter, RESTEasy's GZIPDecodingInterceptor, at ENTITY_CODER): it
        // removes Content-Encoding once it decodes, so no other decodes a body twice
        context.register(new ResponseDecompression(codings, dictionaries, links),
                Map.of(ReaderInterceptor.class, Priorities.ENTITY_CODER - 100));
        context.register(new UnsupportedCodingRetry(codings, servers, dictionaries),
                Map.of(ClientResponseFilter.class, UnsupportedCodingRetry.PRIORITY));
        if (appliesClientDynamicFeatures(context)) {
            context.register(new ProxyCodingBinder(codings));
        }
    }

    /** The dictionary side (RFC 9842) when this client has zstd or br to decode {@code dcz} or {@code dcb}. */
    private static DictionaryExchange dictionaries(CompressionConfig config, CodecRegistry registry,
            ClientCodecs codings) {
        List<String> formats = new ArrayList<>();
        for (DictionaryFormat format : DictionaryFormat.values()) {
            if (DictionaryCodec.over(format, registry.find(format.base()).orElse(null), hash -> null) != null) {
                formats.add(format.token());
            }
        }
        if (formats.isEmpty()) {
            return null;
        }
        return new DictionaryExchange(codings, new ClientDictionaries(config.dictionaryStoreMaxBytes(),
                config.dictionaryStoreMaxEntries()), formats);
    }

    /**
     * A dynamic feature is a server contract that RESTEasy also applies to its client proxies (and MicroProfile Rest
     * Client's). Jersey's client applies none (its WebResourceFactory proxies neither): it drops one registered
     * there with a warning, logged for every client built, so it is not registered on Jersey.
     */
    private static boolean appliesClientDynamicFeatures(FeatureContext context) {
        return !context.getConfiguration().getClass().getName().startsWith("org.glassfish.jersey.");
    }

    /**
     * A per-request setting: the request's property, else the client's configuration as it is now. CXF configures a
     * feature when it is registered, so a client property set after {@code register} reaches only this lookup.
     */
    static Object setting(ClientRequestContext request, String key) {
        Object own = request.getProperty(key);
        return own != null ? own : request.getConfiguration().getProperty(key);
    }
}
