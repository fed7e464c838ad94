package org.restcompress.internal.runtime;

import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;

/**
 * Quarkus REST's registration rule for dynamic features: it drops one registered at run time (it applies only those
 * it found at build time, {@code CompressionFeature} among them), so the binder is left in a property for that
 * feature to call ({@link #bindUnregistered}).
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
}
