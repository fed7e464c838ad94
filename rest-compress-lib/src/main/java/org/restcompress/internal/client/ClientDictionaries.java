package org.restcompress.internal.client;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.UrlPattern;

/**
 * The dictionaries one client keeps (RFC 9842 section 2): responses that came with {@code Use-As-Dictionary}, each
 * for the URLs its {@code match} pattern covers on its own origin, until its freshness lifetime ends. Bounded in
 * bytes and entries, oldest forgotten first. For a request, the best dictionary is the one with the longest
 * {@code match} (the most specific), then the newest.
 */
final class ClientDictionaries {

    /** One kept dictionary. */
    record Entry(String origin, String match, UrlPattern pattern, String id, Dictionary dictionary, long expiresAt) {
    }

    private final long maxBytes;
    private final int maxEntries;
    private final LongSupplier clock;
    private final List<Entry> entries = new ArrayList<>();
    /**
     * Shared dictionaries announced by {@code Link}: fetched, being fetched, or failed and when to try again; the
     * most recently announced {@value #MAX_FETCHES} remembered.
     */
    private final Map<URI, Fetch> fetches = new LruMap<>(MAX_FETCHES);

    static final int MAX_FETCHES = 1000;
    /** After a fetch failed: 30 s, doubling with each failure in a row, at most an hour. */
    static final long FIRST_RETRY_NANOS = 30_000_000_000L;
    static final long LAST_RETRY_NANOS = 3_600_000_000_000L;

    /** A fetch that never said how it ended (its client closed meanwhile) counts as failed after this. */
    static final long LONGEST_FETCH_NANOS = 300_000_000_000L;

    /**
     * One announced URL: {@code done} once fetched; else the failures in a row and when to try again ({@code at}),
     * or since when a fetch has been under way ({@code at} too).
     */
    private record Fetch(boolean done, boolean underWay, int failures, long at) {
    }

    ClientDictionaries(long maxBytes, int maxEntries) {
        this(maxBytes, maxEntries, System::nanoTime);
    }

    ClientDictionaries(long maxBytes, int maxEntries, LongSupplier nanoClock) {
        this.maxBytes = maxBytes;
        this.maxEntries = maxEntries;
        this.clock = nanoClock;
    }

    /** Keeps {@code dictionary} for requests of {@code source}'s origin that {@code pattern} matches. */
    void keep(URI source, String match, UrlPattern pattern, String id, Dictionary dictionary, Duration lifetime) {
        if (dictionary.size() > maxBytes || maxEntries == 0) {
            return;
        }
        long now = clock.getAsLong();
        Entry entry = new Entry(OriginCodings.origin(source), match, pattern, id, dictionary,
                now + lifetime.toNanos());
        synchronized (entries) {
            entries.removeIf(e -> e.origin.equals(entry.origin) && e.match.equals(match)); // replaced: same scope
            entries.add(entry); // the newest last: of two equally specific, the later one wins
            long bytes = 0;
            for (Entry e : entries) {
                bytes += e.dictionary.size();
            }
            for (Iterator<Entry> it = entries.iterator(); it.hasNext() && (bytes > maxBytes
                    || entries.size() > maxEntries); ) {
                bytes -= it.next().dictionary.size();
                it.remove();
            }
        }
    }

    /**
     * Forgets {@code dictionary} for the origin of {@code uri}: its server said it no longer has it. Announced again
     * (a shared dictionary at its URL), it is fetched again.
     */
    void forget(URI uri, Dictionary dictionary) {
        String origin = OriginCodings.origin(uri);
        synchronized (entries) {
            entries.removeIf(e -> e.origin.equals(origin) && e.dictionary.hash().equals(dictionary.hash()));
        }
        synchronized (this) {
            fetches.keySet().removeIf(url -> OriginCodings.origin(url).equals(origin) && url.getPath() != null
                    && url.getPath().endsWith("/" + dictionary.hash()));
        }
    }

    /** The dictionary to announce for a request to {@code uri}, or {@code null}. */
    Entry best(URI uri) {
        String origin = OriginCodings.origin(uri);
        long now = clock.getAsLong();
        Entry best = null;
        synchronized (entries) {
            for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
                Entry e = it.next();
                if (now - e.expiresAt >= 0) {
                    it.remove();
                } else if (e.origin.equals(origin) && e.pattern.matches(uri)
                        && (best == null || e.match.length() >= best.match.length())) {
                    best = e;
                }
            }
        }
        return best;
    }

    /**
     * Whether {@code url}, announced now, should be fetched: never fetched, or failed and its back-off is over; not
     * while a fetch is under way or after one succeeded. A true answer marks a fetch under way.
     */
    synchronized boolean startFetch(URI url) {
        Fetch known = fetches.get(url);
        long now = clock.getAsLong();
        if (known != null && (known.done()
                || known.underWay() && now - known.at() < LONGEST_FETCH_NANOS
                || !known.underWay() && now - known.at() < 0)) {
            return false;
        }
        fetches.put(url, new Fetch(false, true, known == null ? 0 : known.failures(), now));
        return true;
    }

    /** A fetch of {@code url} ended: {@code done} (kept, or nothing worth trying again), or failed. */
    synchronized void fetched(URI url, boolean done) {
        Fetch known = fetches.get(url);
        int failures = done ? 0 : (known == null ? 0 : known.failures()) + 1;
        long wait = done ? 0 : Math.min(LAST_RETRY_NANOS, FIRST_RETRY_NANOS << Math.min(failures - 1, 20));
        fetches.put(url, new Fetch(done, false, failures, clock.getAsLong() + wait));
    }

    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
