package org.restcompress.internal.dictionary;

import java.util.Iterator;
import java.util.LinkedHashMap;

/**
 * The dictionaries a store returned most recently, by hash. Requests that name the same one (every client of a feed
 * holds its last version) take it from here, not from the store again (a round trip with Redis, up to a megabyte)
 * and through SHA-256 again (about 2 ms a megabyte). Content named by its hash never changes, so nothing here goes
 * stale. Bounded in entries and bytes, the least recently used going first; thread-safe.
 */
public final class RecentDictionaries {

    private final int maxEntries;
    private final long maxBytes;
    private final LinkedHashMap<String, Dictionary> byHash = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    public RecentDictionaries(int maxEntries, long maxBytes) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
    }

    /** The dictionary with this hash, if it is among the recent ones; else {@code null}. */
    public synchronized Dictionary get(String hash) {
        return byHash.get(hash);
    }

    /** Keeps {@code dictionary}, dropping the least recently used past the bounds; none larger than them. */
    public synchronized void put(Dictionary dictionary) {
        if (dictionary.size() > maxBytes || maxEntries == 0
                || byHash.putIfAbsent(dictionary.hash(), dictionary) != null) {
            return;
        }
        bytes += dictionary.size();
        for (Iterator<Dictionary> it = byHash.values().iterator(); byHash.size() > maxEntries || bytes > maxBytes;) {
            bytes -= it.next().size();
            it.remove();
        }
    }

    /** Drops them all: the application stopped. */
    public synchronized void clear() {
        byHash.clear();
        bytes = 0;
    }

    synchronized int size() {
        return byHash.size();
    }
}
