package org.restcompress.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.Setting;

/**
 * The jar's configuration metadata (what IDEs complete) names every key of the library's settings table, each with a
 * description and a type that reads the key's values: a key added to the library but not to
 * {@link RestCompressProperties} fails here.
 */
class MetadataTest {

    /** The property types that bind each kind of value (a size binds as a {@code DataSize}, with the library's units). */
    private static final Map<Setting.Type, Set<String>> TYPES = Map.of(
            Setting.Type.SIZE, Set.of("org.springframework.util.unit.DataSize"),
            Setting.Type.INT, Set.of("java.lang.Integer"),
            Setting.Type.FLAG, Set.of("java.lang.Boolean"),
            Setting.Type.LIST, Set.of("java.util.List<java.lang.String>"),
            Setting.Type.DURATION, Set.of("java.time.Duration"),
            Setting.Type.SPEED, Set.of("java.lang.String"),
            Setting.Type.TEXT, Set.of("java.lang.String", "org.restcompress.CompressionConfig$DownlinkHint"));

    @Test
    void everyKeyOfTheTableIsAPropertyOfItsTypeWithADescription() throws Exception {
        JsonNode metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertNotNull(in, "the configuration processor wrote the metadata");
            metadata = new ObjectMapper().readTree(in);
        }
        Map<String, String> described = new TreeMap<>();
        for (JsonNode property : metadata.get("properties")) {
            assertTrue(property.hasNonNull("description"), property.toString());
            described.put(property.get("name").asText(), property.get("type").asText());
        }
        Set<String> missing = new TreeSet<>();
        for (Setting setting : Setting.values()) {
            String type = described.remove(setting.key());
            if (type == null) {
                missing.add(setting.key());
            } else {
                assertTrue(TYPES.get(setting.type()).contains(type), setting.key() + " is a " + type);
            }
        }
        assertEquals(Set.of(), missing, "keys without a property");
        String shared = ConfigKeys.SHARED_DICTIONARY_PREFIX.substring(0, ConfigKeys.SHARED_DICTIONARY_PREFIX.length() - 1);
        assertEquals(Map.of(shared, "java.util.Map<java.lang.String,java.lang.String>"), described,
                "properties the library does not read");
    }
}
