package org.restcompress.internal.dictionary;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.restcompress.dictionary.DictionaryStore;

/**
 * The default store: in this process, at most {@code maxBytes} of content in at most {@code maxEntries} entries, least
 * recently used forgotten first, and each entry forgotten when its lifetime ends. One lock: entries are few and every
 * operation is a map update.
 */
public final class MemoryDictionaryStore implements DictionaryStore {

    private final long maxBytes;
    private final int maxEntries;
    private final LongSupplier clock;
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    private record Entry(byte[] content, long expiresAt) {
    }

    public MemoryDictionaryStore(long maxBytes, int maxEntries) {
        this(maxBytes, maxEntries, System::nanoTime);
    }

    MemoryDictionaryStore(long maxBytes, int maxEntries, LongSupplier nanoClock) {
        if (maxBytes < 0 || maxEntries < 0) {
            throw new IllegalArgumentException("a dictionary store's bounds must not be negative");
        }
        this.maxBytes = maxBytes;
        this.maxEntries = maxEntries;
        this.clock = nanoClock;
    }

    @Override
    public void put(String hash, byte[] content, Duration lifetime) {
        Objects.requireNonNull(hash, "hash");
        if (content.length > maxBytes || maxEntries == 0 || lifetime.isNegative() || lifetime.isZero()) {
            return;
        }
        long now = clock.getAsLong();
        long expiresAt = now + Math.min(lifetime.toNanos(), Long.MAX_VALUE / 4);
        synchronized (entries) {
            Entry previous = entries.put(hash, new Entry(content, expiresAt));
            bytes += content.length - (previous != null ? previous.content.length : 0);
            evict(now);
        }
    }

    @Override
    public byte[] get(String hash) {
        synchronized (entries) {
            Entry entry = entries.get(hash);
            if (entry == null) {
                return null;
            }
            if (clock.getAsLong() - entry.expiresAt >= 0) {
                remove(hash);
                return null;
            }
            return entry.content;
        }
    }

    /** Expired entries first, then the least recently used, until within both bounds. */
    private void evict(long now) {
        if (bytes <= maxBytes && entries.size() <= maxEntries) {
            return;
        }
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            Entry entry = it.next();
            if (now - entry.expiresAt >= 0) {
                bytes -= entry.content.length;
                it.remove();
            }
        }
        for (Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
                it.hasNext() && (bytes > maxBytes || entries.size() > maxEntries); ) {
            bytes -= it.next().getValue().content.length;
            it.remove();
        }
    }

    private void remove(String hash) {
        Entry removed = entries.remove(hash);
        if (removed != null) {
            bytes -= removed.content.length;
        }
    }

    /** Content bytes held now. */
    public long bytes() {
        synchronized (entries) {
            return bytes;
        }
    }

    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
