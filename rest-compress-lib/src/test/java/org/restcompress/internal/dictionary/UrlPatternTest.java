package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The URL pattern subset, against what Chromium 156's {@code new URLPattern(pattern, base).test(url)} answers for the
 * same cases (each row checked in headless Chromium: all agree; a pattern without a query matches any query), and
 * the refusals. Of these, Chromium refuses for dictionaries the regular-expression groups and the other origins, as
 * RFC 9842 says, and fails on the dangling escape; it accepts the optional and repeated groups and the empty pattern,
 * which this subset refuses: a client then does not use that dictionary, which is always safe.
 */
class UrlPatternTest {

    private static final URI BASE = URI.create("http://localhost:8080/rest/dict/feed?at=1");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "/rest/feed        | http://localhost:8080/rest/feed?at=3   | true",
        "/rest/feed        | http://localhost:8080/rest/feed        | true",
        "/rest/feed        | http://localhost:8080/rest/feeds       | false",
        "/rest/feed*       | http://localhost:8080/rest/feed?at=3   | true",
        "/rest/feed*       | http://localhost:8080/rest/feeds/x     | true",
        "/rest/items/*     | http://localhost:8080/rest/items/5?x=1 | true",
        "/rest/items/*     | http://localhost:8080/rest/items/5#h   | true",
        "/rest/items/*     | http://localhost:8080/rest/item/5      | false",
        "/rest/items/:id   | http://localhost:8080/rest/items/5     | true",
        "/rest/items/:id   | http://localhost:8080/rest/items/5/x   | false",
        "/rest/items/:id   | http://localhost:8080/rest/items/      | false",
        "/rest/feed?at=*   | http://localhost:8080/rest/feed?at=3   | true",
        "/rest/feed?at=*   | http://localhost:8080/rest/feed        | false",
        "feed*             | http://localhost:8080/rest/dict/feed   | true",
        "feed*             | http://localhost:8080/rest/feed        | false",
        "/rest/*           | http://localhost:8081/rest/feed        | false",
        "/rest/*           | https://localhost:8080/rest/feed       | false",
        "http://localhost:8080/rest/* | http://localhost:8080/rest/a | true",
        "/app/*/main.js    | http://localhost:8080/app/v2/main.js   | true",
        "/app/*/main.js    | http://localhost:8080/app/main.js      | false",
    })
    void matchesAsChromiumDoes(String pattern, String url, boolean expected) {
        assertEquals(expected, UrlPattern.compile(pattern, BASE).matches(URI.create(url)), pattern + " vs " + url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/items/(\\\\d+)", "/items/:id(\\\\d+)", "http://example.com/*", "https://localhost:8080/*",
        "/items/{:id}?", "/items/:id?", "/a/*+", "", "/x\\", "/feed*?at=1"})
    void refuses(String pattern) {
        assertThrows(IllegalArgumentException.class, () -> UrlPattern.compile(pattern, BASE));
    }

    @org.junit.jupiter.api.Test
    void manyWildcardsAgainstALongUrlDoNotBacktrack() {
        UrlPattern pattern = UrlPattern.compile("/" + "*a".repeat(16) + "b", BASE);
        URI url = URI.create("http://localhost:8080/" + "a".repeat(8000));
        assertEquals(false, assertTimeoutPreemptively(Duration.ofSeconds(5), () -> pattern.matches(url)));
    }
}
