package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Http;
import org.restcompress.observe.Decision;

/**
 * Server-Sent Events through the JAX-RS {@code SseEventSink} of an {@code @Compressed} method, encoded as on the other
 * runtimes: one stream whose context carries from event to event, each event decodable (by an independent decoder)
 * as it arrives, while the server holds the next one back. Quarkus REST runs no response filter or writer interceptor
 * for an event stream and writes each event to its Vert.x response itself; the library reaches that response through
 * its request filter ({@code QuarkusEvents}).
 */
@QuarkusTest
class EventStreamTest {

    @TestHTTPResource("/events")
    URI events;

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd"})
    @Timeout(60)
    void eventsArriveOneByOneEncoded(String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EventResource.gate = gate;
        HttpResponse<InputStream> response = Http.stream(
                Http.request(events, "Accept-Encoding", coding, "Accept", "text/event-stream").GET().build());
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse(null));
        assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse(null));
        assertEquals("Accept-Encoding", response.headers().firstValue("Vary").orElse(null));
        assertEquals(coding + "; reason=negotiated", response.headers().firstValue("Compression-Decision")
                .orElse(null));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(Http.decoder(coding, response.body()),
                StandardCharsets.UTF_8))) {
            assertEquals("event:tick\ndata:first event\n", event(lines));
            assertEquals(1, gate.getCount(), "the first event arrived while the server held the second back");
            gate.countDown();
            assertEquals("event:tick\ndata:second event\n", event(lines));
            assertNull(lines.readLine(), "the stream ended");
        }
    }

    /**
     * A client that leaves mid-stream, the method having returned before its first event: the encoder's state ends
     * (the stream's decision is published as it ends, with what went out), and the server goes on serving.
     */
    @Test
    @Timeout(60)
    void aClientLeavingMidStreamEndsTheEncoder() throws Exception {
        RecordingListener.EVENT_STREAMS.clear();
        HttpResponse<InputStream> response = Http.stream(Http.request(events.resolve("events/endless"),
                "Accept-Encoding", "zstd", "Accept", "text/event-stream").GET().build());
        assertEquals("zstd", response.headers().firstValue("Content-Encoding").orElse(null));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(Http.decoder("zstd", response.body()),
                StandardCharsets.UTF_8))) {
            assertEquals("event:tick\ndata:event 0\n", event(lines));
            assertEquals("event:tick\ndata:event 1\n", event(lines));
        } // closing the body ends the connection mid-stream
        Decision ended = RecordingListener.EVENT_STREAMS.poll(30, TimeUnit.SECONDS);
        assertNotNull(ended, "the stream's encoder ended when the client left");
        assertEquals("EventResource.endless", ended.method());
        assertEquals("zstd", ended.coding());
        assertTrue(ended.bytesIn() > 0, ended.toString());
        assertEquals(200, Http.get(events.resolve("coded/all"), "Accept-Encoding", "zstd").status());
    }

    /** A method that fails before its first event answers its error. */
    @Test
    void aStreamThatFailsBeforeItsFirstEventAnswersItsError() {
        Http.Reply reply = Http.get(events.resolve("events/refused"), "Accept-Encoding", "zstd",
                "Accept", "text/event-stream");
        assertEquals(409, reply.status());
        assertTrue(new String(reply.decoded(), StandardCharsets.UTF_8).startsWith("no events for you"),
                reply.header("Content-Encoding") + ": " + reply.body().length + " bytes");
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
