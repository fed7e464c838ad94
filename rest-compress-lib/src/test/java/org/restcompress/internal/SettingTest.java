package org.restcompress.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.BrotliSettings;
import org.restcompress.internal.codec.DeflateCodec;
import org.restcompress.internal.codec.GzipCodec;
import org.restcompress.internal.codec.Lz4Codec;
import org.restcompress.internal.codec.LzfCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.codec.ZstdSettings;

/**
 * The settings table is the one declaration of every key: {@link ConfigKeys} names no key it lacks, its defaults are
 * the builder's and the codecs', its ranges are what the builder and the codecs refuse, and
 * {@code docs/configuration.md} shows each key, and no other, with the table's default and side. (The Spring Boot
 * metadata is held to the table by that module's {@code MetadataTest}.)
 */
class SettingTest {

    @Test
    void everyKeyConfigKeysNamesIsInTheTableAndNoOther() throws Exception {
        Set<String> declared = new TreeSet<>();
        for (Field field : ConfigKeys.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof String key
                    && key.startsWith(ConfigKeys.PREFIX) && !key.endsWith(".")) {
                declared.add(key);
            }
        }
        Set<String> table = new TreeSet<>();
        for (Setting setting : Setting.values()) {
            if (setting.coding() == null) {
                table.add(setting.key());
            } else {
                assertEquals(ConfigKeys.codecKey(setting.coding(), setting.option()), setting.key());
            }
        }
        assertEquals(declared, table);
    }

    /** Every key set to the table's default makes the configuration the builder makes with nothing set. */
    @Test
    void theTablesDefaultsAreTheBuildersDefaults() throws Exception {
        Map<String, Object> keys = new HashMap<>();
        for (Setting setting : Setting.values()) {
            if (setting.coding() == null) {
                keys.put(setting.key(), setting.defaultValue());
            }
        }
        CompressionConfig read = CompressionConfig.from(keys);
        CompressionConfig built = CompressionConfig.defaults();
        int compared = 0;
        for (Method accessor : CompressionConfig.class.getDeclaredMethods()) {
            if (Modifier.isPublic(accessor.getModifiers()) && !Modifier.isStatic(accessor.getModifiers())
                    && accessor.getParameterCount() == 0
                    && !Set.of("responseExclusion", "toString").contains(accessor.getName())) {
                assertEquals(accessor.invoke(built), accessor.invoke(read), accessor.getName());
                compared++;
            }
        }
        assertTrue(compared > 20, "accessors compared: " + compared);
    }

    @Test
    void theTablesDefaultsAreTheCodecsDefaults() {
        Map<Setting, Integer> codecs = Map.of(Setting.GZIP_LEVEL, new GzipCodec().level(),
                Setting.GZIP_PADDING, new GzipCodec().padding(), Setting.DEFLATE_LEVEL, new DeflateCodec().level(),
                Setting.ZSTD_LEVEL, ZstdSettings.DEFAULTS.level(),
                Setting.ZSTD_EVENT_WINDOW_LOG, ZstdSettings.DEFAULTS.eventWindowLog(), Setting.ZSTD_EVENT_HASH_LOG,
                ZstdSettings.DEFAULTS.eventHashLog(), Setting.BR_QUALITY, BrotliSettings.DEFAULTS.quality(),
                Setting.BR_WINDOW, BrotliSettings.DEFAULTS.window(), Setting.BR_EVENT_WINDOW,
                BrotliSettings.DEFAULTS.eventWindow(), Setting.LZF_EVENT_CHUNK_SIZE, LzfCodec.DEFAULT_EVENT_CHUNK_SIZE);
        codecs.forEach((setting, value) -> assertEquals(value, setting.parse(setting.defaultValue()), setting.key()));
        assertEquals("", Setting.ZSTD_WINDOW_LOG.defaultValue()); // zstd's own choice
        assertEquals(0, ZstdSettings.DEFAULTS.windowLog());
        assertEquals(64L << 10, Setting.LZ4_BLOCK_SIZE.parse(Setting.LZ4_BLOCK_SIZE.defaultValue()));
    }

    /** A codec refuses a value just past either end of the table's range, with the table's message. */
    @Test
    void theCodecsRefuseWhatTheTableRefuses() {
        Map<String, ContentCodec> codecs = Map.of("gzip", new GzipCodec(), "deflate", new DeflateCodec(), "zstd",
                new ZstdCodec(), "br", new BrotliCodec(), "lzf", new LzfCodec());
        for (Setting setting : Setting.values()) {
            ContentCodec codec = setting.coding() == null ? null : codecs.get(setting.coding());
            if (codec == null) {
                continue; // the library's own keys, and lz4's block size (four sizes, named by the codec)
            }
            for (long value : new long[] {setting.min() - 1, setting.max() + 1}) {
                CodecOptions options = CodecOptions.of(setting.coding(),
                        name -> Optional.ofNullable(name.equals(setting.option()) ? Long.toString(value) : null));
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> codec.configure(options), setting.key() + "=" + value);
                assertEquals(setting.key() + " must be " + setting.min() + " to " + setting.max() + ", was " + value,
                        e.getMessage());
            }
            CodecOptions atMax = CodecOptions.of(setting.coding(),
                    name -> Optional.ofNullable(name.equals(setting.option()) ? Long.toString(setting.max()) : null));
            assertNotNull(codec.configure(atMax), setting.key());
        }
        assertThrows(IllegalArgumentException.class, () -> new Lz4Codec().configure(
                CodecOptions.of("lz4", name -> Optional.of("128K"))));
    }

    /** The builder refuses what reading the key refuses, with one message. */
    @Test
    void theBuilderRefusesWhatTheKeyRefuses() {
        IllegalArgumentException read = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(Map.of(ConfigKeys.MAX_CODINGS, "101")));
        IllegalArgumentException built = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.builder().maxCodings(101));
        assertEquals("restcompress.max-codings must be 1 to 100, was 101", read.getMessage());
        assertEquals(read.getMessage(), built.getMessage());
        IllegalArgumentException samples = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(Map.of(ConfigKeys.TRAINING_SAMPLES, "7")));
        assertEquals("restcompress.training.samples must be 8 to 2000, was 7", samples.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.builder().encodeOnceMaxBytes(-1));
        assertEquals("restcompress.encode-once.max-bytes must be at least 0, was -1", negative.getMessage());
    }

    /** A row: its keys, its default (empty for none), its meaning. */
    private static final Pattern ROW = Pattern.compile("^\\| (`restcompress\\.[^|]*) \\|([^|]*)\\| (.*) \\|$",
            Pattern.MULTILINE);
    private static final Pattern KEY = Pattern.compile("`(restcompress\\.[^`]+)`");

    /**
     * The reference has a row for each key and for no other; each shows the table's default, and says which side a
     * one-sided key acts on: a client's key begins "client", a server's "server" (or names the server-side feature it
     * belongs to).
     */
    @Test
    void theReferenceShowsEachDefaultAndSide() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
        Map<String, String[]> rows = new HashMap<>();
        Matcher row = ROW.matcher(page);
        while (row.find()) {
            Matcher key = KEY.matcher(row.group(1));
            while (key.find()) {
                rows.put(key.group(1), new String[] {row.group(2).trim(), row.group(3)});
            }
        }
        Set<String> unknown = new TreeSet<>(rows.keySet());
        for (Setting setting : Setting.values()) {
            unknown.remove(setting.key());
        }
        // the keys whose names an application makes: shared dictionaries, other codecs' settings
        assertTrue(unknown.remove(ConfigKeys.SHARED_DICTIONARY_PREFIX + "<name>"), "the shared dictionaries' row");
        assertTrue(unknown.remove(ConfigKeys.codecKey("<coding>", "<name>")), "other codecs' row");
        assertEquals(Set.of(), unknown, "rows for keys the library does not read");
        for (Setting setting : Setting.values()) {
            String[] cells = rows.get(setting.key());
            assertNotNull(cells, setting.key() + " has no row");
            if (!setting.defaultValue().isEmpty()) {
                assertTrue(cells[0].contains("`" + setting.defaultValue() + "`"), setting.key() + ": " + cells[0]);
            }
            String meaning = cells[1];
            if (setting.scope() == Setting.Scope.CLIENT) {
                assertTrue(meaning.startsWith("client"), setting.key() + ": " + meaning);
            } else if (setting.scope() == Setting.Scope.SERVER) {
                assertTrue(meaning.startsWith("server") || meaning.startsWith("`@TrainedDictionary`")
                        || meaning.contains("event streams"), setting.key() + ": " + meaning);
            }
        }
    }
}
