package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Http;

/**
 * Server-Sent Events through the JAX-RS {@code SseEventSink} of an {@code @Compressed} method. Runtime difference:
 * the library compresses such streams on RESTEasy and Jersey, but on Quarkus REST they go out unencoded. Quarkus REST
 * runs no response filters for an SSE method (its handler chain has none) and writes each event straight to its
 * Vert.x response, past the writer interceptors, so neither the library's filter (Vary, the decision header) nor its
 * encoder is ever called. The request filter does run: a client refusing identity still gets 406.
 */
@QuarkusTest
class EventStreamTest {

    @TestHTTPResource("/events")
    URI events;

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd"})
    @Timeout(60)
    void eventsArriveOneByOneUnencoded(String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EventResource.gate = gate;
        HttpResponse<InputStream> response = Http.stream(
                Http.request(events, "Accept-Encoding", coding, "Accept", "text/event-stream").GET().build());
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse(null));
        assertNull(response.headers().firstValue("Content-Encoding").orElse(null), "not encoded");
        assertNull(response.headers().firstValue("Vary").orElse(null), "the library's response filter never ran");
        assertNull(response.headers().firstValue("Compression-Decision").orElse(null));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(),
                StandardCharsets.UTF_8))) {
            assertEquals("event:tick\ndata:first event\n", event(lines));
            assertEquals(1, gate.getCount(), "the first event arrived while the server held the second back");
            gate.countDown();
            assertEquals("event:tick\ndata:second event\n", event(lines));
            assertNull(lines.readLine(), "the stream ended");
        }
    }

    @Test
    void aClientRefusingIdentityGets406() {
        Http.Reply reply = Http.get(events, "Accept-Encoding", "identity;q=0, *;q=0", "Accept", "text/event-stream");
        assertEquals(406, reply.status(), reply.text());
    }

    /** One event's lines, up to the blank line that ends it. */
    private static String event(BufferedReader lines) throws IOException {
        StringBuilder event = new StringBuilder();
        for (String line; (line = lines.readLine()) != null && !line.isEmpty(); ) {
            event.append(line).append('\n');
        }
        return event.toString();
    }
}
