package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class RecentDictionariesTest {

    private static Dictionary of(int size, int fill) {
        byte[] content = new byte[size];
        java.util.Arrays.fill(content, (byte) fill);
        return Dictionary.of(content);
    }

    @Test
    void theLeastRecentlyUsedGoFirstPastEitherBound() {
        RecentDictionaries recent = new RecentDictionaries(3, 1000);
        Dictionary a = of(100, 1);
        Dictionary b = of(100, 2);
        Dictionary c = of(100, 3);
        recent.put(a);
        recent.put(b);
        recent.put(c);
        assertSame(a, recent.get(a.hash())); // a used: b is now the least recent
        recent.put(of(100, 4));
        assertNull(recent.get(b.hash()), "past the entries' bound");
        assertSame(a, recent.get(a.hash()));
        recent.put(of(800, 5)); // 1100 bytes with the three: c, the least recent, goes
        assertNull(recent.get(c.hash()), "past the bytes' bound");
        assertEquals(3, recent.size());
        recent.put(of(1001, 6));
        assertEquals(3, recent.size(), "one larger than the bound is not kept");
        recent.clear();
        assertNull(recent.get(a.hash()));
        assertEquals(0, recent.size());
    }
}
