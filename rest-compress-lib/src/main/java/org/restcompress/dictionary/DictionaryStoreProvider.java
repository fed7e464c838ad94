package org.restcompress.dictionary;

import java.net.URI;

/**
 * Makes a {@link DictionaryStore} from the location in {@code restcompress.dictionary.store} (for example
 * {@code redis://host:6379}): found by {@link java.util.ServiceLoader}, so that a store's client library is needed only
 * by applications that use it (the Redis store is the {@code rest-compress-redis} module).
 */
public interface DictionaryStoreProvider {

    /**
     * Whether this provider makes stores for {@code location} (typically: its scheme).
     *
     * @param location the configured location
     * @return whether it does
     */
    boolean supports(URI location);

    /**
     * A store at {@code location}; {@code maxEntrySize} is the largest content it will be asked to keep. Fails with
     * {@link IllegalArgumentException} naming what is wrong with the location.
     *
     * @param location the configured location
     * @param maxEntrySize the largest content, in bytes
     * @return the store; the library closes it when it is {@link AutoCloseable}
     */
    DictionaryStore create(URI location, long maxEntrySize);
}
