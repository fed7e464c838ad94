package org.restcompress.internal.runtime;

import jakarta.ws.rs.container.ContainerResponseContext;
import java.io.OutputStream;
import java.lang.reflect.Method;

/**
 * RESTEasy's hook for event streams, reached by reflection (the library has no RESTEasy dependency): an
 * {@code SseEventSink} writes its events to the {@code HttpResponse}'s output stream, which {@code setOutputStream}
 * replaces while the response's headers are filtered, before the first byte. The sink itself is out of reach: the
 * first event is often sent from the application's own thread, where RESTEasy's context data is empty; so the end of
 * the stream is read from RESTEasy's writes ({@link EventStream}). Tested with RESTEasy 6.2 and 7.0; anything else
 * (another runtime, a RESTEasy without these methods) finds no hook, and its events go out unencoded.
 */
public final class ResteasyEvents implements EventOutput {

    private static final System.Logger LOG = System.getLogger(ResteasyEvents.class.getName());
    private static final String PREFIX = "org.jboss.resteasy.";

    private final Object httpResponse;
    private final Method getOutput;
    private final Method setOutput;

    private ResteasyEvents(Object httpResponse, Method getOutput, Method setOutput) {
        this.httpResponse = httpResponse;
        this.getOutput = getOutput;
        this.setOutput = setOutput;
    }

    /** The hook for an event stream's response on RESTEasy, or null. */
    public static ResteasyEvents of(ContainerResponseContext response) {
        Class<?> type = response.getClass();
        if (!type.getName().startsWith(PREFIX)) {
            return null;
        }
        try {
            Class<?> http = Class.forName(PREFIX + "spi.HttpResponse", false, type.getClassLoader());
            Object httpResponse = type.getMethod("getHttpResponse").invoke(response);
            return new ResteasyEvents(http.cast(httpResponse), http.getMethod("getOutputStream"),
                    http.getMethod("setOutputStream", OutputStream.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: no RESTEasy event stream hook here: " + e);
            return null;
        }
    }

    @Override
    public OutputStream output() {
        return (OutputStream) call(getOutput);
    }

    @Override
    public void output(OutputStream stream) {
        call(setOutput, stream);
    }

    private Object call(Method method, Object... arguments) {
        try {
            return method.invoke(httpResponse, arguments);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("RESTEasy's " + method.getName() + " failed", e);
        }
    }
}
