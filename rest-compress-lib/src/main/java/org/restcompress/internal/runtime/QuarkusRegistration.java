package org.restcompress.internal.runtime;

import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.util.Map;

/**
 * Quarkus REST's two registration rules. It drops a dynamic feature registered at run time (it applies only those it
 * found at build time, {@code CompressionFeature} among them), so the binder is left in a property for that feature
 * to call ({@link #bindUnregistered}). And it takes one priority per registration, throwing (before registering
 * anything) when given one per contract, so a class that is both a response filter and a writer interceptor is
 * registered twice, once per contract ({@link #register}).
 */
public final class QuarkusRegistration {

    private static final String UNREGISTERED = QuarkusRegistration.class.getName() + ".unregistered";

    private QuarkusRegistration() {
    }

    /** Registers {@code binder}; where the runtime did not take it, keeps it for {@link #bindUnregistered}. */
    public static void register(FeatureContext context, DynamicFeature binder) {
        context.register(binder);
        if (!context.getConfiguration().isRegistered(binder)) {
            context.property(UNREGISTERED, binder);
        }
    }

    /** Binds {@code resource} through the binder the runtime did not take from {@link #register}, if any. */
    public static void bindUnregistered(ResourceInfo resource, FeatureContext context) {
        Object binder = context.getConfiguration().getProperty(UNREGISTERED);
        if (binder instanceof DynamicFeature) {
            ((DynamicFeature) binder).configure(resource, context);
        }
    }

    /** Registers one object as a response filter and a writer interceptor, each at its own priority. */
    public static <T extends ContainerResponseFilter & WriterInterceptor> void register(FeatureContext context,
            T both, int filterPriority, int interceptorPriority) {
        try {
            context.register(both, Map.of(ContainerResponseFilter.class, filterPriority,
                    WriterInterceptor.class, interceptorPriority));
        } catch (UnsupportedOperationException onePriorityPerRegistration) {
            context.register((ContainerResponseFilter) both::filter, filterPriority);
            context.register((WriterInterceptor) both::aroundWriteTo, interceptorPriority);
        }
    }
}
