package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.internal.dictionary.Dictionary;

class EntityTagsTest {

    private static final Dictionary DICTIONARY = Dictionary.of("a dictionary".getBytes(StandardCharsets.UTF_8));
    private static final String DIGITS = DICTIONARY.hash().substring(0, 8);

    @Test
    void aDictionaryCodingsSuffixNamesItsDictionary() {
        assertEquals("gzip", EntityTags.suffix("gzip", null));
        assertEquals("dcz." + DIGITS, EntityTags.suffix("dcz", DICTIONARY));
        MultivaluedMap<String, Object> response = new MultivaluedHashMap<>();
        response.putSingle("ETag", "\"v\"");
        Decisions.encodedHeaders(response, "dcz", DICTIONARY);
        assertEquals("\"v-dcz." + DIGITS + "\"", response.getFirst("ETag"));
        EntityTags.removeCoding(response, EntityTags.suffix("dcz", DICTIONARY));
        assertEquals("\"v\"", response.getFirst("ETag"));
    }

    @Test
    void ifNoneMatchLosesOnlyTheSuffixOfWhatThisRequestGets() {
        String ours = "\"v-dcz." + DIGITS + "\"";
        assertTrue(EntityTags.removeCodings(request("If-None-Match", ours), "dcz." + DIGITS, List.of("dcz")));
        MultivaluedMap<String, String> other = request("If-None-Match", "\"v-dcz.0123abcd\"");
        assertFalse(EntityTags.removeCodings(other, "dcz." + DIGITS, List.of("dcz")), "another dictionary's copy");
        assertEquals(List.of("\"v-dcz.0123abcd\""), other.get("If-None-Match"));
        assertFalse(EntityTags.removeCodings(request("If-None-Match", "\"v-dcz\""), "dcz." + DIGITS,
                List.of("dcz")));
    }

    @Test
    void ifMatchLosesAnOfferedCodingsSuffixWithAnyDictionary() {
        MultivaluedMap<String, String> request = request("If-Match",
                "\"a-dcz.0123abcd\", \"b-dcz\", \"c-dcz.0123abcZ\", W/\"d-dcz.0123abcd\", \"e-br.0123abcd\", \"-dcz\"");
        EntityTags.removeCodings(request, null, List.of("dcz"));
        // not hex, weak, a coding not offered: left as they were; the empty tag's coded copy is the empty tag's
        assertEquals(List.of("\"a\"", "\"b\"", "\"c-dcz.0123abcZ\"", "W/\"d-dcz.0123abcd\"", "\"e-br.0123abcd\"",
                "\"\""), request.get("If-Match"));
    }

    @Test
    void onlyADictionaryFormatTakesADictionarysSuffix() {
        MultivaluedMap<String, String> request = request("If-Match", "\"f-gzip.0123abcd\", \"g-gzip\"");
        EntityTags.removeCodings(request, null, List.of("gzip", "dcz"));
        assertEquals(List.of("\"f-gzip.0123abcd\"", "\"g\""), request.get("If-Match"), "never sent in gzip");
    }

    private static MultivaluedMap<String, String> request(String name, String value) {
        MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        headers.add(name, value);
        return headers;
    }
}
