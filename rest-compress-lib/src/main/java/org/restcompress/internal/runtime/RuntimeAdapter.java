package org.restcompress.internal.runtime;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.util.Map;
import org.restcompress.internal.lifecycle.Lifecycle;

/**
 * What differs between the Jakarta REST runtimes the server side runs on, chosen once per application at deployment
 * ({@link #detect}), so that the core names no runtime: how the binder and its filters are registered, what ends the
 * application's resources, where event streams are written, the response header quirks and whether a {@code HEAD}'s
 * body passes the writer interceptors. The default methods are plain Jakarta REST, which is what an unknown runtime
 * gets.
 */
public interface RuntimeAdapter {

    System.Logger LOG = System.getLogger(RuntimeAdapter.class.getName());

    /**
     * The adapter of the runtime configuring {@code context}: by its configuration's class, else by the classes
     * {@code loader} sees (a runtime that wraps another's configuration), else plain Jakarta REST.
     */
    static RuntimeAdapter detect(FeatureContext context, ClassLoader loader) {
        String configuration = context.getConfiguration().getClass().getName();
        RuntimeAdapter adapter;
        if (configuration.startsWith("org.glassfish.jersey.")) {
            adapter = new Jersey();
        } else if (configuration.startsWith("org.apache.cxf.")) {
            adapter = new Cxf();
        } else if (configuration.startsWith("org.jboss.resteasy.reactive.") || configuration.startsWith("io.quarkus.")
                || QuarkusEvents.present(loader)) {
            adapter = new Quarkus(loader);
        } else if (configuration.startsWith("org.jboss.resteasy.")) {
            adapter = new Resteasy();
        } else if (CxfEvents.present(loader)) {
            adapter = new Cxf();
        } else {
            adapter = new RuntimeAdapter() {
                @Override
                public String name() {
                    return "Jakarta REST";
                }
            };
        }
        LOG.log(System.Logger.Level.DEBUG, "rest-compress: runtime " + adapter.name() + " (" + configuration + ")");
        return adapter;
    }

    /** The runtime's name, for logs and tests. */
    String name();

    /**
     * Registers the binder that binds each annotated method; where the runtime did not take it (Quarkus REST applies
     * only the dynamic features it found at build time), it is kept for the feature to call.
     */
    default void register(FeatureContext context, DynamicFeature binder) {
        QuarkusRegistration.register(context, binder);
    }

    /**
     * Registers one object as a response filter and a writer interceptor, each at its own priority; twice, once per
     * contract, where the runtime takes one priority per registration (Quarkus REST throws, registering nothing).
     */
    default <T extends ContainerResponseFilter & WriterInterceptor> void register(FeatureContext context, T both,
            int filterPriority, int interceptorPriority) {
        try {
            context.register(both, Map.of(ContainerResponseFilter.class, filterPriority,
                    WriterInterceptor.class, interceptorPriority));
        } catch (UnsupportedOperationException onePriorityPerRegistration) {
            context.register((ContainerResponseFilter) both::filter, filterPriority);
            context.register((WriterInterceptor) both::aroundWriteTo, interceptorPriority);
        }
    }

    /**
     * Ends {@code lifecycle} when the runtime stops the application, where the runtime says so itself (in a WAR the
     * servlet context's end does it for every runtime).
     */
    default void endWithApplication(FeatureContext context, Lifecycle lifecycle) {
    }

    /** Whether event streams are written past every Jakarta REST hook, so that they are decided before the method. */
    default boolean armsEventStreams() {
        return false;
    }

    /** Where {@code request}'s event stream is written, for one armed before the method runs; or null. */
    default EventHook eventHook(ContainerRequestContext request) {
        return null;
    }

    /**
     * The event stream's output of a response the filter sees without entity, or null. RESTEasy's sink is found by
     * the response's own class, on any adapter: one that wraps RESTEasy's configuration still gets it.
     */
    default EventOutput events(ContainerResponseContext response) {
        return ResteasyEvents.of(response);
    }

    /** The header hooks of the response being written on this thread. */
    default ResponseHeaders headers() {
        return ResponseHeaders.NONE;
    }

    /** Whether the runtime passes a {@code HEAD}'s (discarded) body through the writer interceptors. */
    default boolean writesHeadBodies() {
        return true;
    }

    /** RESTEasy: event streams are written to its response's output stream, reached from the response filter. */
    final class Resteasy implements RuntimeAdapter {
        @Override
        public String name() {
            return "RESTEasy";
        }
    }

    /** Jersey: says when it shuts an application down, also the old one of a reload. */
    final class Jersey implements RuntimeAdapter {
        @Override
        public String name() {
            return "Jersey";
        }

        @Override
        public void endWithApplication(FeatureContext context, Lifecycle lifecycle) {
            JerseyHook.register(context, lifecycle);
        }
    }

    /** Apache CXF: event streams reached at the servlet level ({@link CxfEventsFilter}), armed before the method. */
    final class Cxf implements RuntimeAdapter {
        @Override
        public String name() {
            return "CXF";
        }

        @Override
        public boolean armsEventStreams() {
            return true;
        }

        @Override
        public EventHook eventHook(ContainerRequestContext request) {
            // request properties are the servlet request's attributes, where the filter left the hook
            return CxfEvents.of(request::getProperty);
        }
    }

    /**
     * Quarkus REST: event streams through its Vert.x response ({@link QuarkusEvents}), headers decided at the first
     * bytes and no writer for a {@code HEAD} ({@link QuarkusHeaders}); its rule for dynamic features is every
     * adapter's ({@link QuarkusRegistration}).
     */
    final class Quarkus implements RuntimeAdapter {
        private final QuarkusHeaders headers;

        Quarkus(ClassLoader loader) {
            this.headers = QuarkusHeaders.find(loader);
        }

        @Override
        public String name() {
            return "Quarkus REST";
        }

        @Override
        public boolean armsEventStreams() {
            return true;
        }

        @Override
        public EventHook eventHook(ContainerRequestContext request) {
            return QuarkusEvents.of(request);
        }

        @Override
        public ResponseHeaders headers() {
            return QuarkusHeaders.response(headers);
        }

        @Override
        public boolean writesHeadBodies() {
            return false;
        }
    }
}
