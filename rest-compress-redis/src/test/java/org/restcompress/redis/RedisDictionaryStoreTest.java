package org.restcompress.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.dictionary.DictionaryStoreProvider;
import redis.clients.jedis.exceptions.JedisConnectionException;

/** The Redis store against a real redis-server: kept, expired, bounded, and harmless while Redis is gone. */
class RedisDictionaryStoreTest {

    private static RedisServer server;
    private static RedisDictionaryStore store;

    @BeforeAll
    static void start() throws Exception {
        server = RedisServer.start();
        store = RedisDictionaryStore.at(URI.create(server.location()), 1024);
    }

    @AfterAll
    static void stop() throws Exception {
        if (store != null) {
            store.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void keepsByHashUntilTheLifetimeEnds() throws InterruptedException {
        store.put("aa", new byte[] {1, 2, 3}, Duration.ofMinutes(5));
        assertArrayEquals(new byte[] {1, 2, 3}, store.get("aa"));
        assertNull(store.get("bb"));
        store.put("short", new byte[] {4}, Duration.ofMillis(200));
        assertArrayEquals(new byte[] {4}, store.get("short"));
        Thread.sleep(400);
        assertNull(store.get("short"), "expired with its dictionary's lifetime");
        store.put("big", new byte[1025], Duration.ofMinutes(5));
        assertNull(store.get("big"), "larger than the largest dictionary: not sent");
        assertEquals(64L << 20, store.redisMaxMemory(), "the bound Redis itself keeps, as the store saw it");
    }

    @Test
    void anotherInstanceFindsWhatOneKept() {
        try (RedisDictionaryStore other = RedisDictionaryStore.at(URI.create(server.location()), 1024)) {
            store.put("shared", new byte[] {9, 9}, Duration.ofMinutes(5));
            assertArrayEquals(new byte[] {9, 9}, other.get("shared"));
        }
    }

    @Test
    void aStoreWithoutRedisAnswersNothingQuicklyAndResumes() throws Exception {
        store.put("before", new byte[] {1}, Duration.ofMinutes(5));
        server.stop();
        try {
            long start = System.nanoTime();
            for (int i = 0; i < 50; i++) {
                assertNull(store.get("before"));
                store.put("during", new byte[] {2}, Duration.ofMinutes(5));
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 2_000, "100 calls took " + millis + " ms while Redis was gone");
            assertTrue(store.isDown());
        } finally {
            server.startAgain();
        }
        Thread.sleep(RedisDictionaryStore.BACK_OFF_NANOS / 1_000_000 + 100);
        store.put("after", new byte[] {3}, Duration.ofMinutes(5));
        assertArrayEquals(new byte[] {3}, store.get("after"));
        assertFalse(store.isDown());
    }

    /** A restart between two calls leaves a pooled connection Redis closed; it must not cost a second of outage. */
    @Test
    void aRestartBetweenCallsCostsNothing() throws Exception {
        try (RedisDictionaryStore fresh = RedisDictionaryStore.at(URI.create(server.location()), 1024)) {
            fresh.put("first", new byte[] {1}, Duration.ofMinutes(5));
            assertArrayEquals(new byte[] {1}, fresh.get("first"), "a connection is pooled");
            server.stop();
            server.startAgain();
            fresh.put("again", new byte[] {2}, Duration.ofMinutes(5));
            assertArrayEquals(new byte[] {2}, fresh.get("again"), "kept by the restarted Redis at once");
            assertFalse(fresh.isDown());
        }
    }

    /**
     * A lease sent again after a connection failed finds the key set: it is the caller's only if the key holds the
     * caller's own content (its first command was carried out, only the reply lost). Here the first command meets a
     * connection a restart closed, and the key is set by another instance before the command is sent again.
     */
    @Test
    void aLeaseSentAgainIsTheCallersOnlyIfTheKeyHoldsItsContent() throws Exception {
        byte[] mine = "instance-a".getBytes(StandardCharsets.US_ASCII);
        for (String holder : List.of("instance-a", "instance-b")) {
            try (RedisDictionaryStore a = RedisDictionaryStore.at(URI.create(server.location()), 1024)) {
                a.put("warm", new byte[] {1}, Duration.ofMinutes(1)); // a pooled connection
                server.stop();
                server.startAgain();
                try (RedisDictionaryStore b = RedisDictionaryStore.at(URI.create(server.location()), 1024)) {
                    assertTrue(b.putIfAbsent("lease", holder.getBytes(StandardCharsets.US_ASCII),
                            Duration.ofMinutes(1)));
                }
                assertEquals(holder.equals("instance-a"), a.putIfAbsent("lease", mine, Duration.ofMinutes(1)),
                        "lease held by " + holder);
                assertFalse(a.isDown());
            }
        }
    }

    /**
     * A Redis that does not answer a connect (a listener whose backlog is full drops the handshake) costs one timeout,
     * not two: a timeout is never sent again. Jedis keeps the connect's timeout as a suppressed exception.
     */
    @Test
    void aConnectThatTimesOutIsNotTriedAgain() throws Exception {
        List<Socket> queued = new ArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            boolean full = false;
            for (int i = 0; i < 16 && !full; i++) { // fill the accept queue until a connect is left unanswered
                Socket socket = new Socket();
                try {
                    socket.connect(silent.getLocalSocketAddress(), 200);
                    queued.add(socket);
                } catch (SocketTimeoutException unanswered) {
                    socket.close();
                    full = true;
                }
            }
            assertTrue(full, "the kernel answered every connect: this test needs a full backlog to drop them");
            try (RedisDictionaryStore unanswering = RedisDictionaryStore.at(
                    URI.create("redis://127.0.0.1:" + silent.getLocalPort() + "?timeout=500ms"), 1024)) {
                long start = System.nanoTime();
                assertNull(unanswering.get("any"));
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis >= 400 && millis < 900, "one connect timeout of 500 ms, took " + millis + " ms");
                assertTrue(unanswering.isDown());
            }
        } finally {
            for (Socket socket : queued) {
                socket.close();
            }
        }
    }

    @Test
    void timeoutsAreFoundAsCausesAndAsSuppressed() {
        JedisConnectionException connect = new JedisConnectionException("Failed to connect to h:1.");
        connect.addSuppressed(new SocketTimeoutException("Connect timed out"));
        assertTrue(RedisDictionaryStore.timedOut(new JedisConnectionException(connect)));
        assertTrue(RedisDictionaryStore.timedOut(new JedisConnectionException(new SocketTimeoutException("Read"))));
        assertFalse(RedisDictionaryStore.timedOut(new JedisConnectionException("Unexpected end of stream.")));
    }

    @Test
    void foundByItsProviderAndLocationsAreChecked() {
        DictionaryStoreProvider provider = ServiceLoader.load(DictionaryStoreProvider.class).findFirst().orElseThrow();
        assertTrue(provider.supports(URI.create("redis://h:1")));
        assertFalse(provider.supports(URI.create("memcached://h:1")));
        assertEquals(Duration.ofMillis(250), RedisDictionaryStore.timeout("timeout=250ms"));
        assertEquals(Duration.ofSeconds(2), RedisDictionaryStore.timeout("timeout=2s"));
        assertThrows(IllegalArgumentException.class, () -> RedisDictionaryStore.timeout("timeout=forever"));
        assertThrows(IllegalArgumentException.class,
                () -> RedisDictionaryStore.at(URI.create("redis://h:1/zero"), 1));
        assertThrows(IllegalArgumentException.class, () -> RedisDictionaryStore.at(URI.create("redis:/nohost"), 1));
    }
}
