package org.restcompress.internal.client;

import java.util.LinkedHashMap;
import java.util.Map;

/** What a client remembers per origin or URL: bounded, the least recently used forgotten first. Not thread-safe. */
final class LruMap<K, V> extends LinkedHashMap<K, V> {

    private static final long serialVersionUID = 1L;

    private final int max;

    LruMap(int max) {
        super(16, 0.75f, true);
        this.max = max;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > max;
    }
}
