package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;
import org.restcompress.redis.RedisServer;

/**
 * Deltas behind a load balancer: a real redis-server shared by two demo instances, nginx in front with round-robin
 * and no stickiness. Each step of the feed is answered by the other instance than the step before, and still comes
 * as a delta against it; with Redis gone, every request still answers at once in the ordinary coding; with Redis
 * back, deltas resume. Skipped where nginx or redis-server is missing, except under CI.
 */
class SharedStoreTest {

    private static final Path NGINX = Paths.get("/usr/sbin/nginx");

    @TempDir
    static Path dir;
    private static RedisServer redis;
    private static DemoServer a;
    private static DemoServer b;
    private static Process nginx;
    private static URI proxy;

    @BeforeAll
    static void start() throws Exception {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(NGINX), "CI must install nginx");
        }
        assumeTrue(Files.isExecutable(NGINX), "nginx is not installed");
        redis = RedisServer.start();
        System.setProperty("restcompress.dictionary.store", redis.location());
        try {
            a = DemoServer.start("127.0.0.1", 0);
            b = DemoServer.start("127.0.0.1", 0);
        } finally {
            System.clearProperty("restcompress.dictionary.store"); // read at deployment: other tests get memory
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Files.createDirectories(dir.resolve("tmp"));
        Path conf = Files.writeString(dir.resolve("nginx.conf"), config(port, a.port(), b.port()));
        nginx = new ProcessBuilder(NGINX.toString(), "-p", dir.toString(), "-c", conf.toString(), "-e",
                dir.resolve("error.log").toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout").toFile()).start();
        proxy = URI.create("http://127.0.0.1:" + port + "/rest/");
        for (int i = 0; i < 100 && !up(); i++) {
            assertTrue(nginx.isAlive(), "nginx exited");
            Thread.sleep(100);
        }
        assertTrue(up(), "nginx did not come up");
    }

    @AfterAll
    static void stop() throws Exception {
        if (nginx != null) {
            nginx.destroy();
            nginx.waitFor(10, TimeUnit.SECONDS);
        }
        for (DemoServer demo : new DemoServer[] {a, b}) {
            if (demo != null) {
                demo.close();
            }
        }
        if (redis != null) {
            redis.close();
        }
    }

    private static String config(int port, int first, int second) {
        return NginxConfig.head(dir) + String.join("\n",
                "  upstream demo {", // round-robin, no stickiness
                "    server 127.0.0.1:" + first + ";",
                "    server 127.0.0.1:" + second + ";",
                "  }",
                "  server {",
                "    listen 127.0.0.1:" + port + ";",
                "    location / {",
                "      proxy_pass http://demo;",
                "      proxy_http_version 1.1;",
                "      add_header X-Upstream $upstream_addr always;",
                "    }",
                "  }",
                "}", "");
    }

    private static boolean up() {
        try {
            return Http.get(proxy.resolve("ping?up")).status() == 200;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String available(long step) throws Exception {
        return ":" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(DemoFeed.feed(step))) + ":";
    }

    private static Reply step(long step, boolean withDictionary) throws Exception {
        return withDictionary
                ? Http.get(proxy.resolve("feed?at=" + step), "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                        available(step - 1))
                : Http.get(proxy.resolve("feed?at=" + step), "Accept-Encoding", "zstd, dcz");
    }

    private static byte[] decodeDelta(Reply reply, long step) throws IOException {
        Dictionary previous = Dictionary.of(DemoFeed.feed(step - 1));
        DictionaryCodec dcz = new DictionaryCodec(DictionaryFormat.DCZ, new ZstdCodec(),
                h -> h.equals(previous.hash()) ? previous : null);
        try (InputStream in = dcz.decode(new ByteArrayInputStream(reply.body()))) {
            return in.readAllBytes();
        }
    }

    /** A document of the demo's store: alike in structure, different in values. */
    static byte[] document(int id) {
        java.util.Random random = new java.util.Random(id);
        StringBuilder s = new StringBuilder("{\"id\":\"order-").append(id).append("\",\"status\":\"")
                .append(random.nextBoolean() ? "shipped" : "pending").append("\",\"customer\":{\"country\":\"")
                .append(new String[] {"FR", "DE", "NL", "US"}[random.nextInt(4)]).append("\",\"segment\":\"retail\"}")
                .append(",\"items\":[");
        for (int i = 0; i < 5; i++) {
            s.append(i == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(1000 + random.nextInt(9000))
                    .append("\",\"quantity\":").append(1 + random.nextInt(5)).append(",\"price\":")
                    .append(random.nextInt(100_00) / 100.0).append(",\"warehouse\":\"central\"}");
        }
        return s.append("],\"shipping\":{\"method\":\"standard\",\"insured\":false}}").toString()
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static final java.util.regex.Pattern LINK =
            java.util.regex.Pattern.compile("<[^>]*/compression-dictionaries/([0-9a-f]{64})>");

    /**
     * A trained dictionary behind round-robin: each instance samples what it serves, one trains and publishes the
     * version to Redis, the other takes it from there; both then announce the same hash and answer {@code dcz}
     * against it.
     */
    @Test
    void bothInstancesAnnounceOneTrainedDictionaryAndAnswerDczAgainstIt() throws Exception {
        int documents = 900;
        for (DemoServer demo : new DemoServer[] {a, b}) { // as if each had its own store (here they share one)
            URI docs = URI.create("http://127.0.0.1:" + demo.port() + "/rest/docs/");
            for (int id = 1; id <= documents; id++) {
                Reply put = Http.send(Http.request(docs.resolve("order-" + id), "Content-Type", "application/json")
                        .PUT(java.net.http.HttpRequest.BodyPublishers.ofByteArray(document(id))).build());
                assertTrue(put.status() == 201 || put.status() == 204, put.status() + " " + new String(put.body()));
            }
        }
        java.util.Map<String, String> announced = new java.util.HashMap<>();
        long end = System.nanoTime() + 90_000_000_000L;
        for (int id = 1; System.nanoTime() < end; id = id % documents + 1) {
            Reply reply = Http.get(proxy.resolve("docs/order-" + id), "Accept-Encoding", "zstd");
            assertEquals(200, reply.status());
            assertArrayEquals(document(id), reply.decoded());
            String link = reply.header("Link");
            if (link != null) {
                java.util.regex.Matcher m = LINK.matcher(link);
                assertTrue(m.find(), link);
                announced.put(reply.header("X-Upstream"), m.group(1));
                if (announced.size() == 2 && new HashSet<>(announced.values()).size() == 1) {
                    break;
                }
            }
            Thread.sleep(15); // each instance samples at most a tenth of its samples per second
        }
        assertEquals(2, announced.size(), "both instances announce a trained dictionary: " + announced);
        String hash = announced.values().iterator().next();
        assertEquals(1, new HashSet<>(announced.values()).size(), "one version for both: " + announced);
        // published under the dictionary's name and its methods' scope, which both instances share
        Set<String> pointers = new HashSet<>(redis.keys("restcompress:dictionary:trained:docs:*"));
        pointers.removeIf(key -> key.endsWith(":lease"));
        assertEquals(1, pointers.size(), "published to the store: " + pointers);
        String pointer = pointers.iterator().next();
        assertTrue(pointer.matches("restcompress:dictionary:trained:docs:[0-9a-f]{16}"), pointer);
        assertEquals(hash, redis.get(pointer));
        byte[] dictionary = Http.get(proxy.resolve("compression-dictionaries/" + hash)).body();
        Dictionary trained = Dictionary.of(dictionary);
        assertEquals(hash, trained.hash());
        DictionaryCodec dcz = new DictionaryCodec(DictionaryFormat.DCZ, new ZstdCodec(),
                h -> h.equals(hash) ? trained : null);
        Set<String> upstreams = new HashSet<>();
        for (int id = 1; id <= 4; id++) {
            Reply reply = Http.get(proxy.resolve("docs/order-" + id), "Accept-Encoding", "dcz, zstd",
                    "Available-Dictionary", ":" + Base64.getEncoder().encodeToString(Dictionary.sha256(dictionary))
                            + ":");
            assertEquals("dcz", reply.header("Content-Encoding"), "from " + reply.header("X-Upstream"));
            try (InputStream in = dcz.decode(new ByteArrayInputStream(reply.body()))) {
                assertArrayEquals(document(id), in.readAllBytes());
            }
            upstreams.add(reply.header("X-Upstream"));
        }
        assertEquals(2, upstreams.size(), "both instances answered dcz: " + upstreams);
    }

    @Test
    void everyStepAnsweredByTheOtherInstanceIsStillADelta() throws Exception {
        long first = 70_000;
        Reply previous = step(first, false);
        assertEquals(200, previous.status());
        awaitStored(first);
        Set<String> upstreams = new HashSet<>();
        upstreams.add(previous.header("X-Upstream"));
        for (long s = first + 1; s <= first + 30; s++) {
            Reply reply = step(s, true);
            assertEquals(200, reply.status());
            assertNotEquals(previous.header("X-Upstream"), reply.header("X-Upstream"),
                    "round-robin: the dictionary came from the other instance");
            assertEquals("dcz", reply.header("Content-Encoding"), "step " + s + " from " + reply.header("X-Upstream"));
            assertArrayEquals(DemoFeed.feed(s), decodeDelta(reply, s), "step " + s);
            upstreams.add(reply.header("X-Upstream"));
            previous = reply;
            awaitStored(s);
        }
        assertEquals(2, upstreams.size(), "both instances answered: " + upstreams);
    }

    /**
     * Waits until the feed's {@code step} is in Redis: a response reaches its client before it is stored (its write
     * comes milliseconds later, off the response path), and the next step goes to the other instance.
     */
    private static void awaitStored(long step) throws Exception {
        String key = "restcompress:dictionary:" + Dictionary.of(DemoFeed.feed(step)).hash();
        for (int i = 0; i < 500 && !redis.exists(key); i++) {
            Thread.sleep(10);
        }
        assertTrue(redis.exists(key), "step " + step + " was never stored");
    }

    /**
     * Redis stalled (DEBUG SLEEP) for the store's writes: responses kept as dictionaries leave before they are
     * stored, so none waits for the store's 100 ms timeout (before, one a second did: its back-off).
     */
    @Test
    void withRedisStalledNoResponseWaitsForItsDictionaryToBeStored() throws Exception {
        long first = 90_000;
        List<Long> up = times(first, 40);
        redis.stall(3);
        List<Long> stalled = times(first + 100, 40);
        System.out.println("feed responses kept as dictionaries, ms, Redis up: " + up + "; Redis stalled: " + stalled);
        assertTrue(stalled.get(stalled.size() - 1) < 100, "a response waited for the store's timeout: " + stalled);
        Thread.sleep(3_500); // the stall ends; the store leaves Redis alone for a second after it failed
    }

    /** The answer times of {@code n} feed steps without a dictionary to use (each only kept as one), sorted. */
    private static List<Long> times(long first, int n) throws Exception {
        List<Long> millis = new ArrayList<>();
        for (long s = first; s < first + n; s++) {
            long start = System.nanoTime();
            Reply reply = step(s, false);
            millis.add((System.nanoTime() - start) / 1_000_000);
            assertEquals(200, reply.status());
            assertArrayEquals(DemoFeed.feed(s), reply.decoded());
        }
        millis.sort(null);
        return millis;
    }

    @Test
    void withRedisGoneEveryRequestAnswersAtOnceAndDeltasComeBack() throws Exception {
        long first = 80_000;
        assertEquals(200, step(first, false).status());
        redis.stop();
        List<Long> millis = new ArrayList<>();
        try {
            for (long s = first + 1; s <= first + 20; s++) {
                long start = System.nanoTime();
                Reply reply = step(s, true);
                millis.add((System.nanoTime() - start) / 1_000_000);
                assertEquals(200, reply.status());
                assertEquals("zstd", reply.header("Content-Encoding"), "the ordinary coding while Redis is gone");
                assertArrayEquals(DemoFeed.feed(s), reply.decoded());
            }
        } finally {
            redis.startAgain();
        }
        millis.sort(null);
        assertTrue(millis.get(millis.size() / 2) < 200 && millis.get(millis.size() - 1) < 1_000,
                "answer times while Redis was gone (ms): " + millis);
        Thread.sleep(1_200); // the store leaves Redis alone for a second after a failure
        long again = first + 100;
        assertEquals(200, step(again, false).status());
        Reply delta = step(again + 1, true);
        assertEquals("dcz", delta.header("Content-Encoding"), "deltas resume once Redis answers");
        assertArrayEquals(DemoFeed.feed(again + 1), decodeDelta(delta, again + 1));
        System.out.println("while Redis was gone, answers took (ms): " + millis);
    }
}
