package org.restcompress.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.restcompress.internal.client.DictionaryLinks;
import org.restcompress.internal.dictionary.StructuredFields;
import org.restcompress.internal.dictionary.UrlPattern;
import org.restcompress.internal.dictionary.UseAsDictionary;

/**
 * The dictionary headers' parsers: any value parses or is refused with an {@link IllegalArgumentException}, what
 * parses serializes and parses back to the same, and no pattern ever matches another origin.
 */
class DictionaryHeaderFuzzTest {

    private static final URI BASE = URI.create("http://localhost:8080/rest/feed?at=1");
    private static final URI[] URLS = {URI.create("http://localhost:8080/rest/feed?at=2"),
        URI.create("http://localhost:8080/"), URI.create("http://localhost:8080/rest/items/12/x?y=%20z"),
        URI.create("http://localhost:8081/rest/feed"), URI.create("https://localhost:8080/rest/feed"),
        URI.create("http://example.com:8080/rest/feed")};

    private static String header(byte[] raw) {
        return new String(raw, StandardCharsets.ISO_8859_1);
    }

    @FuzzTest(maxDuration = "30s")
    void availableDictionary(byte[] raw) {
        byte[] hash;
        try {
            hash = StructuredFields.sha256(header(raw));
        } catch (IllegalArgumentException refused) {
            return;
        }
        if (hash.length != 32) {
            throw new AssertionError("accepted a hash of " + hash.length + " bytes");
        }
        if (!java.util.Arrays.equals(hash, StructuredFields.sha256(StructuredFields.byteSequenceOf(hash)))) {
            throw new AssertionError("does not round trip");
        }
    }

    @FuzzTest(maxDuration = "30s")
    void useAsDictionary(byte[] raw) {
        UseAsDictionary parsed;
        try {
            parsed = UseAsDictionary.parse(header(raw));
        } catch (IllegalArgumentException refused) {
            return;
        }
        UseAsDictionary again = UseAsDictionary.parse(parsed.toHeader());
        if (!again.equals(parsed)) {
            throw new AssertionError(parsed + " became " + again);
        }
    }

    @FuzzTest(maxDuration = "30s")
    void matchPattern(FuzzedDataProvider data) {
        String pattern = data.consumeString(300);
        String path = data.consumeRemainingAsAsciiString();
        UrlPattern compiled;
        try {
            compiled = UrlPattern.compile(pattern, BASE);
        } catch (IllegalArgumentException refused) {
            return;
        }
        for (int i = 0; i < URLS.length; i++) {
            boolean matches = compiled.matches(URLS[i]);
            if (matches && i >= 3) {
                throw new AssertionError(pattern + " matches another origin: " + URLS[i]);
            }
        }
        try {
            compiled.matches(URI.create("http://localhost:8080/" + path));
        } catch (IllegalArgumentException notAUri) {
            // the fuzzed path is not a URI: nothing to match
        }
    }

    /**
     * Any {@code Link} header a server sends: the client finds the dictionaries it announces, absolute and of a
     * scheme, or nothing; never an exception out of the response filter.
     */
    @FuzzTest(maxDuration = "30s")
    void link(byte[] raw) {
        for (URI url : DictionaryLinks.announced(BASE, java.util.List.of(header(raw)))) {
            if (url.getScheme() == null) {
                throw new AssertionError("a relative dictionary URL: " + url);
            }
        }
    }
}
