package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The library on a Quarkus application as generated: Quarkus's own HTTP compression off (its default). A response the
 * library sends as it is carries no {@code Content-Encoding} at all, whatever its status, and {@code HEAD} carries
 * the headers {@code GET} would.
 */
@QuarkusTest
@TestProfile(StockQuarkusTest.QuarkusCompressionOff.class)
class StockQuarkusTest {

    /** Quarkus's default: {@code quarkus.http.enable-compression=false}. */
    public static class QuarkusCompressionOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.enable-compression", "false");
        }
    }

    @TestHTTPResource("/")
    URI base;

    @Test
    void aResponseSentAsItIsCarriesNoContentEncoding() {
        Reply noAccept = Http.get(base.resolve("coded/all"));
        assertEquals(200, noAccept.status());
        assertEquals(List.of(), noAccept.headers("Content-Encoding"), "no coding asked for");
        assertArrayEquals(CodedResource.JSON, noAccept.body());

        Reply small = Http.get(base.resolve("coded/small"), "Accept-Encoding", "gzip");
        assertEquals(200, small.status());
        assertEquals(List.of(), small.headers("Content-Encoding"), "below the threshold");
        assertArrayEquals(CodedResource.SMALL, small.body());

        Reply notOffered = Http.get(base.resolve("coded/both"), "Accept-Encoding", "br");
        assertEquals(List.of(), notOffered.headers("Content-Encoding"), "a coding the method does not offer");

        Reply refused = Http.get(base.resolve("coded/both"), "Accept-Encoding", "br, identity;q=0");
        assertEquals(406, refused.status());
        assertEquals(List.of(), refused.headers("Content-Encoding"), "a 406");

        Reply unsupported = Http.post(base.resolve("coded/echo"), "{}".getBytes(StandardCharsets.UTF_8),
                "Content-Encoding", "no-such-coding", "Content-Type", "application/json");
        assertEquals(415, unsupported.status());
        assertEquals(List.of(), unsupported.headers("Content-Encoding"), "a 415");

        Reply failedStream = Http.get(base.resolve("events/refused"), "Accept-Encoding", "zstd",
                "Accept", "text/event-stream");
        assertEquals(409, failedStream.status());
        assertEquals(List.of(), failedStream.headers("Content-Encoding"), "an event stream's error, as it is");
        assertTrue(failedStream.text().startsWith("no events for you"), failedStream.text());

        Reply corrupt = Http.post(base.resolve("coded/echo"), "not gzip".getBytes(StandardCharsets.UTF_8),
                "Content-Encoding", "gzip", "Content-Type", "application/json");
        assertEquals(400, corrupt.status());
        assertEquals(List.of(), corrupt.headers("Content-Encoding"), "a 400");
    }

    @Test
    void anEncodedResponseIsEncodedOnce() {
        Reply reply = Http.get(base.resolve("coded/all"), "Accept-Encoding", "gzip");
        assertEquals(List.of("gzip"), reply.headers("Content-Encoding"));
        assertArrayEquals(CodedResource.JSON, reply.decoded());
    }

    @Test
    void headCarriesWhatGetWould() {
        for (String coding : List.of("gzip", "zstd")) {
            Reply get = Http.get(base.resolve("coded/all"), "Accept-Encoding", coding);
            Reply head = Http.head(base.resolve("coded/all"), "Accept-Encoding", coding);
            assertEquals(200, head.status());
            assertEquals(get.headers("Content-Encoding"), head.headers("Content-Encoding"), coding);
            assertEquals(get.headers("Vary"), head.headers("Vary"), coding);
            assertEquals(0, head.body().length);
        }
        Reply head = Http.head(base.resolve("coded/all"));
        assertEquals(List.of(), head.headers("Content-Encoding"), "nothing asked for: as GET");
        // an entity that does not show its size: as the method's last body
        for (String query : List.of("?small=true", "", "?small=true")) {
            Reply streamedGet = Http.get(base.resolve("coded/streamed" + query), "Accept-Encoding", "gzip");
            Reply streamedHead = Http.head(base.resolve("coded/streamed" + query), "Accept-Encoding", "gzip");
            assertEquals(query.isEmpty() ? List.of("gzip") : List.of(), streamedGet.headers("Content-Encoding"));
            assertEquals(streamedGet.headers("Content-Encoding"), streamedHead.headers("Content-Encoding"), query);
        }
    }

    @Test
    void aRepeatedBodyIsSentAsKept() {
        assertRepeatedBodySentAsKept(base);
    }

    /**
     * Encoding once on Quarkus REST, with its compression on or off: the third request's body is sent as kept, in one
     * coding, never with both a length and chunks (Quarkus sends a body past its buffer chunked), and decodes to the
     * body.
     */
    static void assertRepeatedBodySentAsKept(URI base) {
        for (String coding : List.of("gzip", "zstd")) {
            Reply last = null;
            for (int i = 0; i < 3; i++) {
                last = Http.get(base.resolve("coded/once"), "Accept-Encoding", coding);
                assertEquals(200, last.status());
                assertEquals(List.of(coding), last.headers("Content-Encoding"));
                assertEquals("\"once-1-" + coding + "\"", last.header("ETag"));
                assertArrayEquals(CodedResource.JSON, Http.decode(coding, last.body()));
            }
            assertEquals(coding + "; reason=negotiated; reuse=hit", last.header("Compression-Decision"));
            assertEquals(List.of(), last.headers("Content-Length"), "chunked, as Quarkus sends it");
        }
    }
}
