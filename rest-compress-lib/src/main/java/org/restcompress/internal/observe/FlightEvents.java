package org.restcompress.internal.observe;

import org.restcompress.observe.Decision;
import org.restcompress.observe.RequestBody;

/**
 * The JDK Flight Recorder events, where the runtime has {@code jdk.jfr} (an optional module: a trimmed runtime
 * without it records nothing and fails nothing). Disabled unless a recording enables them
 * ({@code restcompress.jfc}).
 */
final class FlightEvents {

    private static final boolean AVAILABLE = available();

    private FlightEvents() {
    }

    private static boolean available() {
        try {
            return new ResponseEvent() != null;
        } catch (LinkageError noJfr) {
            return false;
        }
    }

    /** No recording was ever started: none can take events (a static read, nothing allocated). */
    private static boolean noRecorder() {
        return !jdk.jfr.FlightRecorder.isInitialized();
    }

    static boolean responsesEnabled() {
        return AVAILABLE && !noRecorder() && ResponseEvent.enabled();
    }

    static boolean requestsEnabled() {
        return AVAILABLE && !noRecorder() && RequestBodyEvent.enabled();
    }

    static void responded(Decision decision) {
        if (AVAILABLE && !noRecorder()) {
            ResponseEvent.commit(decision);
        }
    }

    static void encodeOnceKept(long bytes, int bodies) {
        if (AVAILABLE && !noRecorder()) {
            EncodeOnceEvent.commit(bytes, bodies);
        }
    }

    static void requestBody(RequestBody body) {
        if (AVAILABLE && !noRecorder()) {
            RequestBodyEvent.commit(body);
        }
    }
}
