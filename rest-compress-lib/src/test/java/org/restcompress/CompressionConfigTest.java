package org.restcompress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompressionConfigTest {

    @Test
    void defaults() {
        CompressionConfig config = CompressionConfig.from(key -> null);
        assertEquals(List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate"), config.preference());
        assertEquals(ConfigKeys.DEFAULT_THRESHOLD, config.threshold());
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
            assertEquals("9", config.codecSetting("restcompress.gzip.level"));
            assertNull(config.codecSetting("restcompress.deflate.level"));
        } finally {
            System.clearProperty("restcompress.threshold");
            System.clearProperty("restcompress.max-codings");
        }
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
    void debugIsOffUnlessAsked() {
        assertFalse(CompressionConfig.defaults().debug());
        assertTrue(CompressionConfig.from(Map.<String, Object>of("restcompress.debug", "true")::get).debug());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(Map.<String, Object>of("restcompress.debug", "on")::get));
        assertTrue(e.getMessage().contains("restcompress.debug"), e.getMessage());
    }

    @Test
    void builderValuesAreCheckedOnceNamingTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.builder().threshold(-1));
        assertEquals("restcompress.threshold must be at least 0, was -1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CompressionConfig.builder().preference(List.of("g zip")));
        assertTrue(e.getMessage().contains("restcompress.preference"), e.getMessage());
    }

    @Test
    void autoComesFirstAndKeepsAnOrderForTies() {
        CompressionConfig auto = CompressionConfig.from(Map.<String, Object>of("restcompress.preference", "auto")::get);
        assertTrue(auto.auto());
        assertEquals(ConfigKeys.DEFAULT_PREFERENCE, auto.preference());
        CompressionConfig ordered = CompressionConfig.from(
                Map.<String, Object>of("restcompress.preference", "Auto, gzip, zstd")::get);
        assertTrue(ordered.auto());
        assertEquals(List.of("gzip", "zstd"), ordered.preference());
        assertTrue(CompressionConfig.defaults().auto(), "link-aware by default");
        assertEquals(ConfigKeys.DEFAULT_PREFERENCE, CompressionConfig.defaults().preference());
        CompressionConfig pinned = CompressionConfig.from(
                Map.<String, Object>of("restcompress.preference", "zstd, gzip")::get);
        assertFalse(pinned.auto(), "a list without auto pins its order");
        IllegalArgumentException late = assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(
                Map.<String, Object>of("restcompress.preference", "gzip, auto")::get));
        assertTrue(late.getMessage().contains("'auto' may only come first"), late.getMessage());
    }

    @Test
    void linkSpeedsReadWithTheirUnits() {
        assertEquals(0, CompressionConfig.defaults().autoLinkSpeed(), "no link speed assumed by default");
        assertEquals(0, CompressionConfig.from(Map.<String, Object>of("restcompress.auto.link-speed", "None")::get)
                .autoLinkSpeed());
        for (Map.Entry<String, Long> e : Map.of("100mbit", 100_000_000L, "2.5 Gbit/s", 2_500_000_000L,
                "512kbps", 512_000L, "1000000", 1_000_000L).entrySet()) {
            assertEquals(e.getValue(), CompressionConfig.from(
                    Map.<String, Object>of("restcompress.auto.link-speed", e.getKey())::get).autoLinkSpeed(), e.getKey());
        }
        for (String bad : new String[] {"fast", "-1mbit", "10", "mbit", "1e30gbit", "NaN"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(
                    Map.<String, Object>of("restcompress.auto.link-speed", bad)::get), bad);
            assertTrue(e.getMessage().contains("restcompress.auto.link-speed"), e.getMessage());
        }
    }

    @Test
    void theDownlinkHintGoesToOriginsThatAskUnlessSetOtherwise() {
        assertEquals(CompressionConfig.DownlinkHint.WHEN_ASKED, CompressionConfig.defaults().downlinkHints());
        assertTrue(CompressionConfig.defaults().downlinkHint());
        assertEquals(CompressionConfig.DownlinkHint.NEVER, CompressionConfig.from(
                Map.<String, Object>of("restcompress.downlink-hint", "false")::get).downlinkHints());
        assertFalse(CompressionConfig.from(Map.<String, Object>of("restcompress.downlink-hint", "never")::get)
                .downlinkHint());
        assertEquals(CompressionConfig.DownlinkHint.ALWAYS, CompressionConfig.from(
                Map.<String, Object>of("restcompress.downlink-hint", "Always")::get).downlinkHints());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(
                Map.<String, Object>of("restcompress.downlink-hint", "sometimes")::get));
        assertEquals("restcompress.downlink-hint must be when-asked, always or never, was 'sometimes'", e.getMessage());
    }
}
