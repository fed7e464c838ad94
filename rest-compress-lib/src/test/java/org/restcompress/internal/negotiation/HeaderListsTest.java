package org.restcompress.internal.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeaderListsTest {

    @Test
    void splitsLinesAndSkipsEmptyMembers() {
        assertEquals(List.of("a", "b;q=1", "c"), HeaderLists.members(Arrays.asList(" a ,, b;q=1 ", null, "", "c,")));
        assertEquals(List.of(), HeaderLists.members(null));
    }

    @Test
    void keepsCommasInsideQuotes() {
        assertEquals(List.of("\"a,b\"", "W/\"c\""), HeaderLists.members(List.of("\"a,b\", W/\"c\"")));
        assertEquals(List.of("\"a\\\",b\""), HeaderLists.members(List.of("\"a\\\",b\"")));
    }

    @Test
    void tokens() {
        assertTrue(HeaderLists.isToken("x-gzip"));
        assertTrue(HeaderLists.isToken("*"));
        assertFalse(HeaderLists.isToken(""));
        assertFalse(HeaderLists.isToken("gzip;q=1"));
        assertFalse(HeaderLists.isToken("a b"));
        assertFalse(HeaderLists.isToken("\u00e9"));
    }
}
