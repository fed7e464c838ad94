package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.restcompress.internal.codec.GzipCodec;
import org.restcompress.internal.observe.Observation;

class EncodedBodiesTest {

    private static final Object METHOD = new Object();
    private final GzipCodec gzip = new GzipCodec(6);

    private static byte[] body(int seed, int length) {
        byte[] body = new byte[length];
        new Random(seed).nextBytes(body);
        return body;
    }

    /** Seen once, seen again (kept), then found. */
    private static EncodedBodies.Lookup keepAndFind(EncodedBodies bodies, byte[] body, byte[] encoded) {
        EncodedBodies.Lookup first = bodies.find(METHOD, "gzip", body, body.length, new GzipCodec(6), true);
        assertFalse(first.keep(), "not kept on its first sighting");
        EncodedBodies.Lookup second = bodies.find(METHOD, "gzip", body, body.length, new GzipCodec(6), true);
        assertTrue(second.keep());
        bodies.keep(second, body, encoded);
        return bodies.find(METHOD, "gzip", body, body.length, new GzipCodec(6), true);
    }

    @Test
    void neverHoldsMoreThanItsBoundAndLetsTheLeastRecentlyUsedGo() throws Exception {
        long max = 256 * 1024;
        try (EncodedBodies bodies = new EncodedBodies(max, Observation.NONE)) {
            byte[] first = body(0, 20_000);
            assertNotNull(keepAndFind(bodies, first, new byte[5_000]).encoded());
            for (int i = 1; i < 100; i++) {
                byte[] body = body(i, 20_000);
                keepAndFind(bodies, body, new byte[5_000]);
                assertTrue(bodies.kept() <= max, "kept " + bodies.kept());
                // the first stays in use, so it stays
                assertNotNull(bodies.find(METHOD, "gzip", first, first.length, gzip, true).encoded(),
                        "at " + i);
            }
            assertEquals(max / 25_000, bodies.bodies(), "as many as fit");
            assertEquals(bodies.bodies() * 25_000L, bodies.kept());
            byte[] second = body(1, 20_000);
            assertNull(bodies.find(METHOD, "gzip", second, second.length, gzip, true).encoded(), "let go long ago");
        }
    }

    @Test
    void aBodyOverAnEighthOfTheBoundIsNeverKept() throws Exception {
        try (EncodedBodies bodies = new EncodedBodies(80_000, Observation.NONE)) {
            byte[] large = body(7, 10_001);
            bodies.find(METHOD, "gzip", large, large.length, gzip, true);
            assertFalse(bodies.find(METHOD, "gzip", large, large.length, gzip, true).keep());
            assertEquals(0, bodies.kept());
        }
    }

    @Test
    void aHitIsTheSameBytesNotTheSameFingerprint() throws Exception {
        try (EncodedBodies bodies = new EncodedBodies(1 << 20, Observation.NONE)) {
            byte[] body = body(3, 64 * 1024);
            byte[] twin = body.clone();
            twin[9] ^= 1; // in a word the fingerprint skips
            assertEquals(EncodedBodies.fingerprint(body, body.length), EncodedBodies.fingerprint(twin, twin.length));
            assertNotNull(keepAndFind(bodies, body, new byte[] {1}).encoded());
            EncodedBodies.Lookup lookup = bodies.find(METHOD, "gzip", twin, twin.length, gzip, true);
            assertNull(lookup.encoded());
            assertFalse(lookup.keep(), "a different body behind a kept fingerprint is not kept at once");
            assertArrayEquals(new byte[] {1}, bodies.find(METHOD, "gzip", body, body.length, gzip, true).encoded());
        }
    }

    @Test
    void formsAreKeptPerCodingAndMethod() throws Exception {
        try (EncodedBodies bodies = new EncodedBodies(1 << 20, Observation.NONE)) {
            byte[] body = body(4, 4096);
            keepAndFind(bodies, body, new byte[] {1});
            EncodedBodies.Lookup zstd = bodies.find(METHOD, "zstd", body, body.length, gzip, true);
            assertNull(zstd.encoded());
            assertTrue(zstd.keep(), "a kept body in another coding: kept at once");
            bodies.keep(zstd, body, new byte[] {2});
            assertArrayEquals(new byte[] {2}, bodies.find(METHOD, "zstd", body, body.length, gzip, true).encoded());
            assertArrayEquals(new byte[] {1}, bodies.find(METHOD, "gzip", body, body.length, gzip, true).encoded());
            assertEquals(4096 + 2, bodies.kept(), "the body once, each form");
            assertNull(bodies.find(new Object(), "gzip", body, body.length, gzip, true).encoded(), "another method's");
        }
    }

    @Test
    void aStoppedApplicationKeepsNothingAndLeavesNoThread() throws Exception {
        EncodedBodies bodies = new EncodedBodies(1 << 20, Observation.NONE);
        byte[] body = new String(new char[200_000]).replace('\0', 'a').getBytes();
        java.io.ByteArrayOutputStream encoded = new java.io.ByteArrayOutputStream();
        try (java.io.OutputStream out = gzip.encode(encoded)) {
            out.write(body);
        }
        bodies.find(METHOD, "gzip", body, body.length, gzip, true);
        assertFalse(bodies.find(METHOD, "gzip", body, body.length, gzip, true).keep(), "over an eighth");
        byte[] small = java.util.Arrays.copyOf(body, 100_000);
        encoded.reset();
        try (java.io.OutputStream out = new GzipCodec(1).encode(encoded)) {
            out.write(small);
        }
        assertNotNull(keepAndFind(bodies, small, encoded.toByteArray()).encoded()); // a hit: strengthening starts
        assertTrue(named() || bodies.find(METHOD, "gzip", small, small.length, gzip, true).encoded().length
                < encoded.size(), "strengthened, or being");
        bodies.close();
        assertFalse(threadAlive(), "the strengthening thread ended with the application");
        assertEquals(0, bodies.kept());
        bodies.find(METHOD, "gzip", small, small.length, gzip, true);
        EncodedBodies.Lookup after = bodies.find(METHOD, "gzip", small, small.length, gzip, true);
        assertFalse(after.keep(), "nothing kept after the stop");
        assertFalse(threadAlive());
    }

    /** Whether the strengthening thread is alive, given a moment to end (it ends just after its pool). */
    private static boolean threadAlive() throws InterruptedException {
        for (int i = 0; i < 100 && named(); i++) {
            Thread.sleep(10);
        }
        return named();
    }

    private static boolean named() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().equals("rest-compress-encode-once"));
    }
}
