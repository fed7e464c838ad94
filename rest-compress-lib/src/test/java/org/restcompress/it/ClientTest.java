package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.restcompress.it.CodingResource.JSON;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.ConfigKeys;

/**
 * The client side with a real JAX-RS client: the implementation's own (RESTEasy's or Jersey's), built by
 * {@code ClientBuilder}. RESTEasy's proxies and MicroProfile Rest Client are in {@code it.resteasy.ResteasyTest}.
 */
class ClientTest {

    private static final byte[] UPLOAD = Bodies.json(200_000);
    private static TestServer server;
    /** For the streaming tests: Jersey told to send what is flushed (see StreamingApplication). */
    private static TestServer streaming;
    private static MisbehavingServer misbehaving;
    private Client client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(TestApplication.class);
        streaming = TestServer.start(StreamingApplication.class);
        misbehaving = new MisbehavingServer();
    }

    @AfterAll
    static void stop() {
        server.close();
        streaming.close();
        misbehaving.close();
    }

    @BeforeEach
    void newClient() {
        client = ClientBuilder.newClient().register(CompressionFeature.class);
    }

    @AfterEach
    void closeClient() {
        client.close();
    }

    private String post(Client c, String path, byte[] body, String requestCoding) {
        var request = c.target(server.uri(path)).request();
        if (requestCoding != null) {
            request.property(ConfigKeys.REQUEST_CODING, requestCoding);
        }
        return request.post(Entity.entity(body, MediaType.APPLICATION_JSON), String.class);
    }

    /** The runtime takes every provider the feature registers: it complains about none of them in its log. */
    @Test
    void theRuntimeAcceptsEveryProviderTheFeatureRegisters() {
        try (RuntimeComplaints log = new RuntimeComplaints()) {
            try (Client fresh = ClientBuilder.newClient().register(CompressionFeature.class)) {
                assertEquals(new String(JSON, StandardCharsets.UTF_8),
                        fresh.target(server.uri("gzip")).request().get(String.class));
            }
            assertEquals(java.util.List.of(), log.complaints());
        }
    }

    @Test
    void advertisesExactlyTheCodingsItDecodes() {
        String advertised = client.target(server.uri("plain/accept-encoding")).request().get(String.class);
        assertEquals("zstd, lz4;q=0.9, lzf;q=0.8, br;q=0.7, gzip;q=0.6, deflate;q=0.5, x-xor;q=0.4", advertised);
        String own = client.target(server.uri("plain/accept-encoding")).request()
                .header("Accept-Encoding", "gzip").get(String.class);
        assertEquals("gzip", own, "an application's own header is left alone");
    }

    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "deflate", "x-xor"})
    void decodesEveryCodingTransparently(String coding) {
        try (Response response = client.target(server.uri("all")).request().header("Accept-Encoding", coding).get()) {
            assertEquals(coding, response.getHeaderString("Content-Encoding"), "came compressed");
            assertArrayEquals(JSON, response.readEntity(byte[].class));
        }
    }

    @Test
    void decodesAsStreamsAndStrings() throws Exception {
        try (Response response = client.target(server.uri("both")).request().get()) {
            assertEquals("lzf", response.getHeaderString("Content-Encoding"));
            try (InputStream in = response.readEntity(InputStream.class)) {
                assertArrayEquals(JSON, in.readAllBytes());
            }
        }
        assertEquals(new String(JSON, StandardCharsets.UTF_8),
                client.target(server.uri("gzip")).request().get(String.class));
    }

    @Test
    void decodesStackedCodings() {
        assertArrayEquals(MisbehavingServer.BODY,
                client.target(misbehaving.uri("/stacked")).request().get(byte[].class));
    }

    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "deflate", "zstd", "br", "lz4", "x-xor"})
    void compressesRequestBodiesWhenAskedPerRequest(String coding) {
        assertEquals(coding + " " + UPLOAD.length, post(client, "received", UPLOAD, coding));
        assertEquals("none " + UPLOAD.length, post(client, "received", UPLOAD, null), "opt-in only");
    }

    /**
     * A connector that streams the request body (chunked) sends the headers before writer interceptors run: the
     * coding is decided, and Content-Encoding set, in the request filter. Jersey's connector is told to chunk by its
     * own property (RESTEasy ignores it); a stream entity, whose size nobody knows, is encoded whatever its size.
     */
    @Test
    void compressesRequestBodiesThatTheConnectorStreams() {
        Client chunked = ClientBuilder.newClient().register(CompressionFeature.class)
                .property("jersey.config.client.request.entity.processing", "CHUNKED");
        // Jersey's connector chunks as told; RESTEasy's may buffer or chunk an encoded body as it likes
        String framing = TestRuntime.isJersey() ? "chunked" : "(chunked|none)";
        try {
            String bytes = post(chunked, "received-framing", UPLOAD, "gzip");
            assertTrue(bytes.matches("gzip " + framing + " " + UPLOAD.length), bytes);
            String stream = chunked.target(server.uri("received-framing")).request()
                    .property(ConfigKeys.REQUEST_CODING, "lzf").post(Entity.entity(
                            new java.io.ByteArrayInputStream(UPLOAD), MediaType.APPLICATION_JSON), String.class);
            assertTrue(stream.matches("lzf " + framing + " " + UPLOAD.length), stream);
        } finally {
            chunked.close();
        }
    }

    /** Byte-exact both ways: the body goes up in one coding and comes back in another. */
    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "deflate", "zstd", "br", "lz4"})
    void roundTripsEveryCodingBothWays(String coding) {
        String back = coding.equals("gzip") ? "lzf" : "gzip";
        try (Response response = client.target(server.uri("echo")).request()
                .property(ConfigKeys.REQUEST_CODING, coding).header("Accept-Encoding", back)
                .post(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON))) {
            assertEquals(200, response.getStatus());
            assertEquals(back, response.getHeaderString("Content-Encoding"));
            assertArrayEquals(UPLOAD, response.readEntity(byte[].class));
        }
    }

    @Test
    void compressesRequestBodiesPerClient() {
        Client gzipClient = ClientBuilder.newClient()
                .register(new CompressionFeature(CompressionConfig.builder().requestCoding("gzip").build()));
        try {
            assertEquals("gzip " + UPLOAD.length, post(gzipClient, "received", UPLOAD, null));
            assertEquals("none " + UPLOAD.length, post(gzipClient, "received", UPLOAD, "identity"),
                    "a request can opt out");
            byte[] small = Bodies.json(500);
            assertEquals("none 500", post(gzipClient, "received", small, null), "under the threshold");
            String echoed = gzipClient.target(server.uri("echo")).request()
                    .post(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON), String.class);
            assertEquals(new String(UPLOAD, StandardCharsets.UTF_8), echoed, "round trip, compressed both ways");
        } finally {
            gzipClient.close();
        }
    }

    @Test
    void unknownResponseCodingIsAProcessingExceptionNamingIt() {
        ProcessingException e = assertThrows(ProcessingException.class,
                () -> client.target(misbehaving.uri("/unknown")).request().get(byte[].class));
        assertTrue(messages(e).contains("unsupported content coding 'compress'"), messages(e));
    }

    @Test
    void anApplicationThatAskedForACodingGetsItAsItCame() {
        byte[] raw = client.target(misbehaving.uri("/unknown")).request().header("Accept-Encoding", "compress")
                .get(byte[].class);
        assertArrayEquals(Bodies.gzip(MisbehavingServer.BODY), raw);
        try (Response known = client.target(server.uri("gzip")).request().header("Accept-Encoding", "gzip").get()) {
            assertArrayEquals(JSON, known.readEntity(byte[].class), "codings the client has are still decoded");
        }
    }

    /** Likewise where the application's own request filter, which runs after the library's, asked for it. */
    @Test
    void aCodingAnApplicationsFilterAskedForComesAsItCame() {
        client.register((jakarta.ws.rs.client.ClientRequestFilter) request -> request.getHeaders()
                .putSingle("Accept-Encoding", "compress"));
        assertArrayEquals(Bodies.gzip(MisbehavingServer.BODY),
                client.target(misbehaving.uri("/unknown")).request().get(byte[].class));
    }

    /** Closing a decoded stream entity frees the pooled connection: a leak would exhaust the pool and hang. */
    @Test
    @org.junit.jupiter.api.Timeout(60)
    void closingADecodedStreamReleasesTheConnection() throws Exception {
        for (int i = 0; i < 60; i++) {
            try (InputStream in = client.target(server.uri("gzip")).request().get(InputStream.class)) {
                assertEquals('[', in.read(), "read only the start");
            }
        }
    }

    /** Each flushed part is decoded by the client as it arrives, not at the end. */
    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "zstd", "br"})
    @org.junit.jupiter.api.Timeout(30)
    void decodesAStreamingResponseAsItArrives(String coding) throws Exception {
        java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        CodingResource.streamGate = gate;
        try (Response response = client.target(streaming.uri("stream")).request().header("Accept-Encoding", coding)
                .get(); InputStream in = response.readEntity(InputStream.class)) {
            assertEquals(coding, response.getHeaderString("Content-Encoding"));
            byte[] first = in.readNBytes(CodingResource.STREAM_FIRST.length());
            assertEquals(CodingResource.STREAM_FIRST, new String(first, StandardCharsets.UTF_8));
            assertEquals(1, gate.getCount(), "decoded while the server still held the rest");
            gate.countDown();
            assertEquals(CodingResource.STREAM_SECOND, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * A real SSE client (JAX-RS SseEventSource) reads a compressed event stream event by event: each event is
     * delivered while the server still holds the next one back, in every coding.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gzip", "deflate", "lzf", "zstd", "br", "lz4"})
    @org.junit.jupiter.api.Timeout(60)
    void sseClientReceivesCompressedEventsAsTheyAreSent(String coding) throws Exception {
        java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        CodingResource.streamGate = gate;
        try (Response probe = client.target(streaming.uri("event-stream")).request()
                .header("Accept-Encoding", coding).get()) {
            assertEquals(coding, probe.getHeaderString("Content-Encoding"), "the stream really is compressed");
            gate.countDown();
            probe.readEntity(String.class);
        }
        gate = new java.util.concurrent.CountDownLatch(1);
        CodingResource.streamGate = gate;
        Client sse = ClientBuilder.newClient().register(new CompressionFeature(
                CompressionConfig.builder().preference(java.util.List.of(coding)).build()));
        java.util.concurrent.BlockingQueue<String> events = new java.util.concurrent.LinkedBlockingQueue<>();
        jakarta.ws.rs.sse.SseEventSource source = jakarta.ws.rs.sse.SseEventSource
                .target(sse.target(streaming.uri("event-stream"))).build();
        try {
            source.register(event -> events.add(event.readData()));
            source.open();
            assertEquals("first event", events.poll(20, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(1, gate.getCount(), "delivered while the server held the second event back");
            gate.countDown();
            assertEquals("second event", events.poll(20, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            SseSources.close(source);
            sse.close();
        }
    }

    @Test
    void sizeLimitsWithSuffixesWorkAsClientProperties() {
        Client limited = ClientBuilder.newClient().register(CompressionFeature.class)
                .property(ConfigKeys.MAX_DECODED_SIZE, "1K");
        try {
            assertArrayEquals(CodingResource.SMALL,
                    limited.target(server.uri("small")).request().header("Accept-Encoding", "gzip, identity;q=0")
                            .get(byte[].class), "200 bytes pass");
            ProcessingException e = assertThrows(ProcessingException.class,
                    () -> limited.target(server.uri("gzip")).request().get(byte[].class));
            assertTrue(messages(e).contains("limit of 1024 bytes"), messages(e));
            ProcessingException bad = assertThrows(ProcessingException.class, () -> client.target(server.uri("gzip"))
                    .request().property(ConfigKeys.MAX_DECODED_SIZE, "lots").get(byte[].class));
            assertTrue(messages(bad).contains("restcompress.max-decoded-size"), messages(bad));
        } finally {
            limited.close();
        }
    }

    @Test
    void aReusedInvocationBuilderCarriesNoCodingOver() {
        var builder = client.target(server.uri("received")).request();
        assertEquals("gzip " + UPLOAD.length, builder.property(ConfigKeys.REQUEST_CODING, "gzip")
                .post(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON), String.class));
        assertEquals("none " + UPLOAD.length, builder.property(ConfigKeys.REQUEST_CODING, "identity")
                .post(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON), String.class));
    }

    /** An Invocation invoked twice (RESTEasy keeps what filters set on it) is coded as it was the first time. */
    @Test
    void anInvocationInvokedAgainIsCodedAgain() {
        jakarta.ws.rs.client.Invocation twice = client.target(server.uri("received")).request()
                .property(ConfigKeys.REQUEST_CODING, "gzip")
                .buildPost(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON));
        for (int i = 0; i < 2; i++) {
            try (Response response = twice.invoke()) {
                assertEquals(200, response.getStatus());
                assertEquals("gzip " + UPLOAD.length, response.readEntity(String.class));
            }
        }
    }

    @Test
    void incompressibleRequestTypesGoAsTheyAre() {
        assertEquals("none " + UPLOAD.length, client.target(server.uri("received")).request()
                .property(ConfigKeys.REQUEST_CODING, "gzip").post(Entity.entity(UPLOAD, "image/png"),
                        String.class));
    }

    @Test
    void corruptAndTruncatedResponsesAreProcessingExceptionsNamingTheCoding() {
        ProcessingException corrupt = assertThrows(ProcessingException.class,
                () -> client.target(misbehaving.uri("/corrupt")).request().get(byte[].class));
        assertTrue(messages(corrupt).contains("corrupt gzip content"), messages(corrupt));
        ProcessingException truncated = assertThrows(ProcessingException.class,
                () -> client.target(misbehaving.uri("/truncated")).request().get(String.class));
        assertTrue(messages(truncated).contains("corrupt lzf content: truncated"), messages(truncated));
    }

    @Test
    void oversizedResponsesStopAtTheLimit() {
        Client limited = ClientBuilder.newClient()
                .register(new CompressionFeature(CompressionConfig.builder().maxDecodedSize(1 << 20).build()));
        try {
            ProcessingException e = assertThrows(ProcessingException.class,
                    () -> limited.target(misbehaving.uri("/bomb")).request().get(byte[].class));
            assertTrue(messages(e).contains("exceeds the limit of 1048576 bytes"), messages(e));
            ProcessingException perRequest = assertThrows(ProcessingException.class, () -> client
                    .target(misbehaving.uri("/bomb")).request().property(ConfigKeys.MAX_DECODED_SIZE, 1000)
                    .get(byte[].class));
            assertTrue(messages(perRequest).contains("limit of 1000 bytes"), messages(perRequest));
        } finally {
            limited.close();
        }
    }

    /**
     * Only an event stream read as it comes is unbounded: not a body whose type merely matches
     * {@code text/event-stream} (a wildcard, or none), nor an event stream read whole.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/bomb-any", "/bomb-events"})
    void aBodyReadWholeStopsAtTheLimitWhateverItsType(String path) {
        ProcessingException e = assertThrows(ProcessingException.class, () -> client.target(misbehaving.uri(path))
                .request().property(ConfigKeys.MAX_DECODED_SIZE, "1M").get(byte[].class));
        assertTrue(messages(e).contains("exceeds the limit of 1048576 bytes"), messages(e));
    }

    /** Nothing to decode: an empty body in a coding this client lacks is empty, not an error. */
    @Test
    void anEmptyBodyInAnUnknownCodingIsEmpty() {
        try (Response response = client.target(misbehaving.uri("/empty-unknown")).request().get()) {
            assertEquals(200, response.getStatus());
            assertEquals("", response.readEntity(String.class));
        }
    }

    /** A server that takes only gzip says so in a 415: resend once in gzip, and start with gzip from then on. */
    @Test
    void retriesOnceAfter415AndRemembersTheServer() {
        java.util.List<Integer> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        Client lzfClient = ClientBuilder.newClient()
                .register(new CompressionFeature(CompressionConfig.builder().requestCoding("lzf").build()))
                .register((jakarta.ws.rs.client.ClientResponseFilter) (req, res) -> seen.add(res.getStatus()));
        try {
            int refused = misbehaving.gzipOnlyRefused.get();
            int accepted = misbehaving.gzipOnlyAccepted.get();
            var target = lzfClient.target(misbehaving.uri("/gzip-only"));
            assertEquals("gzip " + UPLOAD.length,
                    target.request().post(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON), String.class));
            assertEquals(refused + 1, misbehaving.gzipOnlyRefused.get());
            assertEquals(accepted + 1, misbehaving.gzipOnlyAccepted.get());
            assertEquals("gzip " + UPLOAD.length,
                    target.request().post(Entity.entity(UPLOAD, MediaType.APPLICATION_JSON), String.class));
            assertEquals(refused + 1, misbehaving.gzipOnlyRefused.get(), "remembered: no second refusal");
            assertEquals(accepted + 2, misbehaving.gzipOnlyAccepted.get());
            assertTrue(!seen.isEmpty() && seen.stream().allMatch(status -> status == 200),
                    "the application's filters never saw the 415: " + seen);
        } finally {
            lzfClient.close();
        }
    }

    /** A body that may write once only (a stream, a StreamingOutput over one) is not sent again, cut short. */
    @ParameterizedTest
    @ValueSource(strings = {"stream", "streaming-output"})
    void aOneShotBodyIsNotReplayedAfter415(String kind) {
        Client lzfClient = ClientBuilder.newClient()
                .register(new CompressionFeature(CompressionConfig.builder().requestCoding("lzf").build()));
        InputStream once = new java.io.ByteArrayInputStream(UPLOAD);
        Object body = kind.equals("stream") ? once : (jakarta.ws.rs.core.StreamingOutput) once::transferTo;
        int accepted = misbehaving.gzipOnlyAccepted.get();
        try (Response response = lzfClient.target(misbehaving.uri("/gzip-only")).request().post(Entity.entity(
                body, MediaType.APPLICATION_OCTET_STREAM))) {
            assertEquals(415, response.getStatus());
            assertEquals("gzip", response.getHeaderString("Accept-Encoding"));
            assertEquals(accepted, misbehaving.gzipOnlyAccepted.get(), "nothing sent again");
        } finally {
            lzfClient.close();
        }
    }

    /** Every message down the cause chain: CXF's client wraps the decoder's exception in its own. */
    static String messages(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append(" | ");
        }
        return all.toString();
    }
}
