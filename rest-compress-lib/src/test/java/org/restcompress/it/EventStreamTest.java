package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.SseEventSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.it.Http.Reply;

/**
 * Events sent through the JAX-RS Sse API ({@code SseEventSink}) on a coding-annotated method, over real sockets on
 * the test runtime (RESTEasy, Jersey or CXF): encoded as one stream whose context carries from event to event, each event
 * decodable (by an independent decoder) before the next is sent, the coding ended when the stream is. Each runtime
 * through its own hook: on CXF, which writes events past every Jakarta REST hook, the library's servlet filter.
 */
class EventStreamTest {

    /** The coding a stream is sent in when the client asks for {@code coding}: that one, on every runtime. */
    private static String sent(String coding) {
        return coding;
    }

    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(EventApplication.class);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /** A method that fails before its first event answers its error, decodable in whatever coding it came. */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd"})
    void aStreamThatFailsBeforeItsFirstEventAnswersItsError(String coding) throws Exception {
        Reply reply = Http.get(server.uri("events/refused"), "Accept-Encoding", coding);
        assertEquals(409, reply.status());
        assertTrue(new String(reply.decoded(), StandardCharsets.UTF_8).startsWith("no events for you"),
                reply.header("Content-Encoding") + ": " + reply.body().length + " bytes");
        assertEquals(200, Http.get(server.uri("events/feed?count=1"), "Accept-Encoding", coding).status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "deflate", "lzf", "zstd", "br", "lz4"})
    @Timeout(60)
    void eachEventArrivesDecodableBeforeTheNextIsSent(String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EventResource.gate = gate;
        HttpResponse<InputStream> response = Http.stream(Http.request(server.uri("events/gated"),
                "Accept-Encoding", coding, "Accept", "text/event-stream").GET().build());
        assertEquals(200, response.statusCode());
        assertEquals(sent(coding), response.headers().firstValue("Content-Encoding").orElse(null));
        if (sent(coding) != null) {
            assertTrue(response.headers().firstValue("Vary").orElse("").contains("Accept-Encoding"));
        }
        assertNull(response.headers().firstValue("Content-Length").orElse(null), "no length for an event stream");
        try (InputStream decoded = Http.decoder(sent(coding), response.body());
                BufferedReader events = new BufferedReader(new InputStreamReader(decoded, StandardCharsets.UTF_8))) {
            assertEquals("data: first event", firstData(events));
            assertEquals(1, gate.getCount(), "the first event arrived while the second was held back");
            gate.countDown();
            assertEquals("data: second event", firstData(events));
            // the stream's end is the coding's end: the decoders check trailers and checksums (gzip, zstd, lz4)
            assertNull(drain(events), "nothing after the last event");
        }
    }

