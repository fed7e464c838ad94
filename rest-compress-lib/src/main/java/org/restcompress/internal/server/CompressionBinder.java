package org.restcompress.internal.server;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionOptions;
import org.restcompress.internal.MethodCodings;
import org.restcompress.internal.codec.CodecRegistry;

/**
 * Reads each resource method's coding annotations once, at deployment, and binds to an annotated method exactly one
 * negotiation filter, one response encoder and one request decoder, configured with that method's codings. Methods
 * without annotations are left untouched.
 */
public final class CompressionBinder implements DynamicFeature {

    /** Outside RESTEasy's own GZIPDecodingInterceptor (ENTITY_CODER), so a body is never decoded twice. */
    static final int DECODER_PRIORITY = Priorities.ENTITY_CODER - 100;
    /**
     * Response filters run in descending priority: this low number runs the encoder's filter after the application's
     * own (authentication at 1000 included), so that it sees their final {@code Vary}, {@code ETag} and
     * {@code Set-Cookie}. 1, not 0: Jersey takes a priority of 0 or less as "none given" and runs the filter at
     * {@code USER} (5000), before the application's header decorators.
     */
    static final int LAST_RESPONSE_FILTER = 1;

    private static final System.Logger LOG = System.getLogger(CompressionBinder.class.getName());

    private final CompressionConfig config;
    private final CodecRegistry registry;

    public CompressionBinder(CompressionConfig config, CodecRegistry registry) {
        this.config = config;
        this.registry = registry;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Method method = resource.getResourceMethod();
        if (method == null) {
            return;
        }
        Class<?> type = resource.getResourceClass();
        Optional<MethodCodings> declared = MethodCodings.of(type, method);
        if (declared.isEmpty()) {
            return;
        }
        MethodPolicy policy = policyFor(declared.get(), MethodCodings.options(type, method), method);
        context.register(new ExchangeFilter(policy), Map.of(ContainerRequestFilter.class, Priorities.ENTITY_CODER));
        context.register(new ResponseCompression(policy), Map.of(
                ContainerResponseFilter.class, LAST_RESPONSE_FILTER,
                WriterInterceptor.class, Priorities.ENTITY_CODER));
        context.register(new RequestDecompression(policy), Map.of(ReaderInterceptor.class, DECODER_PRIORITY));
    }

    private MethodPolicy policyFor(MethodCodings declared, Optional<CompressionOptions> options, Method method) {
        String name = method.getDeclaringClass().getSimpleName() + "." + method.getName();
        List<String> offered = declared.resolve(registry, config.preference(), token -> LOG.log(
                System.Logger.Level.WARNING, "rest-compress: " + method.getDeclaringClass().getName() + "."
                        + method.getName() + " offers coding '" + token + "', which is not active; skipped"));
        if (declared.uncompressed()) {
            offered = List.of(); // @Uncompressed: identity responses only; request bodies are still decoded
        }
        int threshold = options.map(CompressionOptions::threshold).filter(t -> t >= 0).orElse(config.threshold());
        long maxDecoded = options.map(CompressionOptions::maxDecodedSize).filter(m -> m >= 0)
                .orElse(config.maxDecodedSize());
        return new MethodPolicy(name, offered, declared.uncompressed(), registry, config, threshold, maxDecoded);
    }
}
