package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdInputStream;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.restcompress.it.DictionaryBodies;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * Compression dictionaries (RFC 9842) on Quarkus REST over a real socket: a response kept as a dictionary and the
 * next one sent as a delta against it; a shared dictionary announced, served at the dictionary endpoint and used.
 * Bodies decoded with zstd-jni and the dictionary, not with the library.
 */
@QuarkusTest
class DictionaryTest {

    /** The shared dictionary application.properties names: raw content, items like those the method serves. */
    static final byte[] ITEMS = items();

    private static byte[] items() {
        try (InputStream in = DictionaryTest.class.getResourceAsStream("/items-dictionary.json")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @TestHTTPResource("/")
    URI base;

    private static String available(byte[] dictionary) throws Exception {
        return ":" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(dictionary)) + ":";
    }

    /** A dcz body: its 40-byte header names the dictionary's hash; the rest is a zstd frame against it. */
    private static byte[] dcz(byte[] body, byte[] dictionary) throws Exception {
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(dictionary), Arrays.copyOfRange(body, 8, 40));
        try (ZstdInputStream in = new ZstdInputStream(new ByteArrayInputStream(body, 40, body.length - 40))) {
            in.setDict(dictionary);
            return in.readAllBytes();
        }
    }

    @Test
    void aFeedIsKeptAsADictionaryAndTheNextStepIsADeltaAgainstIt() throws Exception {
        Reply first = Http.get(base.resolve("dict/feed?at=0"), "Accept-Encoding", "zstd, dcz");
        assertEquals(200, first.status());
        assertEquals("zstd", first.header("Content-Encoding"));
        assertEquals("match=\"/dict/feed\"", first.header("Use-As-Dictionary"));
        byte[] kept = first.decoded();
        assertArrayEquals(DictionaryBodies.feed(0), kept);

        Reply next = Http.get(base.resolve("dict/feed?at=3"), "Accept-Encoding", "zstd, dcz",
                "Available-Dictionary", available(kept));
        assertEquals(200, next.status());
        assertEquals("dcz", next.header("Content-Encoding"));
        assertEquals("Accept-Encoding, Available-Dictionary", next.header("Vary"));
        assertArrayEquals(DictionaryBodies.feed(3), dcz(next.body(), kept));
        assertTrue(next.body().length * 5 <= first.body().length, next.body().length + " against zstd's "
                + first.body().length);
    }

    @Test
    void aSharedDictionaryIsAnnouncedServedAndUsed() throws Exception {
        Reply plain = Http.get(base.resolve("dict/items/5"), "Accept-Encoding", "zstd, dcz");
        assertEquals(200, plain.status());
        String link = plain.header("Link");
        assertNotNull(link, "announced");
        String path = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        Reply dictionary = Http.get(base.resolve(path));
        assertEquals(200, dictionary.status(), path);
        assertArrayEquals(ITEMS, dictionary.body());

        Reply small = Http.get(base.resolve("dict/items/5"), "Accept-Encoding", "zstd, dcz",
                "Available-Dictionary", available(ITEMS));
        assertEquals("dcz", small.header("Content-Encoding"));
        assertArrayEquals(DictionaryBodies.item(5), dcz(small.body(), ITEMS));
    }
}
