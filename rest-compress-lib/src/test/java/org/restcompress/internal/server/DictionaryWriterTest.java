package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.restcompress.internal.dictionary.Dictionary;

class DictionaryWriterTest {

    private static byte[] content(int n) {
        return ("response " + n + " ").repeat(50).getBytes();
    }

    @Test
    void aStalledStoreDelaysNoSubmitterAndWhatWaitsIsStillFound() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Map<String, byte[]> stored = new ConcurrentHashMap<>();
        DictionaryWriter writer = new DictionaryWriter((dictionary, lifetime) -> {
            try {
                release.await(); // Redis stalled
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stored.put(dictionary.hash(), dictionary.content());
        });
        long start = System.nanoTime();
        for (int i = 0; i < DictionaryWriter.CAPACITY; i++) {
            writer.submit(content(i), Duration.ofMinutes(1));
        }
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "a submit waited for the store");
        for (int i = 0; i < DictionaryWriter.CAPACITY; i++) {
            Dictionary found = writer.find(Dictionary.of(content(i)).hash());
            assertNotNull(found, "response " + i + " handed over but not findable");
            assertArrayEquals(content(i), found.content());
        }
        // one is being written, so a place is free for one more; past that, dropped and counted
        writer.submit(content(100), Duration.ofMinutes(1));
        writer.submit(content(101), Duration.ofMinutes(1));
        writer.submit(content(102), Duration.ofMinutes(1));
        assertTrue(writer.dropped() >= 2, "dropped " + writer.dropped());
        release.countDown();
        writer.close();
        assertTrue(stored.containsKey(Dictionary.of(content(0)).hash()));
        assertFalse(writer.running(), "the writer's thread outlived its application");
        long before = writer.dropped();
        writer.submit(content(200), Duration.ofMinutes(1));
        assertEquals(before + 1, writer.dropped(), "after the end, nothing is kept");
    }
}
