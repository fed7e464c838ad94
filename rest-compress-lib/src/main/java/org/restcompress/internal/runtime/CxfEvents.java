package org.restcompress.internal.runtime;

import java.util.function.Function;

/**
 * Apache CXF's event streams, as the Jakarta REST side finds them. CXF's {@code SseEventSink} writes each event past
 * every Jakarta REST hook, straight to the servlet response of the async context it starts, so the library reaches
 * them at the servlet level ({@link CxfEventsFilter}), whose hook for a request is among its properties (on CXF, the
 * servlet request's attributes). Free of servlet types: the Jakarta REST side loads it on every runtime.
 */
public final class CxfEvents {

    /** The request attribute that holds a request's hook. */
    static final String ATTRIBUTE = CxfEvents.class.getName();

    private CxfEvents() {
    }

    /** This request's hook, from its properties, or null where the filter did not run (every other runtime). */
    public static EventHook of(Function<String, Object> properties) {
        return properties.apply(ATTRIBUTE) instanceof EventHook hook ? hook : null;
    }

    /** Whether CXF's event sink is visible to {@code loader}: its event streams need the filter there. */
    public static boolean present(ClassLoader loader) {
        try {
            Class.forName("org.apache.cxf.jaxrs.sse.SseEventSinkImpl", false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }
}
