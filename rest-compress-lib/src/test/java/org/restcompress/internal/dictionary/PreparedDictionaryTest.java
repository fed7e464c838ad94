package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A reused dictionary's prepared (native) forms end with the last stream using them once it is retired. */
class PreparedDictionaryTest {

    @Test
    void preparedFormsAreFreedWhenRetiredAndNoLongerInUse() {
        AtomicInteger freed = new AtomicInteger();
        Dictionary dictionary = Dictionary.reused(new byte[] {1, 2, 3});
        assertTrue(dictionary.acquire());
        AutoCloseable form = dictionary.prepared("codec", () -> (AutoCloseable) freed::incrementAndGet);
        assertTrue(form != null);
        dictionary.retire(); // dropped while a response is encoded against it
        assertEquals(0, freed.get(), "still in use");
        dictionary.retire();
        dictionary.release();
        assertEquals(1, freed.get(), "freed with its last use");
        assertFalse(dictionary.acquire(), "nothing prepared to use: encode from the content");
    }

    /** Through the codec: a dcb stream holds the prepared form until it closes, and a failed start holds nothing. */
    @Test
    void aStreamHoldsItsDictionaryUntilItCloses() throws Exception {
        Dictionary dictionary = Dictionary.reused("a shared dictionary's content, long enough".repeat(20)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        org.restcompress.codec.ContentCodec dcb = DictionaryCodec.over(DictionaryFormat.DCB,
                new org.restcompress.internal.codec.BrotliCodec(), hash -> null).bound(dictionary);
        java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();
        java.io.OutputStream stream = dcb.encode(sink);
        stream.write("a shared dictionary's content".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        dictionary.retire();
        assertTrue(dictionary.acquire(), "the open stream still holds it");
        dictionary.release();
        stream.close();
        stream.close(); // once only
        assertFalse(dictionary.acquire(), "freed with the stream: nothing prepared to use");
        java.io.ByteArrayOutputStream again = new java.io.ByteArrayOutputStream();
        try (java.io.OutputStream fromContent = dcb.encode(again)) { // encodes from the content instead
            fromContent.write(1);
        }
        assertTrue(again.size() > 36, "a dcb body: its header and brotli's");
    }

    @Test
    void aDictionaryUsedOnceHasNoPreparedForms() {
        Dictionary once = Dictionary.of(new byte[] {1, 2, 3});
        assertFalse(once.acquire());
        assertNull(once.prepared("codec", () -> "never"));
        once.retire(); // nothing to free
    }
}
