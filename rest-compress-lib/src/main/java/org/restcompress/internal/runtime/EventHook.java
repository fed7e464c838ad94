package org.restcompress.internal.runtime;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * Where a runtime writes an event stream past every Jakarta REST hook (CXF, Quarkus REST), the library's way in for one
 * request: armed by the request filter of an annotated event stream method, before the method runs, with the stream's
 * headers and encoder. Free of any runtime's types.
 */
public interface EventHook {

    /** Opens the encoder over the runtime's stream; the encoder's close ends the coding and that stream. */
    @FunctionalInterface
    interface Encoder {
        OutputStream open(OutputStream sink) throws IOException;
    }

    /**
     * Sets the event stream's {@code headers} now and, where {@code encoder} is not null, encodes its events: the
     * encoder opens with the first event and ends with the stream.
     *
     * @return false when the runtime's response could not be reached: nothing was set, the stream goes out as it is
     */
    boolean arm(Map<String, List<Object>> headers, Encoder encoder);
}
