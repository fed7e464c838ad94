package org.restcompress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/configuration.md}'s table names every key {@link ConfigKeys} declares, and no key it does not: a key
 * added to the library without a line in the reference, or a line left for a key that went, fails here. (The Spring
 * Boot metadata is held to the same keys by that module's {@code MetadataTest}.)
 */
class ConfigurationDocsTest {

    /** A table row's first cell: one key, or several in one cell ({@code `a`, `b`}). */
    private static final Pattern ROW = Pattern.compile("^\\| (`restcompress\\.[^|]*) \\|", Pattern.MULTILINE);
    private static final Pattern KEY = Pattern.compile("`(restcompress\\.[^`]+)`");

    @Test
    void theReferenceTableNamesEveryKeyAndNoOther() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
        Set<String> documented = new TreeSet<>();
        Matcher row = ROW.matcher(page);
        while (row.find()) {
            Matcher key = KEY.matcher(row.group(1));
            while (key.find()) {
                documented.add(key.group(1));
            }
        }
        Set<String> declared = new TreeSet<>();
        for (Field field : ConfigKeys.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.get(null) instanceof String key
                    && key.startsWith(ConfigKeys.PREFIX) && !key.equals(ConfigKeys.PREFIX)) {
                declared.add(key.endsWith(".") ? key + "<name>" : key);
            }
        }
        Set<String> undocumented = new TreeSet<>(declared);
        undocumented.removeAll(documented);
        assertEquals(Set.of(), undocumented, "keys the reference does not name");
        Set<String> unknown = new TreeSet<>(documented);
        unknown.removeAll(declared);
        // the codecs' own keys (restcompress.<coding>.<name>) are the codecs', not ConfigKeys'
        unknown.remove("restcompress.<coding>.<name>");
        unknown.removeIf(key -> key.matches("restcompress\\.(gzip|deflate|zstd|br|lzf|lz4)\\.[a-z-]+"));
        assertEquals(Set.of(), unknown, "lines for keys the library does not read");
    }
}
