package org.restcompress.internal.client;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
    record Entry(String origin, String match, UrlPattern pattern, String id, Dictionary dictionary, long expiresAt,
            long added) {
    }

    private final long maxBytes;
    private final int maxEntries;
    private final LongSupplier clock;
    private final List<Entry> entries = new ArrayList<>();
    private long bytes;
    private long sequence;
    /** Shared dictionaries announced by {@code Link} that are being fetched or were: each fetched once. */
    private final Set<URI> announced = ConcurrentHashMap.newKeySet();

    ClientDictionaries(long maxBytes, int maxEntries) {
        this(maxBytes, maxEntries, System::nanoTime);
    }

    ClientDictionaries(long maxBytes, int maxEntries, LongSupplier nanoClock) {
        this.maxBytes = maxBytes;
        this.maxEntries = maxEntries;
        this.clock = nanoClock;
    }

    static String origin(URI uri) {
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + String.valueOf(uri.getHost()).toLowerCase(Locale.ROOT)
                + ":" + port;
    }

    /** Keeps {@code dictionary} for requests of {@code source}'s origin that {@code pattern} matches. */
    void keep(URI source, String match, UrlPattern pattern, String id, Dictionary dictionary, Duration lifetime) {
        if (dictionary.size() > maxBytes || maxEntries == 0) {
            return;
        }
        long now = clock.getAsLong();
        Entry entry = new Entry(origin(source), match, pattern, id, dictionary, now + lifetime.toNanos(), 0);
        synchronized (entries) {
            entries.removeIf(e -> e.origin.equals(entry.origin) && e.match.equals(match)); // replaced: same scope
            entries.add(new Entry(entry.origin, match, pattern, id, dictionary, entry.expiresAt, sequence++));
            bytes = 0;
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

    /** The dictionary to announce for a request to {@code uri}, or {@code null}. */
    Entry best(URI uri) {
        String origin = origin(uri);
        long now = clock.getAsLong();
        Entry best = null;
        synchronized (entries) {
            for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
                Entry e = it.next();
                if (now - e.expiresAt >= 0) {
                    bytes -= e.dictionary.size();
                    it.remove();
                } else if (e.origin.equals(origin) && e.pattern.matches(uri) && (best == null
                        || e.match.length() > best.match.length()
                        || e.match.length() == best.match.length() && e.added > best.added)) {
                    best = e;
                }
            }
        }
        return best;
    }

    /** Whether {@code url} is announced for the first time (and should be fetched). */
    boolean firstAnnouncement(URI url) {
        return announced.size() < 1000 && announced.add(url);
    }

    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
