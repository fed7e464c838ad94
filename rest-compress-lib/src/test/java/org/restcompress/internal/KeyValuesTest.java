package org.restcompress.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionConfigBuilder;

class KeyValuesTest {

    @Test
    void sizes() {
        assertEquals(1024, KeyValues.size("k", "1024"));
        assertEquals(64 * 1024, KeyValues.size("k", "64K"));
        assertEquals(64 * 1024, KeyValues.size("k", "64kb"));
        assertEquals(10L << 20, KeyValues.size("k", "10 MiB"));
        assertEquals(2L << 30, KeyValues.size("k", "2G"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KeyValues.size("restcompress.threshold", "ten"));
        assertTrue(e.getMessage().contains("restcompress.threshold"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KeyValues.size("k", "-1"));
        assertThrows(IllegalArgumentException.class, () -> KeyValues.size("k", "99999999999G"));
        assertEquals(64 * 1024, KeyValues.size("k", "64KiB"));
        assertEquals(512, KeyValues.size("k", "512B"));
        // a unit is read at the end only, never from the middle of the number
        for (String bad : new String[] {"1B0K", "1K0", "K", "B", "64 KiBB", "1.5M", "9999999999999999999999"}) {
            assertThrows(IllegalArgumentException.class, () -> KeyValues.size("k", bad), bad);
        }
    }

    @Test
    void flags() {
        assertTrue(KeyValues.flag("k", "TRUE"));
        assertFalse(KeyValues.flag("k", " false "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KeyValues.flag("restcompress.debug", "yes"));
        assertEquals("restcompress.debug must be true or false, was 'yes'", e.getMessage());
    }

    @Test
    void encodeOnceKeys() {
        java.util.Map<String, Object> keys = java.util.Map.of("restcompress.encode-once.mode", " Shared ",
                "restcompress.encode-once.max-bytes", "8M");
        org.restcompress.CompressionConfig config = KeyValues.read(keys::get).build();
        assertEquals(org.restcompress.EncodeOnce.SHARED, config.encodeOnce());
        assertEquals(8L << 20, config.encodeOnceMaxBytes());
        assertEquals(org.restcompress.EncodeOnce.NEVER, KeyValues.read(key -> null).build().encodeOnce(), "default");
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> KeyValues.read(key -> key.equals("restcompress.encode-once.mode") ? "default" : null));
        assertEquals("restcompress.encode-once.mode must be never, shared or always, was 'default'", mode.getMessage());
        IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class,
                () -> KeyValues.read(key -> key.equals("restcompress.encode-once.max-bytes") ? "lots" : null));
        assertTrue(bytes.getMessage().startsWith("restcompress.encode-once.max-bytes"), bytes.getMessage());
    }

    @Test
    void mediaTypes() {
        MediaTypes defaults = new MediaTypes(CompressionConfig.defaults().excludedMediaTypes());
        assertTrue(defaults.isCompressible(MediaType.APPLICATION_JSON_TYPE));
        assertTrue(defaults.isCompressible(MediaType.valueOf("text/html;charset=utf-8")));
        assertTrue(defaults.isCompressible(null));
        assertFalse(defaults.isCompressible(MediaType.valueOf("image/png")));
        assertFalse(defaults.isCompressible(MediaType.valueOf("video/mp4")));
        assertFalse(defaults.isCompressible(MediaType.valueOf("application/zip")));
        assertTrue(defaults.isCompressible(MediaType.valueOf("image/svg+xml")), "text despite image/*");
        MediaTypes custom = new MediaTypes(
                CompressionConfig.builder().excludedMediaTypes(List.of("text/csv")).build().excludedMediaTypes());
        assertFalse(custom.isCompressible(MediaType.valueOf("text/csv")));
        assertTrue(custom.isCompressible(MediaType.valueOf("image/png")));
    }

    @Test
    void dictionaryKeys() {
        java.util.Map<String, Object> keys = java.util.Map.of(
                "restcompress.dictionary.store-max-bytes", "4M",
                "restcompress.dictionary.store-max-entries", "10",
                "restcompress.dictionary.max-size", "64K",
                "restcompress.dictionary.cross-origin", "true",
                "restcompress.dictionary.path", "/dicts/",
                "restcompress.shared-dictionary.items", "classpath:dictionaries/items.dict",
                "restcompress.shared-dictionaryitems", "not a shared dictionary key");
        CompressionConfigBuilder builder = KeyValues.read(keys::get);
        KeyValues.sharedDictionaries(builder, new java.util.TreeSet<>(keys.keySet()), keys::get);
        CompressionConfig config = builder.build();
        assertEquals(4L << 20, config.dictionaryStoreMaxBytes());
        assertEquals(10, config.dictionaryStoreMaxEntries());
        assertEquals(64 * 1024, config.dictionaryMaxSize());
        assertTrue(config.dictionaryCrossOrigin());
        assertEquals("dicts", config.dictionaryPath());
        assertEquals(java.util.Map.of("items", "classpath:dictionaries/items.dict"), config.sharedDictionaries());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KeyValues.read(java.util.Map.of("restcompress.dictionary.cross-origin", "sometimes")::get));
        assertTrue(e.getMessage().startsWith("restcompress.dictionary.cross-origin"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> KeyValues.read(java.util.Map.of("restcompress.dictionary.path", "a b")::get));
        assertTrue(e.getMessage().startsWith("restcompress.dictionary.path"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.builder().sharedDictionary("a/b", "x"));
        assertEquals("a shared dictionary's name is 1 to 64 letters, digits, '.', '_' or '-', was 'a/b'",
                e.getMessage());
        CompressionConfig.builder().sharedDictionary("v1.items_" + "x".repeat(55), "x"); // 64: the longest name
        assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.builder().sharedDictionary("x".repeat(65), "x"));
        assertThrows(IllegalArgumentException.class, () -> CompressionConfig.builder().sharedDictionary("a", " "));
    }
}
