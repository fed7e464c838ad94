package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StructuredFieldsTest {

    /** RFC 8941's decimals are items too: a member of one (an extension's) leaves the others readable. */
    @Test
    void decimalsAreReadAsRfc8941WritesThem() {
        Map<String, Object> members = StructuredFields.dictionary("match=\"/feed\", ext=1.5, neg=-0.125, n=42");
        assertEquals("/feed", members.get("match"));
        assertEquals(1.5, members.get("ext"));
        assertEquals(-0.125, members.get("neg"));
        assertEquals(42L, members.get("n"));
        for (String bad : new String[] {"x=1.", "x=1.2345", "x=1234567890123.5", "x=.5"}) {
            assertThrows(IllegalArgumentException.class, () -> StructuredFields.dictionary(bad), bad);
        }
    }
}
