package org.restcompress.redis;

import java.net.URI;
import org.restcompress.dictionary.DictionaryStore;
import org.restcompress.dictionary.DictionaryStoreProvider;

/** Makes {@link RedisDictionaryStore}s for {@code redis://} locations. */
public final class RedisDictionaryStoreProvider implements DictionaryStoreProvider {

    @Override
    public boolean supports(URI location) {
        return "redis".equalsIgnoreCase(location.getScheme());
    }

    @Override
    public DictionaryStore create(URI location, long maxEntrySize) {
        return RedisDictionaryStore.at(location, maxEntrySize);
    }
}
