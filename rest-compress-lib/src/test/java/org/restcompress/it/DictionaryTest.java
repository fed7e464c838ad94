package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import jakarta.ws.rs.core.Application;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.it.Http.Reply;

/**
 * Compression dictionaries (RFC 9842) over real HTTP: a feed sent as a dictionary comes back as a {@code dcz} or
 * {@code dcb} delta, a shared dictionary is served, announced and used for small items, request bodies decode
 * against what the server has, and every bad input gets the ordinary coding or a clear 4xx, with the reason said.
 */
class DictionaryTest {

    private static final byte[] TRAINED = DictionaryBodies.trained();
    private static TestServer server;

    /** The request codings the server received, before anything decoded them. */
    @jakarta.ws.rs.container.PreMatching
    public static class ReceivedCodings implements jakarta.ws.rs.container.ContainerRequestFilter {
        static final java.util.List<String> SEEN = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void filter(jakarta.ws.rs.container.ContainerRequestContext request) {
            if ("POST".equals(request.getMethod())) {
                SEEN.add(String.valueOf(request.getHeaderString("Content-Encoding")));
            }
        }
    }

    public static class DictionaryApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DictionaryResource.class, ReceivedCodings.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().debug(true).maxDecodedSize(1 << 20)
                    .sharedDictionary("items", TRAINED)
                    .excludeResponses((request, response) -> response.getHeaders().containsKey("Set-Cookie"))
                    .build()));
        }
    }

    /** The writes the broken store refused. */
    static final java.util.concurrent.atomic.AtomicInteger FAILED_PUTS =
            new java.util.concurrent.atomic.AtomicInteger();

    /** The dictionary resources over a store of the test's own. */
    abstract static class StoreApplication extends Application implements org.restcompress.dictionary.DictionaryStore {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DictionaryResource.class, ReceivedCodings.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().debug(true)
                    .sharedDictionary("items", TRAINED).dictionaryStore(this).build()));
        }
    }

    /** A store that is gone: every call fails. */
    public static class BrokenStoreApplication extends StoreApplication {
        @Override
        public void put(String hash, byte[] content, java.time.Duration lifetime) {
            FAILED_PUTS.incrementAndGet();
            throw new IllegalStateException("store down");
        }

        @Override
        public byte[] get(String hash) {
            throw new IllegalStateException("store down");
        }
    }

    /** The gets the counting store was asked, and its entries. */
    static final java.util.concurrent.atomic.AtomicInteger STORE_GETS = new java.util.concurrent.atomic.AtomicInteger();
    static final Map<String, byte[]> COUNTED = new java.util.concurrent.ConcurrentHashMap<>();

    /** A store that counts the gets it is asked: a remote one, where each is a round trip. */
    public static class CountingStoreApplication extends StoreApplication {
        @Override
        public void put(String hash, byte[] content, java.time.Duration lifetime) {
            COUNTED.put(hash, content);
        }

        @Override
        public byte[] get(String hash) {
            STORE_GETS.incrementAndGet();
            return COUNTED.get(hash);
        }
    }

    /** The counting store with nothing observing decisions (no debug header, no listener). */
    public static class UnobservedStoreApplication extends CountingStoreApplication {
        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder()
                    .sharedDictionary("items", TRAINED).dictionaryStore(this).build()));
        }
    }

    /** Uses a shared dictionary it does not configure. */
    public static class MissingDictionaryApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DictionaryResource.class, CompressionFeature.class);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(DictionaryApplication.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String available(byte[] dictionary) {
        return ":" + Base64.getEncoder().encodeToString(Dictionary.sha256(dictionary)) + ":";
    }

    static byte[] decode(String coding, byte[] body, byte[] dictionary) throws IOException {
        Dictionary d = Dictionary.of(dictionary);
        DictionaryFormat format = DictionaryFormat.of(coding);
        DictionaryCodec codec = new DictionaryCodec(format,
                format == DictionaryFormat.DCZ ? new ZstdCodec() : new BrotliCodec(), h -> h.equals(d.hash()) ? d : null);
        try (var in = codec.decode(new java.io.ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    private static Reply get(String path, String... headers) {
        return Http.get(server.uri(path), headers);
    }

    @Test
    void aFeedIsSentAsADictionaryAndTheNextStepAsADeltaAgainstIt() throws IOException {
        Reply first = get("dict/feed?at=0", "Accept-Encoding", "gzip, br, zstd, dcb, dcz");
        assertEquals(200, first.status());
        assertEquals("zstd", first.header("Content-Encoding"));
        assertEquals("match=\"/rest/dict/feed\"", first.header("Use-As-Dictionary"));
        assertEquals("max-age=600", first.header("Cache-Control"));
        assertEquals("Accept-Encoding, Available-Dictionary", first.header("Vary"));
        byte[] dictionary = first.decoded();
        assertArrayEquals(DictionaryBodies.feed(0), dictionary);

        Reply next = get("dict/feed?at=3", "Accept-Encoding", "gzip, br, zstd, dcb, dcz",
                "Available-Dictionary", available(dictionary));
        assertEquals(200, next.status());
        assertEquals("dcz", next.header("Content-Encoding"));
        assertEquals("dcz; reason=dictionary", next.header("Compression-Decision"));
        assertEquals("Accept-Encoding, Available-Dictionary", next.header("Vary"));
        assertArrayEquals(DictionaryBodies.feed(3), decode("dcz", next.body(), dictionary));
        byte[] zstdAlone = Zstd.compress(DictionaryBodies.feed(3), 3);
        assertTrue(next.body().length * 5 <= zstdAlone.length, next.body().length + " against " + zstdAlone.length);
        assertNotNull(next.header("Use-As-Dictionary"), "a delta is itself the next dictionary");
    }

    @Test
    void dcbWhenTheClientPrefersIt() throws IOException {
        byte[] dictionary = DictionaryBodies.feed(10);
        get("dict/feed?at=10", "Accept-Encoding", "br"); // kept by the server
        Reply next = get("dict/feed?at=12", "Accept-Encoding", "br, dcb, dcz;q=0.5",
                "Available-Dictionary", available(dictionary));
        assertEquals("dcb", next.header("Content-Encoding"));
        assertArrayEquals(DictionaryBodies.feed(12), decode("dcb", next.body(), dictionary));
    }

    @Test
    void theOrdinaryCodingWhenTheDictionaryCannotBeUsedAndTheDecisionSaysWhy() {
        byte[] kept = DictionaryBodies.feed(20);
        get("dict/feed?at=20", "Accept-Encoding", "zstd");
        Map<String, String[]> cases = new HashMap<>();
        cases.put("unknown", new String[] {"Available-Dictionary", available("never sent".getBytes())});
        cases.put("malformed", new String[] {"Available-Dictionary", "not-a-byte-sequence"});
        cases.put("cross-origin", new String[] {"Available-Dictionary", available(kept), "Sec-Fetch-Site",
                "cross-site"});
        cases.put("not-accepted", new String[] {"Available-Dictionary", available(kept),
                "Accept-Encoding", "zstd"});
        cases.put("short hash", new String[] {"Available-Dictionary", ":AAAA:"});
        cases.forEach((why, headers) -> {
            String[] all = Arrays.copyOf(headers, headers.length + 2);
            if (!Arrays.asList(headers).contains("Accept-Encoding")) {
                all[headers.length] = "Accept-Encoding";
                all[headers.length + 1] = "zstd, dcz, dcb";
            } else {
                all = headers;
            }
            Reply reply = get("dict/feed?at=21", all);
            assertEquals(200, reply.status(), why);
            assertEquals("zstd", reply.header("Content-Encoding"), why);
            String note = why.equals("short hash") ? "malformed" : why;
            assertEquals("zstd; reason=negotiated; dictionary=" + note, reply.header("Compression-Decision"), why);
            assertArrayEquals(DictionaryBodies.feed(21), reply.decoded(), why);
        });
        Reply sameOrigin = get("dict/feed?at=21", "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                available(kept), "Sec-Fetch-Site", "same-origin");
        assertEquals("dcz", sameOrigin.header("Content-Encoding"));
    }

    @Test
    void onlyTheMethodsCodingsBesidesTheDictionaryOnes() throws IOException {
        byte[] kept = DictionaryBodies.feed(30);
        Reply first = get("dict/gzip-feed?at=30", "Accept-Encoding", "zstd, gzip, dcz");
        assertEquals("gzip", first.header("Content-Encoding"));
        assertEquals("match=\"/rest/dict/gzip-feed*\"", first.header("Use-As-Dictionary"));
        Reply next = get("dict/gzip-feed?at=31", "Accept-Encoding", "zstd, gzip, dcz", "Available-Dictionary",
                available(kept));
        assertEquals("dcz", next.header("Content-Encoding"));
        assertArrayEquals(DictionaryBodies.feed(31), decode("dcz", next.body(), kept));
    }

    @Test
    void aResponseExcludedFromCompressionIsNeitherADictionaryNorDeltaEncoded() {
        Reply first = get("dict/session-feed?at=40", "Accept-Encoding", "zstd, dcz");
        assertNull(first.header("Use-As-Dictionary"));
        assertNull(first.header("Content-Encoding"));
        Reply next = get("dict/session-feed?at=41", "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                available(DictionaryBodies.feed(40)));
        assertNull(next.header("Content-Encoding"));
        assertEquals("identity; reason=excluded-by-predicate; dictionary=unknown", next.header("Compression-Decision"));
        assertArrayEquals(DictionaryBodies.feed(41), next.body());
    }

    @Test
    void aSharedDictionaryIsAnnouncedServedAndUsedForSmallItems() throws IOException {
        Reply plain = get("dict/items/5", "Accept-Encoding", "zstd, dcz");
        assertEquals("identity; reason=below-threshold; size=" + DictionaryBodies.item(5).length
                + "; threshold=1024", plain.header("Compression-Decision"));
        String hash = Dictionary.of(TRAINED).hash();
        assertEquals("</rest/compression-dictionaries/" + hash + ">; rel=\"compression-dictionary\"",
                plain.header("Link"));

        Reply dictionary = get("compression-dictionaries/" + hash);
        assertEquals(200, dictionary.status());
        assertArrayEquals(TRAINED, dictionary.body());
        assertEquals("\"" + hash + "\"", dictionary.header("ETag"));
        assertEquals("match=\"/rest/dict/items/*\", id=\"items\"", dictionary.header("Use-As-Dictionary"));
        assertTrue(dictionary.header("Cache-Control").contains("max-age=31536000"));
        assertEquals(304, get("compression-dictionaries/" + hash, "If-None-Match", "\"" + hash + "\"").status());
        assertEquals(404, get("compression-dictionaries/" + "0".repeat(64)).status());

        Reply small = get("dict/items/5", "Accept-Encoding", "zstd, dcz", "Available-Dictionary", available(TRAINED));
        assertEquals("dcz", small.header("Content-Encoding"));
        assertArrayEquals(DictionaryBodies.item(5), decode("dcz", small.body(), TRAINED));
        assertTrue(small.body().length < DictionaryBodies.item(5).length * 0.6,
                small.body().length + " of " + DictionaryBodies.item(5).length);
    }

    @Test
    void requestBodiesDecodeAgainstADictionaryTheServerHas() throws IOException {
        byte[] body = DictionaryBodies.item(77);
        for (String coding : new String[] {"dcz", "dcb"}) {
            Reply echoed = Http.post(server.uri("dict/echo"), encode(coding, body, TRAINED), "Content-Encoding",
                    coding, "Content-Type", "application/octet-stream");
            assertEquals(200, echoed.status(), coding + ": " + echoed.text());
            assertArrayEquals(body, echoed.body(), coding);
        }
        Reply unknown = Http.post(server.uri("dict/echo"), encode("dcz", body, "other".getBytes()),
                "Content-Encoding", "dcz", "Content-Type", "application/octet-stream");
        // not corrupt: a dictionary this server lacks (a store may forget any), 415 naming what it accepts instead,
        // which a sender can send the body again in
        assertEquals(415, unknown.status());
        assertTrue(unknown.text().startsWith("dcz body made with a dictionary not available here"), unknown.text());
        String accepted = unknown.header("Accept-Encoding");
        assertTrue(accepted != null && accepted.contains("zstd") && accepted.endsWith("dcz, dcb"),
                "the coding sent is taken, not the dictionary: " + accepted);
        byte[] whole = encode("dcz", body, TRAINED);
        Reply truncated = Http.post(server.uri("dict/echo"), Arrays.copyOf(whole, 30), "Content-Encoding", "dcz",
                "Content-Type", "application/octet-stream");
        assertEquals(400, truncated.status(), truncated.text());
        Reply bomb = Http.post(server.uri("dict/echo"), encode("dcz", new byte[4 << 20], TRAINED),
                "Content-Encoding", "dcz", "Content-Type", "application/octet-stream");
        assertEquals(413, bomb.status(), bomb.text());
        assertEquals(200, get("dict/items/1").status(), "still serving");
    }

    static byte[] encode(String coding, byte[] body, byte[] dictionary) throws IOException {
        DictionaryFormat format = DictionaryFormat.of(coding);
        DictionaryCodec codec = new DictionaryCodec(format,
                format == DictionaryFormat.DCZ ? new ZstdCodec() : new BrotliCodec(), h -> null);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = codec.bound(Dictionary.of(dictionary)).encode(sink)) {
            out.write(body);
        }
        return sink.toByteArray();
    }

    @Test
    void ourClientKeepsAFeedAnnouncesItAndDecodesTheDelta() {
        jakarta.ws.rs.client.Client client = jakarta.ws.rs.client.ClientBuilder.newClient()
                .register(CompressionFeature.class);
        try {
            jakarta.ws.rs.core.Response first = client.target(server.uri("dict/feed?at=50")).request().get();
            assertEquals("zstd", first.getHeaderString("Content-Encoding"));
            assertArrayEquals(DictionaryBodies.feed(50), first.readEntity(byte[].class));
            jakarta.ws.rs.core.Response next = client.target(server.uri("dict/feed?at=53")).request().get();
            assertEquals("dcz", next.getHeaderString("Content-Encoding"));
            assertEquals("dcz; reason=dictionary", next.getHeaderString("Compression-Decision"));
            assertArrayEquals(DictionaryBodies.feed(53), next.readEntity(byte[].class));
            // the delta became the next dictionary
            jakarta.ws.rs.core.Response third = client.target(server.uri("dict/feed?at=54")).request().get();
            assertEquals("dcz", third.getHeaderString("Content-Encoding"));
            assertArrayEquals(DictionaryBodies.feed(54), third.readEntity(byte[].class));
            // another path the pattern does not cover: nothing announced
            jakarta.ws.rs.core.Response other = client.target(server.uri("dict/items/3")).request().get();
            assertEquals(200, other.getStatus());
            other.close();
        } finally {
            client.close();
        }
    }

    /** An Invocation invoked again keeps what the library set on it (RESTEasy): still the library's, not the app's. */
    @Test
    void ourClientDecodesDeltasOnAnInvocationInvokedAgain() {
        jakarta.ws.rs.client.Client client = jakarta.ws.rs.client.ClientBuilder.newClient()
                .register(CompressionFeature.class);
        try {
            jakarta.ws.rs.client.Invocation again = client.target(server.uri("dict/feed?at=60")).request().buildGet();
            for (int i = 0; i < 3; i++) {
                try (jakarta.ws.rs.core.Response response = again.invoke()) {
                    assertEquals(i == 0 ? "zstd" : "dcz", response.getHeaderString("Content-Encoding"));
                    assertArrayEquals(DictionaryBodies.feed(60), response.readEntity(byte[].class), "call " + i);
                }
            }
        } finally {
            client.close();
        }
    }

    @Test
    void ourClientFetchesAnAnnouncedSharedDictionaryAndUsesIt() throws InterruptedException {
        // the application's own filter (its credentials, say) sees the fetch: it goes through the same client
        java.util.List<String> fetches = new java.util.concurrent.CopyOnWriteArrayList<>();
        jakarta.ws.rs.client.Client client = countingFetches(new CompressionFeature(), fetches);
        try {
            jakarta.ws.rs.core.Response first = client.target(server.uri("dict/items/8")).request().get();
            assertEquals(DictionaryBodies.item(8).length, first.readEntity(byte[].class).length);
            String coding = null;
            for (int attempt = 0; attempt < 100 && !"dcz".equals(coding); attempt++) {
                Thread.sleep(50); // fetched in the background
                jakarta.ws.rs.core.Response item = client.target(server.uri("dict/items/9")).request().get();
                coding = item.getHeaderString("Content-Encoding");
                assertArrayEquals(DictionaryBodies.item(9), item.readEntity(byte[].class));
            }
            assertEquals("dcz", coding);
            assertEquals(1, fetches.size(), "fetched once, through the client's filters: " + fetches);
        } finally {
            client.close();
        }
    }

    /**
     * A client with {@code feature} and the application's own filter (credentials, say), which notes in
     * {@code fetches} each shared dictionary the client fetched: the fetch goes through the same client.
     */
    private static jakarta.ws.rs.client.Client countingFetches(CompressionFeature feature,
            java.util.List<String> fetches) {
        return jakarta.ws.rs.client.ClientBuilder.newClient().register(feature)
                .register((jakarta.ws.rs.client.ClientRequestFilter) request -> {
                    request.getHeaders().putSingle("Authorization", "Bearer t0ken");
                    if (request.getUri().getPath().contains("compression-dictionaries/")) {
                        fetches.add(request.getUri().getPath());
                    }
                });
    }

    /** A shared dictionary longer than the client's dictionary.max-size: read that far, not kept, not fetched again. */
    @Test
    void aSharedDictionaryTooLargeForTheClientIsNotKeptNorFetchedAgain() throws InterruptedException {
        java.util.List<String> fetches = new java.util.concurrent.CopyOnWriteArrayList<>();
        jakarta.ws.rs.client.Client client = countingFetches(new CompressionFeature(org.restcompress.CompressionConfig
                .builder().dictionaryMaxSize(TRAINED.length / 2).build()), fetches);
        try {
            for (int i = 0; i < 10; i++) {
                jakarta.ws.rs.core.Response item = client.target(server.uri("dict/items/" + i)).request().get();
                assertEquals(null, item.getHeaderString("Content-Encoding"), "no dictionary kept, none announced");
                assertArrayEquals(DictionaryBodies.item(i), item.readEntity(byte[].class));
                Thread.sleep(30);
            }
            assertEquals(1, fetches.size(), "announced ten times, fetched once: " + fetches);
        } finally {
            client.close();
        }
    }

    @Test
    void etagsPerCodingAnd304AndHeadWithADictionary() throws Exception {
        byte[] kept = DictionaryBodies.feed(60);
        byte[] older = DictionaryBodies.feed(59);
        get("dict/tagged-feed?at=59", "Accept-Encoding", "zstd");
        get("dict/tagged-feed?at=60", "Accept-Encoding", "zstd");
        String[] asks = {"Accept-Encoding", "zstd, dcz", "Available-Dictionary", available(kept)};
        Reply delta = get("dict/tagged-feed?at=61", asks);
        assertEquals("dcz", delta.header("Content-Encoding"));
        String tag = "\"step-61-dcz." + hex(kept).substring(0, 8) + "\""; // the dictionary it was coded against
        assertEquals(tag, delta.header("ETag"));
        // against another dictionary the bytes differ: another representation, another strong tag (RFC 9110 8.8.3)
        Reply againstOlder = get("dict/tagged-feed?at=61", "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                available(older));
        assertEquals("dcz", againstOlder.header("Content-Encoding"));
        assertEquals("\"step-61-dcz." + hex(older).substring(0, 8) + "\"", againstOlder.header("ETag"));
        String[] conditional = Arrays.copyOf(asks, asks.length + 2);
        conditional[asks.length] = "If-None-Match";
        conditional[asks.length + 1] = tag;
        Reply notModified = get("dict/tagged-feed?at=61", conditional);
        assertEquals(304, notModified.status());
        assertEquals(tag, notModified.header("ETag"));
        assertEquals("Accept-Encoding, Available-Dictionary", notModified.header("Vary"));
        // a cache revalidating its copy made against the older dictionary, for a client naming the newer: not that one
        conditional[asks.length + 1] = againstOlder.header("ETag");
        assertEquals(200, get("dict/tagged-feed?at=61", conditional).status());
        conditional[asks.length + 1] = "\"step-61-dcz\""; // no dictionary named: no copy of ours
        assertEquals(200, get("dict/tagged-feed?at=61", conditional).status());
        conditional[asks.length + 1] = "\"step-61-zstd\""; // a copy in another coding is another representation
        assertEquals(200, get("dict/tagged-feed?at=61", conditional).status());
        // a client updating what it fetched in dcz names the tag it got: the resource's own tag matches
        assertEquals(200, get("dict/tagged-feed?at=61", "If-Match", tag).status());
        assertEquals(200, get("dict/tagged-feed?at=61", "If-Match", againstOlder.header("ETag")).status());
        assertEquals(412, get("dict/tagged-feed?at=61", "If-Match", "\"step-60-dcz." + hex(kept).substring(0, 8)
                + "\"").status());
        Reply head = Http.head(server.uri("dict/tagged-feed?at=61"), asks);
        assertEquals(200, head.status());
        assertEquals("dcz", head.header("Content-Encoding"));
        assertEquals(tag, head.header("ETag"));
        assertEquals(0, head.body().length);
    }

    private static String hex(byte[] content) throws java.security.NoSuchAlgorithmException {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(content));
    }

    /** Clients of a feed name the same last version: the store is asked for it once, not per request. */
    @Test
    void aDictionaryTheStoreGaveIsNotAskedForAgainPerRequest() throws Exception {
        COUNTED.clear();
        try (TestServer counting = TestServer.start(CountingStoreApplication.class)) {
            byte[] kept = Http.get(counting.uri("dict/feed?at=50"), "Accept-Encoding", "zstd").decoded();
            counted(kept);
            STORE_GETS.set(0);
            for (int i = 0; i < 3; i++) {
                Reply delta = Http.get(counting.uri("dict/feed?at=51"), "Accept-Encoding", "zstd, dcz",
                        "Available-Dictionary", available(kept));
                assertEquals("dcz", delta.header("Content-Encoding"));
                assertArrayEquals(DictionaryBodies.feed(51), decode("dcz", delta.body(), kept));
            }
            assertEquals(1, STORE_GETS.get());
        }
    }

    /**
     * A body sent as it is to a client that takes no coding is still announced and kept as a dictionary where nobody
     * observes decisions (such a body is otherwise not decided at all), and the next step comes as a delta against it.
     */
    @Test
    void aBodySentAsItIsIsStillKeptWhereNobodyObserves() throws Exception {
        COUNTED.clear();
        try (TestServer quiet = TestServer.start(UnobservedStoreApplication.class)) {
            Reply first = Http.get(quiet.uri("dict/feed?at=60"), "Accept-Encoding", "identity");
            assertNull(first.header("Content-Encoding"));
            assertNull(first.header("Compression-Decision"));
            assertEquals("match=\"/rest/dict/feed\"", first.header("Use-As-Dictionary"));
            assertArrayEquals(DictionaryBodies.feed(60), first.body());
            assertTrue(counted(first.body()), "the identity body was not kept as a dictionary");
            Reply delta = Http.get(quiet.uri("dict/feed?at=61"), "Accept-Encoding", "zstd, dcz",
                    "Available-Dictionary", available(first.body()));
            assertEquals("dcz", delta.header("Content-Encoding"));
            assertArrayEquals(DictionaryBodies.feed(61), decode("dcz", delta.body(), first.body()));
        }
    }

    /** Whether the counting store holds {@code content} within 5 seconds (it is kept after the response left). */
    private static boolean counted(byte[] content) throws InterruptedException {
        String hash = Dictionary.hex(Dictionary.sha256(content));
        for (int wait = 0; wait < 500 && !COUNTED.containsKey(hash); wait++) {
            Thread.sleep(10);
        }
        return COUNTED.containsKey(hash);
    }

    @Test
    void aFailingStoreCostsOnlyTheDelta() throws Exception {
        FAILED_PUTS.set(0);
        try (TestServer broken = TestServer.start(BrokenStoreApplication.class)) {
            for (int step = 0; step < 3; step++) {
                Reply reply = Http.get(broken.uri("dict/feed?at=" + step), "Accept-Encoding", "zstd, dcz",
                        "Available-Dictionary", available(DictionaryBodies.feed(step - 1)));
                assertEquals(200, reply.status());
                assertEquals("zstd; reason=negotiated; dictionary=unknown", reply.header("Compression-Decision"));
                assertArrayEquals(DictionaryBodies.feed(step), reply.decoded());
                // kept after the response left: the next step waits until the store has refused this one
                for (int wait = 0; wait < 500 && FAILED_PUTS.get() < step + 1; wait++) {
                    Thread.sleep(10);
                }
                assertEquals(step + 1, FAILED_PUTS.get());
            }
        }
    }

    @Test
    void aMissingSharedDictionaryFailsTheDeploymentSayingWhatToSet() {
        Exception failure = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                () -> TestServer.start(MissingDictionaryApplication.class).close());
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        assertTrue(messages.toString().contains("restcompress.shared-dictionary.items="), messages.toString());
    }

    @Test
    void ourClientSendsARequestBodyAsADeltaAgainstWhatTheServerSentIt() {
        jakarta.ws.rs.client.Client client = jakarta.ws.rs.client.ClientBuilder.newClient()
                .register(CompressionFeature.class);
        try {
            client.target(server.uri("dict/feed?at=90")).request().get(byte[].class);
            ReceivedCodings.SEEN.clear();
            byte[] update = DictionaryBodies.feed(91);
            for (String coding : new String[] {"dcz", "dcb"}) {
                byte[] echoed = client.target(server.uri("dict/feed")).request()
                        .property("restcompress.request-coding", coding)
                        .post(jakarta.ws.rs.client.Entity.entity(update, "application/json"), byte[].class);
                assertArrayEquals(update, echoed, coding);
            }
            assertEquals(java.util.List.of("dcz", "dcb"), ReceivedCodings.SEEN);
            // a URL the client has no dictionary for: the coding beneath
            ReceivedCodings.SEEN.clear();
            byte[] echoed = client.target(server.uri("dict/echo")).request()
                    .property("restcompress.request-coding", "dcz")
                    .post(jakarta.ws.rs.client.Entity.entity(update, "application/json"), byte[].class);
            assertArrayEquals(update, echoed);
            assertEquals(java.util.List.of("zstd"), ReceivedCodings.SEEN);
        } finally {
            client.close();
        }
    }

    /**
     * The library's client, told 415 for a dcz or dcb body by a server that lists the coding (the dictionary, not the
     * coding, was refused), sends it again in the coding beneath, and no longer codes bodies against that dictionary.
     */
    @Test
    void ourClientSendsABodyAgainBeneathWhenTheServerLostItsDictionary() throws Exception {
        try (TestServer counting = TestServer.start(CountingStoreApplication.class)) {
            jakarta.ws.rs.client.Client client = jakarta.ws.rs.client.ClientBuilder.newClient()
                    .register(CompressionFeature.class);
            try {
                int step = 7;
                for (String[] coding : new String[][] {{"dcz", "zstd"}, {"dcb", "br"}}) {
                    COUNTED.clear();
                    client.target(counting.uri("dict/gzip-feed?at=" + step++)).request().get(byte[].class);
                    for (int i = 0; i < 500 && COUNTED.isEmpty(); i++) {
                        Thread.sleep(10); // the server keeps it after the response left
                    }
                    assertEquals(1, COUNTED.size(), "the response kept as a dictionary");
                    COUNTED.clear(); // and forgotten, as a store may
                    ReceivedCodings.SEEN.clear();
                    postTwice(client, counting.uri("dict/gzip-feed"), coding[0], DictionaryBodies.feed(step));
                    assertEquals(java.util.List.of(coding[0], coding[1], coding[1]), ReceivedCodings.SEEN,
                            "refused once, sent again beneath, then beneath at once");
                }
            } finally {
                client.close();
            }
        }
    }

    /** Posts {@code body} twice, asking for {@code coding}: each answered 200 with the body echoed. */
    private static void postTwice(jakarta.ws.rs.client.Client client, java.net.URI uri, String coding, byte[] body) {
        for (int i = 0; i < 2; i++) {
            jakarta.ws.rs.core.Response taken = client.target(uri).request()
                    .property("restcompress.request-coding", coding)
                    .post(jakarta.ws.rs.client.Entity.entity(body, "application/json"));
            assertEquals(200, taken.getStatus(), coding);
            assertArrayEquals(body, taken.readEntity(byte[].class), coding);
        }
    }

    /** Answers 415 to every dcz or dcb body, listing codings without them: a server that takes no such body. */
    @jakarta.annotation.Priority(jakarta.ws.rs.Priorities.USER + 1000) // after ReceivedCodings saw it
    @jakarta.ws.rs.container.PreMatching
    public static class NoDictionaryBodies implements jakarta.ws.rs.container.ContainerRequestFilter {
        @Override
        public void filter(jakarta.ws.rs.container.ContainerRequestContext request) {
            if (DictionaryFormat.of(String.valueOf(request.getHeaderString("Content-Encoding"))) != null) {
                request.abortWith(jakarta.ws.rs.core.Response.status(415).header("Accept-Encoding", "zstd, gzip")
                        .build());
            }
        }
    }

    public static class NoDictionaryBodiesApplication extends DictionaryApplication {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DictionaryResource.class, ReceivedCodings.class, NoDictionaryBodies.class);
        }
    }

    /**
     * A 415 that does not list dcz says the server takes no dcz body at all: the client keeps its dictionary (for
     * responses) and sends later bodies beneath at once.
     */
    @Test
    void ourClientKeepsItsDictionaryWhereTheServerTakesNoDictionaryBodies() throws Exception {
        try (TestServer refusing = TestServer.start(NoDictionaryBodiesApplication.class)) {
            jakarta.ws.rs.client.Client client = jakarta.ws.rs.client.ClientBuilder.newClient()
                    .register(CompressionFeature.class);
            try {
                client.target(refusing.uri("dict/gzip-feed?at=3")).request().get(byte[].class);
                ReceivedCodings.SEEN.clear();
                postTwice(client, refusing.uri("dict/gzip-feed"), "dcz", DictionaryBodies.feed(4));
                assertEquals(java.util.List.of("dcz", "zstd", "zstd"), ReceivedCodings.SEEN);
                jakarta.ws.rs.core.Response delta = client.target(refusing.uri("dict/gzip-feed?at=5")).request()
                        .get();
                assertEquals("dcz", delta.getHeaderString("Content-Encoding"), "the dictionary still announced");
                assertArrayEquals(DictionaryBodies.feed(5), delta.readEntity(byte[].class));
            } finally {
                client.close();
            }
        }
    }
}
