package org.restcompress.internal.runtime;

import jakarta.ws.rs.core.FeatureContext;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import org.restcompress.internal.lifecycle.Lifecycle;

/**
 * For Jersey: ends a lifecycle when Jersey shuts its application down, also the old one of a reload (its
 * {@code ContainerLifecycleListener}, which Jersey calls on every container, servlet or not). A proxy, so that the
 * library needs no Jersey classes where Jersey is absent.
 */
final class JerseyHook {

    private static final String LISTENER = "org.glassfish.jersey.server.spi.ContainerLifecycleListener";

    private JerseyHook() {
    }

    /** Registers the listener where {@code context} is Jersey's; elsewhere does nothing. */
    static void register(FeatureContext context, Lifecycle lifecycle) {
        Class<?> configuration = context.getConfiguration().getClass();
        if (!configuration.getName().startsWith("org.glassfish.jersey.")) {
            return;
        }
        Class<?> listener;
        try {
            listener = Class.forName(LISTENER, false, configuration.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return; // Jersey's client: no server module, no server to stop
        }
        InvocationHandler handler = (proxy, method, args) -> {
            switch (method.getName()) {
                case "onShutdown": // also the old application's, on a reload (onReload is the new one's start)
                    lifecycle.close();
                    return null;
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                case "toString":
                    return "rest-compress lifecycle for Jersey";
                default:
                    return null;
            }
        };
        context.register(Proxy.newProxyInstance(listener.getClassLoader(), new Class<?>[] {listener}, handler));
    }
}
