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

    @Test
    void aDictionaryUsedOnceHasNoPreparedForms() {
        Dictionary once = Dictionary.of(new byte[] {1, 2, 3});
        assertFalse(once.acquire());
        assertNull(once.prepared("codec", () -> "never"));
        once.retire(); // nothing to free
    }
}
