package org.restcompress.it;

import java.util.Map;

/**
 * TestApplication for streaming responses. Jersey holds the first 8 KB of every response to learn its length, and
 * ignores a flush until then, so a flushed event shorter than that never leaves the server while the resource holds
 * the rest back (identity or encoded alike). Jersey's documented remedy, its property
 * {@code jersey.config.server.contentLength.buffer=0}, is set here; RESTEasy ignores it. See
 * ResponseEncodingTest#aFlushedPartShorterThanTheRuntimesBuffer for the default.
 */
public class StreamingApplication extends TestApplication {

    public static final String JERSEY_CONTENT_LENGTH_BUFFER = "jersey.config.server.contentLength.buffer";

    @Override
    public Map<String, Object> getProperties() {
        return Map.of(JERSEY_CONTENT_LENGTH_BUFFER, 0);
    }
}