    /** 200 similar events of 290 bytes: context kept across events, the whole stream shrinks to a fraction. */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "deflate", "zstd", "br"})
    void similarEventsCostLittleOnceTheFirstIsSent(String coding) {
        Reply plain = Http.get(server.uri("events/feed?count=200"), "Accept-Encoding", "identity");
        Reply encoded = Http.get(server.uri("events/feed?count=200"), "Accept-Encoding", coding);
        assertEquals(sent(coding), encoded.header("Content-Encoding"));
        assertEquals(new String(plain.body(), StandardCharsets.UTF_8),
                new String(encoded.decoded(), StandardCharsets.UTF_8));
        assertTrue(plain.body().length > 200 * 250, "the events as they are: " + plain.body().length);
        if (sent(coding) == null) {
            return;
        }
        // Each event compressed on its own would keep over half its size; the context makes them a small fraction.
        assertTrue(encoded.body().length < plain.body().length / 5,
                coding + ": " + encoded.body().length + " of " + plain.body().length + " bytes");
    }

    @Test
    void aClientThatDoesNotAcceptTheCodingsGetsTheEventsAsTheyAre() {
        Reply reply = Http.get(server.uri("events/feed?count=3"), "Accept-Encoding", "identity");
        assertEquals(200, reply.status());
        assertNull(reply.header("Content-Encoding"));
        assertTrue(new String(reply.body(), StandardCharsets.UTF_8).contains("data: " + EventResource.event(2)));
    }

    @Test
    void aMethodWithoutACodingSendsItsEventsAsTheyAre() {
        Reply reply = Http.get(server.uri("events/plain"), "Accept-Encoding", "gzip, zstd");
        assertEquals(200, reply.status());
        assertNull(reply.header("Content-Encoding"));
        assertTrue(new String(reply.body(), StandardCharsets.UTF_8).contains("data: " + EventResource.event(0)));
    }

    /** A client that leaves mid-stream: the next send fails (the encoder ends with it), the server goes on. */
    @ParameterizedTest
    @ValueSource(strings = {"zstd", "gzip", "br"})
    @Timeout(60)
    void aClientLeavingMidStreamEndsTheStreamAndTheServerGoesOn(String coding) throws Exception {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        EventResource.endlessEnded = ended;
        HttpResponse<InputStream> response = Http.stream(Http.request(server.uri("events/endless"),
                "Accept-Encoding", coding).GET().build());
        assertEquals(sent(coding), response.headers().firstValue("Content-Encoding").orElse(null));
        try (InputStream body = response.body()) {
            BufferedReader events = new BufferedReader(new InputStreamReader(Http.decoder(sent(coding), body),
                    StandardCharsets.UTF_8));
            assertEquals("data: " + EventResource.event(0), firstData(events));
        } // the JDK client ends the connection: the response was not read to its end
        Throwable failure = ended.get(30, TimeUnit.SECONDS);
        assertNotNull(failure, "a send failed once the client had gone");
        Reply after = Http.get(server.uri("events/feed?count=2"), "Accept-Encoding", coding);
        assertEquals(200, after.status());
        assertTrue(new String(after.decoded(), StandardCharsets.UTF_8).contains(EventResource.event(1)));
    }

    /** The application's exclusion predicate, reading the response, asked about event streams too. */
    public static class ExcludingApplication extends EventApplication {
        @Override
        public Set<Class<?>> getClasses() {
            Set<Class<?>> classes = new HashSet<>(super.getClasses());
            classes.remove(CompressionFeature.class);
            return classes;
        }

        @Override
        public Set<Object> getSingletons() {
            // reads what a predicate reads: status, headers, media type (before the method ran on CXF and Quarkus)
            return Set.of(new CompressionFeature(CompressionConfig.builder().excludeResponses((request, response) ->
                    response.getStatus() != 200 || response.getHeaders().containsKey("Set-Cookie")
                            || "excluded".equals(request.getUriInfo().getQueryParameters().getFirst("mode"))
                            && MediaType.SERVER_SENT_EVENTS_TYPE.isCompatible(response.getMediaType())).build()));
        }
    }

    @Test
    void theExclusionPredicateIsAskedAboutEventStreams() throws Exception {
        try (TestServer excluding = TestServer.start(ExcludingApplication.class)) {
            Reply kept = Http.get(excluding.uri("events/feed?count=3"), "Accept-Encoding", "gzip");
            assertEquals("gzip", kept.header("Content-Encoding"));
            assertTrue(new String(kept.decoded(), StandardCharsets.UTF_8).contains(EventResource.event(2)));
            Reply excluded = Http.get(excluding.uri("events/feed?count=3&mode=excluded"), "Accept-Encoding", "gzip");
            assertEquals(200, excluded.status());
            assertNull(excluded.header("Content-Encoding"), "excluded: as it is");
            assertTrue(excluded.text().contains(EventResource.event(2)));
        }
    }

    /** The JAX-RS SseEventSource with the library's feature reads the stream event by event, in every coding. */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "deflate", "lzf", "zstd", "br", "lz4"})
    @Timeout(60)
    void sseEventSourceReadsEachEventAsItIsSent(String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        EventResource.gate = gate;
        Client client = ClientBuilder.newClient().register(new CompressionFeature(
                CompressionConfig.builder().preference(List.of(coding)).build()));
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        SseEventSource source = SseEventSource.target(client.target(server.uri("events/gated")))
                .reconnectingEvery(1, TimeUnit.HOURS).build();
        try {
            source.register(event -> events.add(event.readData()));
            source.open();
            assertEquals("first event", events.poll(20, TimeUnit.SECONDS));
            assertEquals(1, gate.getCount(), "delivered while the server held the second event back");
            gate.countDown();
            assertEquals("second event", events.poll(20, TimeUnit.SECONDS));
        } finally {
            SseSources.close(source);
            client.close();
        }
    }

    @Test
    void sseEventSourceReadsALongCompressedFeed() throws Exception {
        Client client = ClientBuilder.newClient().register(CompressionFeature.class);
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        SseEventSource source = SseEventSource.target(client.target(server.uri("events/feed?count=300")))
                .reconnectingEvery(1, TimeUnit.HOURS).build();
        try {
            source.register(event -> events.add(event.readData()));
            source.open();
            List<String> received = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                String event = events.poll(20, TimeUnit.SECONDS);
                assertNotNull(event, "event " + i);
                received.add(event);
            }
            for (int i = 0; i < 300; i++) {
                assertEquals(EventResource.event(i), received.get(i));
            }
        } finally {
            SseSources.close(source);
            client.close();
        }
    }

    private static String firstData(BufferedReader events) throws IOException {
        for (String line; (line = events.readLine()) != null; ) {
            if (line.startsWith("data:")) {
                return line;
            }
        }
        return null;
    }

    private static String drain(BufferedReader events) throws IOException {
        StringBuilder rest = new StringBuilder();
        for (String line; (line = events.readLine()) != null; ) {
            rest.append(line).append('\n');
        }
        return rest.toString().isBlank() ? null : rest.toString();
    }
}
