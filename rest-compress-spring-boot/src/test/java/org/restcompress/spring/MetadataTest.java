package org.restcompress.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.restcompress.ConfigKeys;

/**
 * The jar's configuration metadata (what IDEs complete) names every key the library reads, each with a description:
 * a key added to {@link ConfigKeys} but not to {@link RestCompressProperties} fails here.
 */
class MetadataTest {

    @Test
    void everyLibraryKeyIsAPropertyWithADescription() throws Exception {
        JsonNode metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertNotNull(in, "the configuration processor wrote the metadata");
            metadata = new ObjectMapper().readTree(in);
        }
        Set<String> described = new TreeSet<>();
        for (JsonNode property : metadata.get("properties")) {
            assertTrue(property.hasNonNull("description"), property.toString());
            described.add(property.get("name").asText());
        }
        Set<String> keys = new TreeSet<>();
        for (Field field : ConfigKeys.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class
                    && field.get(null) instanceof String key && key.startsWith(ConfigKeys.PREFIX)) {
                keys.add(key.endsWith(".") ? key.substring(0, key.length() - 1) : key);
            }
        }
        keys.remove(ConfigKeys.PREFIX.substring(0, ConfigKeys.PREFIX.length() - 1));
        Set<String> missing = new TreeSet<>(keys);
        missing.removeAll(described);
        assertEquals(Set.of(), missing, "keys without a property");
        for (String codecKey : new String[] {"gzip.level", "gzip.padding", "deflate.level", "zstd.level",
            "zstd.window-log", "zstd.event-window-log", "zstd.event-hash-log", "br.quality", "br.window",
            "br.event-window", "lzf.event-chunk-size", "lz4.block-size"}) {
            assertTrue(described.contains(ConfigKeys.PREFIX + codecKey), codecKey);
        }
    }
}
