package org.restcompress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompressionConfigTest {

    @Test
    void defaults() {
        CompressionConfig config = CompressionConfig.from(key -> null);
        assertEquals(List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate"), config.preference());
        assertEquals(CompressionConfig.DEFAULT_THRESHOLD, config.threshold());
        assertEquals(10L * 1024 * 1024, config.maxDecodedSize());
        assertEquals(3, config.maxCodings());
    }

    @Test
    void readsConfigurationPropertiesFirstThenSystemProperties() {
        Map<String, Object> properties = Map.of(
                "restcompress.preference", "GZIP, lzf",
                "restcompress.threshold", 2048,
                "restcompress.max-decoded-size", "64M",
                "restcompress.gzip.level", "9");
        System.setProperty("restcompress.threshold", "1");
        System.setProperty("restcompress.max-codings", "2");
        try {
            CompressionConfig config = CompressionConfig.from(properties::get);
            assertEquals(List.of("gzip", "lzf"), config.preference());
            assertEquals(2048, config.threshold(), "the configuration property wins");
            assertEquals(64L << 20, config.maxDecodedSize());
            assertEquals(2, config.maxCodings(), "from the system property");
            assertEquals(Optional.of("9"), config.codecOptions("gzip").get("level"));
            assertEquals(Optional.empty(), config.codecOptions("deflate").get("level"));
        } finally {
            System.clearProperty("restcompress.threshold");
            System.clearProperty("restcompress.max-codings");
        }
    }

    @Test
    void sizes() {
        assertEquals(1024, CompressionConfig.size("k", "1024"));
        assertEquals(64 * 1024, CompressionConfig.size("k", "64K"));
        assertEquals(64 * 1024, CompressionConfig.size("k", "64kb"));
        assertEquals(10L << 20, CompressionConfig.size("k", "10 MiB"));
        assertEquals(2L << 30, CompressionConfig.size("k", "2G"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.size("restcompress.threshold", "ten"));
        assertTrue(e.getMessage().contains("restcompress.threshold"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CompressionConfig.size("k", "-1"));
        assertThrows(IllegalArgumentException.class, () -> CompressionConfig.size("k", "99999999999G"));
    }

    @Test
    void malformedValuesFailWithTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(Map.<String, Object>of("restcompress.max-decoded-size", "lots")::get));
        assertTrue(e.getMessage().contains("restcompress.max-decoded-size"));
        e = assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(
                Map.<String, Object>of("restcompress.excluded-media-types", "image/png, not a type")::get));
        assertTrue(e.getMessage().contains("restcompress.excluded-media-types"), e.getMessage());
    }

    @Test
    void mediaTypes() {
        CompressionConfig config = CompressionConfig.defaults();
        assertTrue(config.isCompressible(MediaType.APPLICATION_JSON_TYPE));
        assertTrue(config.isCompressible(MediaType.valueOf("text/html;charset=utf-8")));
        assertTrue(config.isCompressible(null));
        assertFalse(config.isCompressible(MediaType.valueOf("image/png")));
        assertFalse(config.isCompressible(MediaType.valueOf("video/mp4")));
        assertFalse(config.isCompressible(MediaType.valueOf("application/zip")));
        assertTrue(config.isCompressible(MediaType.valueOf("image/svg+xml")), "text despite image/*");
        CompressionConfig custom = CompressionConfig.builder().excludedMediaTypes(List.of("text/csv")).build();
        assertFalse(custom.isCompressible(MediaType.valueOf("text/csv")));
        assertTrue(custom.isCompressible(MediaType.valueOf("image/png")));
    }
}
