package org.restcompress.internal.observe;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.BiConsumer;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;
import org.restcompress.observe.RequestBody;

/**
 * The one place a finished {@link Decision} or {@link RequestBody} goes: the debug log line, the JDK Flight Recorder
 * event, the application's listeners. One per application. Whether anyone observes is asked before a body is timed
 * ({@link #observed()}): with no listener, no recording and no debug logging, nothing is timed or built.
 */
public final class Observation {

    /** The decisions' logger: each response at DEBUG, what auto learns at TRACE. */
    public static final System.Logger DECISIONS = System.getLogger("org.restcompress.decision");
    private static final System.Logger LOG = DECISIONS;

    /** Nobody listens: the log line and JFR only. */
    public static final Observation NONE = new Observation(List.of());

    private final CompressionListener[] listeners;

    private Observation(List<CompressionListener> listeners) {
        this.listeners = listeners.toArray(new CompressionListener[0]);
    }

    /**
     * The listeners configured ({@code configured}) and those {@code loader} finds as services, in that order. A
     * service that cannot be loaded fails the deployment, naming it: a listener silently missing would show no
     * traffic.
     */
    public static Observation of(List<CompressionListener> configured, ClassLoader loader) {
        List<CompressionListener> all = new ArrayList<>(configured);
        try {
            for (CompressionListener listener : ServiceLoader.load(CompressionListener.class, loader)) {
                all.add(listener);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("rest-compress: a CompressionListener service could not be loaded: "
                    + e.getMessage(), e);
        }
        return all.isEmpty() ? NONE : new Observation(all);
    }

    /**
     * Whether anyone is told of responses (a listener, a recording, the debug log), so that their sizes and encoding
     * time are wanted: asked before anything is built for them.
     */
    public boolean observed() {
        return listeners.length > 0 || FlightEvents.responsesEnabled() || LOG.isLoggable(System.Logger.Level.DEBUG);
    }

    /** Whether a request body's sizes and decoding time are wanted. */
    public boolean observesRequests() {
        return listeners.length > 0 || FlightEvents.requestsEnabled() || LOG.isLoggable(System.Logger.Level.DEBUG);
    }

    /** A response is done (or, without a body to wait for, decided). */
    public void responded(Decision decision) {
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: " + decision);
        }
        FlightEvents.responded(decision);
        tell(CompressionListener::responded, decision);
    }

    /** A coded request body was decoded or refused. */
    public void requestBody(RequestBody body) {
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: " + body);
        }
        FlightEvents.requestBody(body);
        tell(CompressionListener::requestBody, body);
    }

    /** What encoding once keeps changed. */
    public void encodeOnceKept(long bytes, int bodies) {
        FlightEvents.encodeOnceKept(bytes, bodies);
        tell((listener, none) -> listener.encodeOnceKept(bytes, bodies), null); // rare: a capturing call is fine
    }

    /** Tells each listener; one that fails is logged, and neither the response nor the other listeners suffer. */
    private <T> void tell(BiConsumer<CompressionListener, T> call, T event) {
        for (CompressionListener listener : listeners) {
            try {
                call.accept(listener, event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: listener " + listener.getClass().getName()
                        + " failed; the response is unchanged", e);
            }
        }
    }
}
