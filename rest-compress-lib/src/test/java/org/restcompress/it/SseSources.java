package org.restcompress.it;

import jakarta.ws.rs.sse.SseEventSource;

/** Closing a JAX-RS {@link SseEventSource} the same way on every client the suite runs on. */
final class SseSources {

    private SseSources() {
    }

    /**
     * Closes {@code source}, twice if need be. When the server ends a stream, CXF's source moves from OPEN to
     * CONNECTING to schedule its reconnect; a {@code close()} that reads OPEN and then finds CONNECTING throws
     * {@link IllegalStateException} ("not opened, but in CONNECTING state") instead of closing. The tests end their
     * streams, so one CI run in many lost that race. Called again, {@code close()} finds CONNECTING and closes.
     */
    static void close(SseEventSource source) {
        try {
            source.close();
        } catch (IllegalStateException raced) {
            source.close();
        }
    }
}
