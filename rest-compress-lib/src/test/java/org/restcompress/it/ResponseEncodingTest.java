package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.restcompress.it.CodingResource.JSON;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Http.Reply;

/** Response encoding over real sockets against the test runtime (RESTEasy or Jersey) on Jetty. */
class ResponseEncodingTest {

    private static TestServer server;
    /** For the streaming tests: Jersey told to send what is flushed (see StreamingApplication). */
    private static TestServer streaming;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(TestApplication.class);
        streaming = TestServer.start(StreamingApplication.class);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        streaming.close();
    }

    private static Reply get(String path, String... headers) {
        return Http.get(server.uri(path), headers);
    }

    @ParameterizedTest(name = "[{index}] {0} with Accept-Encoding: {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "lzf              | lzf                       | lzf",
        "lzf              | 'gzip, deflate, br'       | identity",
        "gzip             | 'gzip, deflate, br, zstd' | gzip",
        "gzip             | x-gzip                    | gzip",
        "both             | 'gzip, lzf'               | lzf",
        "both             | 'gzip, lzf;q=0.9'         | gzip",
        "both             | 'lzf;q=0, *'              | gzip",
        "both             | 'LZF;Q=0.5, GZip;q=0.4'   | lzf",
        "both             | deflate                   | identity",
        "all              | deflate                   | deflate",
        "both             | 'gzip, deflate, br, zstd' | gzip",
        "all              | x-xor                     | x-xor",
        "all              | zstd                      | zstd",
        "all              | br                        | br",
        "all              | lz4                       | lz4",
        "all              | 'gzip, deflate, br, zstd' | zstd",
        "all              | 'gzip, deflate, br'       | br",
        "named            | 'lzf, deflate, gzip'      | gzip",
        "named            | 'deflate'                 | deflate",
        "custom           | 'x-xor, gzip'             | x-xor",
        "class/inherits   | 'lzf, gzip'               | gzip",
        "class/overrides  | 'lzf, gzip'               | lzf",
        "api/shared       | lzf                       | lzf",
        "svg              | gzip                      | gzip",
    })
    void negotiatesOneCodingAndTheBodyDecodesByteExact(String path, String acceptEncoding, String expected) {
        Reply reply = get(path, "Accept-Encoding", acceptEncoding);
        assertEquals(200, reply.status());
        assertEquals(expected.equals("identity") ? null : expected, reply.header("Content-Encoding"));
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertArrayEquals(JSON, reply.decoded(), "exactly one coding, decoding to the entity");
        if (!expected.equals("identity") && !expected.equals("x-xor")) {
            assertTrue(reply.body().length < JSON.length / 2, "compressed");
        }
    }

    @Test
    void noAcceptEncodingMeansIdentity() {
        Reply reply = get("both");
        assertNull(reply.header("Content-Encoding"));
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertArrayEquals(JSON, reply.body());
    }

    @Test
    void severalAcceptEncodingLinesCount() {
        Reply reply = Http.send(Http.request(server.uri("both"))
                .header("Accept-Encoding", "gzip;q=0.5").header("Accept-Encoding", "lzf;q=0.2").GET().build());
        assertEquals("gzip", reply.header("Content-Encoding"));
    }

    @Test
    void refusingIdentityAndEveryOfferedCodingGives406WithoutRunningTheMethod() {
        Reply reply = get("both", "Accept-Encoding", "br, identity;q=0");
        assertEquals(406, reply.status());
        assertTrue(reply.text().contains("lzf, gzip"), reply.text());
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertEquals(406, get("lzf", "Accept-Encoding", "*;q=0").status());
        assertEquals(200, get("lzf", "Accept-Encoding", "*;q=0, identity").status());
    }

    @Test
    void refusingIdentityForcesEncodingEvenBelowTheThreshold() {
        Reply reply = get("small", "Accept-Encoding", "gzip, identity;q=0");
        assertEquals("gzip", reply.header("Content-Encoding"));
        assertArrayEquals(CodingResource.SMALL, reply.decoded());
        Reply png = get("png", "Accept-Encoding", "lzf, identity;q=0");
        assertEquals("lzf", png.header("Content-Encoding"));
        assertArrayEquals(CodingResource.PNG, png.decoded());
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain"})
    void unannotatedMethodsAreLeftAlone(String path) {
        Reply reply = get(path, "Accept-Encoding", "lzf, gzip");
        assertNull(reply.header("Content-Encoding"));
        assertNull(reply.header("Vary"));
        assertArrayEquals(JSON, reply.body());
    }

    @Test
    void varyIsMergedWithTheApplicationsOwn() {
        Reply reply = get("vary", "Accept-Encoding", "lzf");
        assertEquals("Origin, Accept-Encoding", String.join(", ", reply.headers("Vary")));
        assertEquals("lzf", reply.header("Content-Encoding"));
    }

    @Test
    void staleContentLengthIsNeverSent() {
        Reply reply = get("content-length", "Accept-Encoding", "lzf");
        assertEquals("lzf", reply.header("Content-Encoding"));
        String length = reply.header("Content-Length");
        assertTrue(length == null || Integer.parseInt(length) == reply.body().length, "Content-Length " + length);
        assertArrayEquals(JSON, reply.decoded());
    }

    /** An encoder that cannot start (a native context not to be had) costs the encoding, not the response. */
    @Test
    void aBodyWhoseEncoderCannotStartGoesAsItIs() {
        org.restcompress.testcodec.XorCodec.refuseToStart = true;
        try {
            Reply reply = get("custom", "Accept-Encoding", "x-xor");
            assertEquals(200, reply.status());
            assertEquals(null, reply.header("Content-Encoding"));
            assertArrayEquals(JSON, reply.body());
        } finally {
            org.restcompress.testcodec.XorCodec.refuseToStart = false;
        }
    }

    /** Digests and ranges of the bytes before coding do not describe the coded ones: gone, and no ranges. */
    @Test
    void anEncodedResponseCarriesNoDigestOrRangesOfTheBytesBeforeCoding() {
        Reply coded = get("digested", "Accept-Encoding", "lzf");
        assertEquals("lzf", coded.header("Content-Encoding"));
        assertEquals("none", coded.header("Accept-Ranges"));
        for (String name : new String[] {"Content-Digest", "Repr-Digest", "Content-MD5"}) {
            assertEquals(null, coded.header(name), name);
        }
        assertArrayEquals(JSON, coded.decoded());
        Reply plain = get("digested", "Accept-Encoding", "identity");
        assertEquals(null, plain.header("Content-Encoding"));
        assertEquals("bytes", plain.header("Accept-Ranges"));
        assertEquals("sha-256=:AAAA:", plain.header("Content-Digest"));
    }

    @ParameterizedTest(name = "[{index}] {0} bytes")
    @CsvSource({"1023, identity", "1024, lzf", "5000, lzf"})
    void bodiesUnderTheThresholdGoOutUnencodedWithTheirLength(int size, String expected) {
        Reply reply = get("sized/" + size, "Accept-Encoding", "lzf");
        assertEquals(expected.equals("identity") ? null : expected, reply.header("Content-Encoding"));
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertArrayEquals(Bodies.json(size), reply.decoded());
        if (expected.equals("identity")) {
            assertEquals(Integer.toString(size), reply.header("Content-Length"));
        }
    }

    @Test
    void thresholdCanBeSetPerMethod() {
        Reply reply = get("threshold-zero", "Accept-Encoding", "lzf");
        assertEquals("lzf", reply.header("Content-Encoding"));
        assertArrayEquals(CodingResource.SMALL, reply.decoded());
    }

    /** Jackson flushes at the end of every body: that flush must not defeat the threshold. */
    @Test
    void messageBodyWriterFlushesDoNotDefeatTheThreshold() {
        Reply small = get("jackson/2", "Accept-Encoding", "lzf");
        assertNull(small.header("Content-Encoding"));
        assertTrue(small.text().startsWith("{\"key0\""), small.text());
        Reply large = get("jackson/2000", "Accept-Encoding", "gzip");
        assertEquals("gzip", large.header("Content-Encoding"));
        assertTrue(new String(large.decoded(), StandardCharsets.UTF_8).contains("\"key1999\""));
    }

    @Test
    void emptyBodiesAndNoContentAreNotEncoded() {
        Reply empty = get("empty", "Accept-Encoding", "gzip");
        assertEquals(200, empty.status());
        assertNull(empty.header("Content-Encoding"));
        assertEquals(0, empty.body().length);
        Reply noContent = get("no-content", "Accept-Encoding", "lzf");
        assertEquals(204, noContent.status());
        assertNull(noContent.header("Content-Encoding"));
        assertEquals("Accept-Encoding", noContent.header("Vary"));
    }

    @Test
    void compressedMediaTypesAreNotEncoded() {
        Reply png = get("png", "Accept-Encoding", "lzf, gzip");
        assertNull(png.header("Content-Encoding"));
        assertArrayEquals(CodingResource.PNG, png.body());
    }

    @Test
    void neverEncodesTwice() {
        Reply preEncoded = get("pre-encoded", "Accept-Encoding", "lzf, gzip, deflate");
        assertEquals("deflate", preEncoded.header("Content-Encoding"));
        assertArrayEquals(JSON, preEncoded.decoded(), "the application's own deflate, once");
        // a coding set by the runtime's own encoder: it.resteasy.ResteasyTest (RESTEasy's @GZIP)
    }

    /** no-transform binds intermediaries, and JAX-RS's CacheControl sets it by default: the origin still encodes. */
    @Test
    void noTransformDoesNotStopTheOriginsOwnEncoding() {
        Reply noTransform = get("no-transform", "Accept-Encoding", "lzf");
        assertEquals("lzf", noTransform.header("Content-Encoding"));
        assertEquals("max-age=60, no-transform", noTransform.header("Cache-Control"));
        assertArrayEquals(JSON, noTransform.decoded());
        Reply cacheControl = get("cache-control", "Accept-Encoding", "lzf");
        assertEquals("lzf", cacheControl.header("Content-Encoding"));
        assertTrue(cacheControl.header("Cache-Control").contains("no-transform"), cacheControl.header("Cache-Control"));
    }

    @Test
    void partialContentIsNotEncoded() {
        Reply partial = get("partial", "Accept-Encoding", "lzf");
        assertEquals(206, partial.status());
        assertNull(partial.header("Content-Encoding"));
    }

    @Test
    void errorResponsesWithLargeBodiesAreEncodedToo() {
        Reply reply = get("not-found", "Accept-Encoding", "lzf");
        assertEquals(404, reply.status());
        assertEquals("lzf", reply.header("Content-Encoding"));
        assertArrayEquals(JSON, reply.decoded());
    }

    @Test
    void headSendsTheHeadersGetWouldSend() {
        Reply get = get("both", "Accept-Encoding", "gzip");
        Reply head = Http.head(server.uri("both"), "Accept-Encoding", "gzip");
        assertEquals(200, head.status());
        assertEquals(0, head.body().length);
        assertEquals("gzip", head.header("Content-Encoding"));
        assertEquals(get.header("Content-Encoding"), head.header("Content-Encoding"));
        assertEquals(get.header("Vary"), head.header("Vary"));
        // Neither has a stale (identity) length. Jetty counts a GET body that fits its buffer and sends that count;
        // HEAD encodes nothing, so it may only leave the length out or send GET's.
        if (get.header("Content-Length") != null) {
            assertEquals(Integer.toString(get.body().length), get.header("Content-Length"), "the encoded length");
        }
        if (TestRuntime.isJersey()) {
            // Runtime difference: Jersey answers HEAD with Content-Length: 0 for any GET resource method it runs for
            // it, an unannotated one included; the length is Jersey's, not one this library set.
            assertEquals("0", head.header("Content-Length"));
            assertEquals("0", Http.head(server.uri("plain")).header("Content-Length"), "Jersey's own HEAD");
        } else if (TestRuntime.isCxf()) {
            // Runtime difference: CXF writes no entity for HEAD, and Jetty then counts the bytes written (none) of a
            // response that has no length of its own, as an encoded one has not
            assertEquals("0", head.header("Content-Length"));
        } else if (head.header("Content-Length") != null) {
            assertEquals(get.header("Content-Length"), head.header("Content-Length"));
        }
        Reply smallHead = Http.head(server.uri("small"), "Accept-Encoding", "gzip");
        assertNull(smallHead.header("Content-Encoding"));
        assertEquals(Integer.toString(CodingResource.SMALL.length), smallHead.header("Content-Length"));
    }

    @Test
    void strongEtagsDifferPerCodingAndStillGive304() {
        Reply lzf = get("etag", "Accept-Encoding", "lzf");
        assertEquals("\"v1-lzf\"", lzf.header("ETag"));
        Reply gzip = get("etag", "Accept-Encoding", "gzip");
        assertEquals("\"v1-gzip\"", gzip.header("ETag"));
        Reply identity = get("etag");
        assertEquals("\"v1\"", identity.header("ETag"));

        Reply notModified = get("etag", "Accept-Encoding", "lzf", "If-None-Match", "\"v1-lzf\"");
        assertEquals(304, notModified.status());
        assertEquals("\"v1-lzf\"", notModified.header("ETag"));
        assertEquals("Accept-Encoding", notModified.header("Vary"));
        assertEquals(0, notModified.body().length);

        Reply listed = get("etag", "Accept-Encoding", "gzip", "If-None-Match", "\"x\", \"v1-gzip\"");
        assertEquals(304, listed.status());
        assertEquals("\"v1-gzip\"", listed.header("ETag"));

        Reply plain = get("etag", "If-None-Match", "\"v1\"");
        assertEquals(304, plain.status());
        assertEquals("\"v1\"", plain.header("ETag"));

        Reply otherCoding = get("etag", "Accept-Encoding", "gzip", "If-None-Match", "\"v1-lzf\"");
        assertEquals(200, otherCoding.status(), "the client holds the lzf variant, not the gzip one");
        assertEquals("\"v1-gzip\"", otherCoding.header("ETag"));
        assertArrayEquals(JSON, otherCoding.decoded());
    }

    @Test
    void ifMatchWithAnyOfferedCodingsTagPassesWithoutAcceptEncoding() {
        Reply update = Http.send(Http.request(server.uri("etag"), "If-Match", "\"v1-gzip\"")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("new state")).build());
        assertEquals(200, update.status(), update.text());
        assertEquals("updated 9", update.text());
        Reply stale = Http.send(Http.request(server.uri("etag"), "If-Match", "\"v0-gzip\"")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("new state")).build());
        assertEquals(412, stale.status());
    }

    /** An application filter that replaces Vary and sets the ETag runs before ours: both survive, coded. */
    @Test
    void applicationHeaderDecoratorsDoNotUndoVaryOrEtag() {
        Reply reply = get("decorated", "Accept-Encoding", "lzf");
        assertEquals("lzf", reply.header("Content-Encoding"));
        assertEquals("Origin, Accept-Encoding", reply.header("Vary"));
        assertEquals("\"d1-lzf\"", reply.header("ETag"));
    }

    @Test
    void weakEtagsAreLeftAlone() {
        assertEquals("W/\"w1\"", get("weak-etag", "Accept-Encoding", "lzf").header("ETag"));
    }


    /**
     * Each flushed part reaches the client decodable before the response ends: of a {@code StreamingOutput}, and of
     * newline-delimited JSON that a writer of the application's own flushes record by record.
     */
    @ParameterizedTest
    @CsvSource({"stream, lzf", "stream, gzip", "stream, deflate", "stream, zstd", "stream, br", "stream, lz4",
        "records, gzip", "records, zstd"})
    @Timeout(30)
    void flushesReachTheClientAsDecodableBytes(String path, String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        CodingResource.streamGate = gate;
        HttpResponse<InputStream> response = Http.stream(
                Http.request(streaming.uri(path), "Accept-Encoding", coding).GET().build());
        assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse(null));
        try (InputStream decoded = Http.decoder(coding, response.body())) {
            byte[] first = decoded.readNBytes(CodingResource.STREAM_FIRST.length());
            assertEquals(CodingResource.STREAM_FIRST, new String(first, StandardCharsets.UTF_8));
            assertEquals(1, gate.getCount(), "the first event arrived while the server was still holding the rest");
            gate.countDown();
            assertEquals(CodingResource.STREAM_SECOND, new String(decoded.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * Runtime difference: a flushed part shorter than the runtime's response buffer, the rest held back. RESTEasy
     * sends it at the flush. Jersey holds the first 8 KB of a response to learn its length and ignores flushes until
     * then, identity or encoded alike: nothing, not even the status line, leaves the server until the resource
     * finishes or writes 8 KB. Jersey's remedy (jersey.config.server.contentLength.buffer=0) is what the streaming
     * tests' StreamingApplication sets.
     */
    @ParameterizedTest
    @ValueSource(strings = {"identity", "gzip"})
    @Timeout(30)
    void aFlushedPartShorterThanTheRuntimesBuffer(String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        CodingResource.streamGate = gate;
        java.util.concurrent.CompletableFuture<HttpResponse<InputStream>> pending = Http.streamAsync(
                Http.request(server.uri("stream"), "Accept-Encoding", coding).GET().build());
        String expected = CodingResource.STREAM_FIRST + CodingResource.STREAM_SECOND;
        if (TestRuntime.isJersey()) {
            org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.TimeoutException.class,
                    () -> pending.get(1, java.util.concurrent.TimeUnit.SECONDS), "Jersey sent the flushed part");
            gate.countDown();
            HttpResponse<InputStream> response = pending.get(10, java.util.concurrent.TimeUnit.SECONDS);
            String declared = response.headers().firstValue("Content-Encoding").orElse(null);
            assertEquals(coding.equals("identity") ? null : coding, declared);
            try (InputStream body = Http.decoder(declared, response.body())) {
                assertEquals(expected, new String(body.readAllBytes(), StandardCharsets.UTF_8), "all at the end");
            }
            return;
        }
        HttpResponse<InputStream> response = pending.get(10, java.util.concurrent.TimeUnit.SECONDS);
        String declared = response.headers().firstValue("Content-Encoding").orElse(null);
        try (InputStream body = Http.decoder(declared, response.body())) {
            byte[] first = body.readNBytes(CodingResource.STREAM_FIRST.length());
            assertEquals(CodingResource.STREAM_FIRST, new String(first, StandardCharsets.UTF_8));
            assertEquals(1, gate.getCount(), "the flushed part arrived while the server held the rest back");
            gate.countDown();
            assertEquals(CodingResource.STREAM_SECOND, new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
