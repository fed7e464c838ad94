package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http.Reply;
import org.restcompress.observe.Decision;

/**
 * Encoding once over real HTTP: a body that repeats is sent as kept, only for the very same bytes, never where the
 * response is private, and stronger once it is served again; every body decoded by an independent decoder.
 */
class EncodeOnceTest {

    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(EncodeOnceApplication.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** The body, three times: encoded (seen once), encoded and kept (seen again), then sent as kept. */
    private static List<Reply> thrice(String path, String coding, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Accept-Encoding";
        all[1] = coding;
        System.arraycopy(headers, 0, all, 2, headers.length);
        return List.of(Http.get(server.uri(path), all), Http.get(server.uri(path), all),
                Http.get(server.uri(path), all));
    }

    private static String decision(Reply reply) {
        return reply.header("Compression-Decision");
    }

    @Test
    void aBodyThatRepeatsIsEncodedOnceThenSentAsKept() {
        for (String coding : List.of("gzip", "zstd", "br", "lzf", "lz4", "deflate")) {
            List<Reply> replies = thrice("once/shared/body", coding);
            for (Reply reply : replies) {
                assertEquals(200, reply.status());
                assertEquals(coding, reply.header("Content-Encoding"));
                assertArrayEquals(EncodeOnceResource.BODY, Http.decode(coding, reply.body()), coding);
            }
            Reply hit = replies.get(2);
            assertTrue(decision(hit).endsWith("reuse=hit"), coding + ": " + decision(hit));
            assertEquals(Integer.toString(hit.body().length), hit.header("Content-Length"),
                    "a kept form's length is known before it is sent");
        }
    }

    @Test
    void aClassSaysItForItsMethodsThatNameTheirCodings() {
        assertTrue(decision(thrice("once-class", "gzip").get(2)).endsWith("reuse=hit"));
    }

    @Test
    void writersThatCopyOrWriteInPiecesAreKeptToo() {
        for (String path : List.of("once/text", "once/object")) {
            List<Reply> replies = thrice(path, "gzip");
            assertTrue(decision(replies.get(2)).endsWith("reuse=hit"), path + ": " + decision(replies.get(2)));
            assertArrayEquals(replies.get(0).decoded(), replies.get(2).decoded(), path);
        }
    }

    @Test
    void aBodyBehindTheSameFingerprintIsNeverTakenForAKeptOne() {
        assertTrue(decision(thrice("once/shared/body", "zstd").get(2)).endsWith("reuse=hit"));
        Reply twin = Http.get(server.uri("once/shared/twin"), "Accept-Encoding", "zstd");
        assertFalse(java.util.Arrays.equals(EncodeOnceResource.BODY, EncodeOnceResource.TWIN));
        assertArrayEquals(EncodeOnceResource.TWIN, Http.decode("zstd", twin.body()), "the twin's own bytes");
        assertTrue(decision(twin).endsWith("reuse=miss"), decision(twin));
        assertTrue(decision(Http.get(server.uri("once/shared/body"), "Accept-Encoding", "zstd"))
                .endsWith("reuse=hit"), "the kept body stays");
    }

    @Test
    void aPrivateResponseIsNeverKept() {
        for (String mark : List.of("private", "no-store", "cookie")) {
            for (Reply reply : thrice("once/marked/" + mark, "gzip")) {
                assertFalse(decision(reply).contains("reuse"), mark + ": " + decision(reply));
                assertArrayEquals(EncodeOnceResource.BODY, reply.decoded());
            }
        }
        for (Reply reply : thrice("once/marked/none", "gzip", "Authorization", "Bearer a")) {
            assertFalse(decision(reply).contains("reuse"), "credentials, not public: " + decision(reply));
        }
        assertTrue(decision(thrice("once/marked/public", "gzip", "Authorization", "Bearer a").get(2))
                .endsWith("reuse=hit"), "credentials, but public");
        assertTrue(decision(thrice("once/always", "gzip").get(2)).endsWith("reuse=hit"),
                "private, but the method says always");
    }

    @Test
    void largeStreamedAndUnmarkedBodiesAreNotKept() {
        for (String path : List.of("once/shared/large", "once/streamed", "once/never")) {
            for (Reply reply : thrice(path, "gzip")) {
                assertEquals("gzip", reply.header("Content-Encoding"));
                assertFalse(decision(reply).contains("reuse"), path + ": " + decision(reply));
                assertTrue(reply.decoded().length > 0);
            }
        }
    }

    @Test
    void entityTagsAndNotModifiedAsWithoutIt() {
        List<Reply> replies = thrice("once/tagged", "gzip");
        assertTrue(decision(replies.get(2)).endsWith("reuse=hit"));
        for (Reply reply : replies) {
            assertEquals("\"v1-gzip\"", reply.header("ETag"));
        }
        Reply unchanged = Http.get(server.uri("once/tagged"), "Accept-Encoding", "gzip", "If-None-Match",
                "\"v1-gzip\"");
        assertEquals(304, unchanged.status());
        assertEquals(200, Http.get(server.uri("once/tagged"), "Accept-Encoding", "zstd", "If-None-Match",
                "\"v1-gzip\"").status(), "the gzip copy's tag does not match zstd");
    }

    @Test
    void aKeptFormServedAgainBecomesStrongerOffTheRequestPath() throws Exception {
        List<Reply> replies = thrice("once/always", "zstd");
        int first = replies.get(2).body().length;
        Reply stronger = replies.get(2);
        for (int i = 0; i < 200 && stronger.body().length >= first; i++) {
            Thread.sleep(50);
            stronger = Http.get(server.uri("once/always"), "Accept-Encoding", "zstd");
        }
        assertTrue(stronger.body().length < first, "level 19 is smaller than level 3: " + first);
        assertArrayEquals(EncodeOnceResource.BODY, Http.decode("zstd", stronger.body()));
        assertTrue(decision(stronger).endsWith("reuse=hit"));
    }

    /** With the settings the jar carries, a recording shows each response's reuse and what is kept. */
    @Test
    void aFlightRecordingShowsHitsAndWhatIsKept() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("encode-once", ".jfr");
        jdk.jfr.Configuration settings;
        try (java.io.Reader jfc = new java.io.InputStreamReader(EncodeOnceTest.class.getResourceAsStream(
                "/META-INF/restcompress/restcompress.jfc"), java.nio.charset.StandardCharsets.UTF_8)) {
            settings = jdk.jfr.Configuration.create(jfc);
        }
        // Registered before the recording starts: an event class the JDK registers while a recording starts may miss
        // its settings and stay off. An earlier test's kept body, re-encoded in the background, can load this one
        // then: in the one failing run's log it was loaded just before the start enabled the response event, in the
        // passing runs after.
        jdk.jfr.FlightRecorder.register(Class.forName("org.restcompress.internal.observe.EncodeOnceEvent")
                .asSubclass(jdk.jfr.Event.class));
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording(settings)) {
            recording.start();
            EncodeOnceApplication.DECISIONS.clear();
            thrice("once/marked/none", "lz4"); // a path and coding no other test sends
            for (int i = 0; i < 500 && EncodeOnceApplication.DECISIONS.size() < 3; i++) {
                Thread.sleep(10); // the listener is told after the event is committed
            }
            recording.stop();
            recording.dump(file);
        }
        try {
            List<jdk.jfr.consumer.RecordedEvent> events = jdk.jfr.consumer.RecordingFile.readAllEvents(file);
            assertTrue(events.stream().anyMatch(e -> e.getEventType().getName().equals("org.restcompress.Response")
                    && "hit".equals(e.getString("reuse"))), "a response sent as kept");
            jdk.jfr.consumer.RecordedEvent kept = events.stream()
                    .filter(e -> e.getEventType().getName().equals("org.restcompress.EncodeOnce")).findFirst()
                    .orElseThrow();
            assertTrue(kept.getLong("bytes") > EncodeOnceResource.BODY.length, "the body and its form");
            assertTrue(kept.getInt("bodies") >= 1);
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    @Test
    void listenersSeeHitsMissesAndWhatIsKept() throws InterruptedException {
        EncodeOnceApplication.DECISIONS.clear();
        thrice("once/marked/public", "deflate"); // a path and coding no other test sends
        // published once the body is done, which the client may have read by then
        for (int i = 0; i < 500 && EncodeOnceApplication.DECISIONS.size() < 3; i++) {
            Thread.sleep(10);
        }
        List<Decision.Reuse> reuse = EncodeOnceApplication.DECISIONS.stream().map(Decision::reuse).toList();
        assertTrue(reuse.contains(Decision.Reuse.HIT) && reuse.contains(Decision.Reuse.MISS), reuse.toString());
        Decision hit = EncodeOnceApplication.DECISIONS.stream().filter(d -> d.reuse() == Decision.Reuse.HIT)
                .findFirst().orElseThrow();
        assertEquals(EncodeOnceResource.BODY.length, hit.bytesIn());
        assertEquals(0, hit.encodeNanos(), "nothing encoded");
        long kept = EncodeOnceApplication.KEPT.get();
        assertTrue(kept > EncodeOnceResource.BODY.length && kept <= EncodeOnceApplication.MAX_BYTES, "kept " + kept);
        assertNull(Http.get(server.uri("once/shared/body")).header("Content-Encoding"), "no coding asked for");
    }
}
