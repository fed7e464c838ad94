package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The default store stays within its bounds, forgets the least recently used first, and honours lifetimes. */
class MemoryDictionaryStoreTest {

    private final AtomicLong now = new AtomicLong();
    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void staysWithinItsBytesForgettingTheLeastRecentlyUsed() {
        MemoryDictionaryStore store = new MemoryDictionaryStore(1000, 100, now::get);
        store.put("a", new byte[400], HOUR);
        store.put("b", new byte[400], HOUR);
        assertNotNull(store.get("a")); // a is now more recent than b
        store.put("c", new byte[400], HOUR);
        assertNull(store.get("b"));
        assertNotNull(store.get("a"));
        assertNotNull(store.get("c"));
        assertEquals(800, store.bytes());
        store.put("huge", new byte[1001], HOUR);
        assertNull(store.get("huge"), "larger than the whole store: declined");
        assertEquals(800, store.bytes());
    }

    @Test
    void staysWithinItsEntries() {
        MemoryDictionaryStore store = new MemoryDictionaryStore(1 << 20, 3, now::get);
        for (int i = 0; i < 10; i++) {
            store.put("k" + i, new byte[10], HOUR);
        }
        assertEquals(3, store.size());
        assertEquals(30, store.bytes());
        assertNotNull(store.get("k9"));
        assertNull(store.get("k6"));
    }

    @Test
    void replacingAnEntryCountsItsBytesOnce() {
        MemoryDictionaryStore store = new MemoryDictionaryStore(1000, 10, now::get);
        store.put("a", new byte[300], HOUR);
        store.put("a", new byte[500], HOUR);
        assertEquals(500, store.bytes());
        assertEquals(1, store.size());
    }

    @Test
    void forgetsAnEntryWhenItsLifetimeEnds() {
        MemoryDictionaryStore store = new MemoryDictionaryStore(1000, 10, now::get);
        store.put("a", new byte[10], Duration.ofSeconds(60));
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertNotNull(store.get("a"));
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertNull(store.get("a"));
        assertEquals(0, store.bytes());
        store.put("zero", new byte[10], Duration.ZERO);
        assertNull(store.get("zero"));
    }

    @Test
    void expiredEntriesGoFirstWhenRoomIsNeeded() {
        MemoryDictionaryStore store = new MemoryDictionaryStore(1000, 10, now::get);
        store.put("short", new byte[500], Duration.ofSeconds(1));
        store.put("long", new byte[400], HOUR);
        store.get("short"); // most recently used, but about to expire
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        store.put("new", new byte[500], HOUR);
        assertNotNull(store.get("long"));
        assertNotNull(store.get("new"));
    }

    @Test
    void refusesNegativeBounds() {
        assertThrows(IllegalArgumentException.class, () -> new MemoryDictionaryStore(-1, 1));
    }
}
