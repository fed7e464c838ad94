package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import jakarta.ws.rs.core.Application;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;
import org.restcompress.observe.RequestBody;

/**
 * What a listener and a Flight Recorder recording are told, over real HTTP: one decision per response, once its body
 * is done, with the sizes the client saw; one report per coded request body, decoded or refused with its status.
 */
class ObservationTest {

    static final BlockingQueue<Decision> DECISIONS = new LinkedBlockingQueue<>();
    static final BlockingQueue<RequestBody> BODIES = new LinkedBlockingQueue<>();

    /** Listeners from the builder: one that fails every time (it changes nothing), one that records. */
    public static class Observed extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            Set<Class<?>> classes = new HashSet<>(Set.of(CodingResource.class, EventResource.class,
                    JacksonJsonProvider.class));
            classes.addAll(TestRuntime.CURRENT.extraClasses());
            return classes;
        }

        @Override
        public Set<Object> getSingletons() {
            CompressionListener failing = new CompressionListener() {
                @Override
                public void responded(Decision decision) {
                    throw new IllegalStateException("a listener's own failure");
                }
            };
            CompressionListener recording = new CompressionListener() {
                @Override
                public void responded(Decision decision) {
                    DECISIONS.add(decision);
                }

                @Override
                public void requestBody(RequestBody body) {
                    BODIES.add(body);
                }
            };
            return Set.of(new CompressionFeature(CompressionConfig.builder().listener(failing).listener(recording)
                    .build()));
        }
    }

    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(Observed.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void clear() {
        DECISIONS.clear();
        BODIES.clear();
    }

    /** The one decision of the last response: told after the body is done, so shortly after the client has it. */
    private static Decision decision() throws InterruptedException {
        Decision decision = DECISIONS.poll(10, TimeUnit.SECONDS);
        assertNotNull(decision, "no decision was told");
        assertNull(DECISIONS.poll(200, TimeUnit.MILLISECONDS), "one decision per response");
        return decision;
    }

    private static RequestBody body() throws InterruptedException {
        RequestBody body = BODIES.poll(10, TimeUnit.SECONDS);
        assertNotNull(body, "no request body was told");
        assertNull(BODIES.poll(200, TimeUnit.MILLISECONDS), "one report per body");
        return body;
    }

    @Test
    void anEncodedResponseIsToldOnceWithTheBytesTheClientGot() throws Exception {
        Http.Reply reply = Http.get(server.uri("all"), "Accept-Encoding", "gzip");
        assertEquals("gzip", reply.header("Content-Encoding"));
        Decision decision = decision();
        assertEquals("CodingResource.all", decision.method());
        assertEquals("gzip", decision.coding());
        assertEquals(Reason.NEGOTIATED, decision.reason());
        assertEquals(CodingResource.JSON.length, decision.bytesIn());
        assertEquals(reply.body().length, decision.bytesOut());
        assertTrue(decision.encodeNanos() > 0, "the encoder was timed");
        assertNull(decision.dictionary());
    }

    @Test
    void responsesSentAsTheyAreAreToldWhy() throws Exception {
        assertNull(Http.get(server.uri("all")).header("Content-Encoding"));
        Decision none = decision();
        assertEquals(Decision.IDENTITY, none.coding());
        assertEquals(Reason.NO_ACCEPT_ENCODING, none.reason());
        assertEquals(CodingResource.JSON.length, none.bytesOut(), "told after its body, with the bytes sent");

        assertNull(Http.get(server.uri("small"), "Accept-Encoding", "gzip").header("Content-Encoding"));
        Decision small = decision();
        assertEquals(Reason.BELOW_THRESHOLD, small.reason());
        assertEquals(CodingResource.SMALL.length, small.bytesIn());
        assertEquals(CodingResource.SMALL.length, small.bytesOut());

        assertEquals(406, Http.get(server.uri("all"), "Accept-Encoding", "identity;q=0").status());
        assertEquals(Reason.NOT_ACCEPTABLE, decision().reason());

        Http.Reply head = Http.head(server.uri("all"), "Accept-Encoding", "gzip");
        assertEquals("gzip", head.header("Content-Encoding"));
        Decision headDecision = decision();
        assertEquals(Reason.HEAD, headDecision.reason());
        assertFalse(headDecision.isDone(), "HEAD has no body to count");

        assertEquals(200, Http.head(server.uri("small"), "Accept-Encoding", "gzip").status());
        Decision smallHead = decision();
        assertEquals(Reason.BELOW_THRESHOLD, smallHead.reason());
        assertFalse(smallHead.isDone(), "nothing went out: no sizes");
    }

    @Test
    void anEventStreamIsToldWhenItEndsWithItsEventsBytes() throws Exception {
        Http.Reply reply = Http.get(server.uri("events/feed?count=3"), "Accept-Encoding", "gzip");
        assertEquals(200, reply.status());
        assertEquals("gzip", reply.header("Content-Encoding"));
        Decision decision = decision();
        assertEquals("gzip", decision.coding());
        assertEquals(reply.body().length, decision.bytesOut());
        assertEquals(Http.decode("gzip", reply.body()).length, decision.bytesIn());
    }

    @Test
    void requestBodiesAreToldDecodedOrRefused() throws Exception {
        byte[] json = Bodies.json(20_000);
        byte[] gzip = gzip(json);
        assertEquals(200, Http.post(server.uri("echo"), gzip, "Content-Encoding", "gzip",
                "Content-Type", "application/json").status());
        RequestBody decoded = body();
        assertTrue(decoded.isDecoded());
        assertEquals("CodingResource.echo", decoded.method());
        assertEquals("gzip", decoded.coding());
        assertEquals(gzip.length, decoded.bytesIn());
        assertEquals(json.length, decoded.bytesOut());
        assertTrue(decoded.decodeNanos() >= 0);
        decision(); // the echo's own response

        assertEquals(400, Http.post(server.uri("echo"), Arrays.copyOf(gzip, gzip.length / 2), "Content-Encoding",
                "gzip", "Content-Type", "application/json").status());
        assertEquals(400, body().status());
        DECISIONS.clear();

        assertEquals(415, Http.post(server.uri("echo"), json, "Content-Encoding", "x-unheard-of",
                "Content-Type", "application/json").status());
        RequestBody unsupported = body();
        assertEquals(415, unsupported.status());
        assertEquals(RequestBody.UNSUPPORTED, unsupported.coding(), "the client's token is never repeated");
        DECISIONS.clear();

        // a method that reads the body as a stream: told once the body is released
        assertEquals(Integer.toString(json.length), Http.post(server.uri("count"), gzip, "Content-Encoding", "gzip",
                "Content-Type", "application/octet-stream").text());
        RequestBody streamed = body();
        assertEquals(json.length, streamed.bytesOut());
    }

    @Test
    void aFlightRecordingGetsOneEventPerResponseAndRequestBody() throws Exception {
        Path file = Files.createTempFile("restcompress", ".jfr");
        byte[] gzip = gzip(Bodies.json(5_000));
        Http.Reply reply;
        // the settings the library's jar carries, as a user passes them (settings=restcompress.jfc)
        jdk.jfr.Configuration settings;
        try (java.io.Reader jfc = new java.io.InputStreamReader(ObservationTest.class.getResourceAsStream(
                "/META-INF/restcompress/restcompress.jfc"), java.nio.charset.StandardCharsets.UTF_8)) {
            settings = jdk.jfr.Configuration.create(jfc);
        }
        try (Recording recording = new Recording(settings)) {
            recording.start();
            reply = Http.get(server.uri("all"), "Accept-Encoding", "gzip");
            assertEquals(200, Http.post(server.uri("echo"), gzip, "Content-Encoding", "gzip",
                    "Content-Type", "application/json").status());
            // told after the events were committed: once both are told, the recording has them
            assertNotNull(DECISIONS.poll(10, TimeUnit.SECONDS));
            assertNotNull(DECISIONS.poll(10, TimeUnit.SECONDS));
            body();
            recording.stop();
            recording.dump(file);
        }
        try {
            List<RecordedEvent> events = RecordingFile.readAllEvents(file);
            RecordedEvent response = events.stream()
                    .filter(e -> e.getEventType().getName().equals("org.restcompress.Response")
                            && "CodingResource.all".equals(e.getString("method"))).findFirst().orElseThrow();
            assertEquals("gzip", response.getString("coding"));
            assertEquals("negotiated", response.getString("reason"));
            assertEquals(CodingResource.JSON.length, response.getLong("bytesIn"));
            assertEquals(reply.body().length, response.getLong("bytesOut"));
            assertNull(response.getStackTrace(), "no stack traces: they cost, and say nothing here");
            RecordedEvent body = events.stream()
                    .filter(e -> e.getEventType().getName().equals("org.restcompress.RequestBody")).findFirst()
                    .orElseThrow();
            assertEquals("gzip", body.getString("coding"));
            assertEquals(0, body.getInt("status"));
            assertEquals(gzip.length, body.getLong("bytesIn"));
        } finally {
            Files.delete(file);
        }
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        }
        return out.toByteArray();
    }
}
