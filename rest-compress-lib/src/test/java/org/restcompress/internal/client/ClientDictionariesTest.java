package org.restcompress.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.UrlPattern;

/** Which dictionary a client announces: same origin, matching, fresh, the most specific, then the newest. */
class ClientDictionariesTest {

    private final AtomicLong now = new AtomicLong();
    private final ClientDictionaries dictionaries = new ClientDictionaries(1000, 3, now::get);
    private static final URI SOURCE = URI.create("http://api.example:8080/rest/feed?at=1");

    private void keep(String match, String content, Duration lifetime) {
        dictionaries.keep(SOURCE, match, UrlPattern.compile(match, SOURCE), "",
                Dictionary.of(content.getBytes(StandardCharsets.UTF_8)), lifetime);
    }

    private String best(String url) {
        ClientDictionaries.Entry best = dictionaries.best(URI.create(url));
        return best == null ? null : new String(best.dictionary().content(), StandardCharsets.UTF_8);
    }

    @Test
    void theMostSpecificMatchThenTheNewest() {
        keep("/rest/*", "broad", Duration.ofHours(1));
        keep("/rest/feed", "feed-1", Duration.ofHours(1));
        assertEquals("feed-1", best("http://api.example:8080/rest/feed?at=2"));
        assertEquals("broad", best("http://api.example:8080/rest/items/1"));
        keep("/rest/feed", "feed-2", Duration.ofHours(1)); // replaces the one for the same pattern
        assertEquals("feed-2", best("http://api.example:8080/rest/feed"));
        assertEquals(2, dictionaries.size());
    }

    @Test
    void onlyOnItsOriginAndWhileFresh() {
        keep("/rest/feed", "feed", Duration.ofSeconds(10));
        assertNull(best("http://api.example:8081/rest/feed"));
        assertNull(best("https://api.example:8080/rest/feed"));
        assertNull(best("http://other.example:8080/rest/feed"));
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        assertNull(best("http://api.example:8080/rest/feed"));
        assertEquals(0, dictionaries.size());
    }

    @Test
    void boundedOldestForgottenFirst() {
        keep("/a", "x".repeat(400), Duration.ofHours(1));
        keep("/b", "y".repeat(400), Duration.ofHours(1));
        keep("/c", "z".repeat(400), Duration.ofHours(1));
        assertNull(best("http://api.example:8080/a"));
        assertEquals(2, dictionaries.size());
        keep("/d", "w".repeat(1001), Duration.ofHours(1));
        assertNull(best("http://api.example:8080/d"), "larger than the bound: not kept");
    }

    @Test
    void lifetimeFromCacheControl() {
        assertEquals(Duration.ofSeconds(600), DictionaryExchange.lifetime("public, max-age=600"));
        assertEquals(Duration.ofSeconds(60), DictionaryExchange.lifetime("s-maxage=5, max-age=\"60\""));
        assertNull(DictionaryExchange.lifetime("no-cache"));
        assertNull(DictionaryExchange.lifetime("max-age=0"));
        assertNull(DictionaryExchange.lifetime("max-age=600, no-store"));
        assertNull(DictionaryExchange.lifetime(null));
        // RFC 9111: a larger delta-seconds is 2^31, not its first ten digits, and a dictionary keeps it
        Duration cap = Duration.ofSeconds(1L << 31);
        assertEquals(cap, DictionaryExchange.lifetime("max-age=9999999999"));
        assertEquals(cap, DictionaryExchange.lifetime("max-age=12345678901234567890123"));
        assertEquals(Duration.ofSeconds(60), DictionaryExchange.lifetime("max-age=000000000060"), "leading zeros");
        keep("/forever", "f".repeat(100), DictionaryExchange.lifetime("max-age=9999999999"));
        assertEquals("f".repeat(100), best("http://api.example:8080/forever"));
    }

    @Test
    void anAnnouncedDictionaryIsFetchedOnceAndAFailedFetchIsTriedAgainWithBackOff() {
        long[] now = {0};
        ClientDictionaries kept = new ClientDictionaries(1 << 20, 10, () -> now[0]);
        java.net.URI url = java.net.URI.create("http://example.test/compression-dictionaries/abc");
        assertTrue(kept.startFetch(url));
        assertFalse(kept.startFetch(url), "under way");
        kept.fetched(url, false);
        now[0] += ClientDictionaries.FIRST_RETRY_NANOS - 1;
        assertFalse(kept.startFetch(url), "backing off");
        now[0] += 1;
        assertTrue(kept.startFetch(url), "30 s after the first failure");
        kept.fetched(url, false);
        now[0] += ClientDictionaries.FIRST_RETRY_NANOS;
        assertFalse(kept.startFetch(url), "the second failure waits twice as long");
        now[0] += ClientDictionaries.FIRST_RETRY_NANOS;
        assertTrue(kept.startFetch(url));
        for (int i = 0; i < 30; i++) {
            kept.fetched(url, false);
            now[0] += ClientDictionaries.LAST_RETRY_NANOS;
            assertTrue(kept.startFetch(url), "never more than an hour apart");
        }
        now[0] += ClientDictionaries.LONGEST_FETCH_NANOS;
        assertTrue(kept.startFetch(url), "a fetch that never ended counts as failed after five minutes");
        kept.fetched(url, true);
        now[0] += ClientDictionaries.LAST_RETRY_NANOS * 10;
        assertFalse(kept.startFetch(url), "fetched: never again");
    }
}
