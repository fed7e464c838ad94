package org.restcompress.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;

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
}
