package org.restcompress.dictionary;

import java.time.Duration;

/**
 * Where a server keeps the representations it sent with {@code Use-As-Dictionary} (RFC 9842), by their SHA-256, so
 * that a later request naming one in {@code Available-Dictionary} gets a delta against it.
 *
 * <p>A store may forget anything at any time: a forgotten dictionary costs only the delta (the response goes out in
 * the ordinary coding). Implementations are thread-safe and bounded, and answer on the request's thread: one backed
 * by a remote service answers within a short timeout, and with {@code null} rather than an error when it cannot.
 * Hashes are the lowercase hexadecimal SHA-256 of the content, so every instance sharing a store agrees by
 * construction; the library checks the hash of what {@link #get} returns before using it. A store shared by instances
 * also carries, for {@code @TrainedDictionary}, two small records under keys that are not hashes:
 * {@code trained:<name>:<scope>} (the hash of the newest version) and {@code trained:<name>:<scope>:lease} (which
 * instance trains it), the scope standing for the URL patterns of the methods that train it.
 */
public interface DictionaryStore {

    /**
     * Keeps {@code content} under {@code hash} for at most {@code lifetime}, or declines (too large, or full of
     * entries that must stay). The caller does not modify {@code content} afterwards.
     *
     * @param hash the content's SHA-256, lowercase hexadecimal
     * @param content the dictionary
     * @param lifetime how long at most
     */
    void put(String hash, byte[] content, Duration lifetime);

    /**
     * The content kept under {@code hash}, or {@code null}. The caller does not modify the array.
     *
     * @param hash the content's SHA-256, lowercase hexadecimal
     * @return the content, or {@code null}
     */
    byte[] get(String hash);

    /**
     * Keeps {@code content} under {@code key} for {@code lifetime} unless something is kept there, and says whether it
     * did: the lease that lets one instance of several train a dictionary. A store shared by instances does this
     * atomically; this default, for stores of one process, does not.
     *
     * @param key the record's key
     * @param content what to keep
     * @param lifetime how long at most
     * @return whether it was kept
     */
    default boolean putIfAbsent(String key, byte[] content, Duration lifetime) {
        if (get(key) != null) {
            return false;
        }
        put(key, content, lifetime);
        return true;
    }
}
