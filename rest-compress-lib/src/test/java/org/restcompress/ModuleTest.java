package org.restcompress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The module descriptor exports the API and nothing else, and the library resolves and works as a named module: the
 * tests run on the class path, so this is where the module path is tried.
 */
class ModuleTest {

    private static final Path CLASSES = Paths.get("target", "classes");
    private static final Set<String> API = Set.of("org.restcompress", "org.restcompress.codec",
            "org.restcompress.dictionary", "org.restcompress.observe");

    @Test
    void exportsOnlyTheApi() throws IOException {
        ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(CLASSES.resolve("module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        assertEquals("org.restcompress", module.name());
        Set<String> exported = module.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertEquals(API, exported);
        assertTrue(module.exports().stream().noneMatch(ModuleDescriptor.Exports::isQualified));
        assertTrue(module.opens().isEmpty());
        for (String pkg : module.packages()) {
            assertTrue(API.contains(pkg) || pkg.startsWith("org.restcompress.internal"), pkg);
        }
        // the same providers as the class path's service file, which runtimes without modules read
        Set<String> services = new TreeSet<>(Files.readAllLines(
                CLASSES.resolve("META-INF/services/org.restcompress.codec.ContentCodec")));
        services.removeIf(String::isBlank);
        Set<String> provided = new TreeSet<>();
        module.provides().forEach(p -> provided.addAll(p.providers()));
        assertEquals(services, provided);
    }

    @Test
    void resolvesOnTheModulePathAndFindsItsOptionalCodecs() throws Exception {
        List<Path> paths = new ArrayList<>(List.of(CLASSES));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Paths.get(entry).getFileName().toString();
            if (name.matches("(jakarta\\.ws\\.rs-api|compress-lzf|zstd-jni|brotli4j|service|native-linux-x86_64"
                    + "|lz4-java)-[0-9].*\\.jar")) {
                paths.add(Paths.get(entry));
            }
        }
        ModuleFinder finder = ModuleFinder.of(paths.toArray(Path[]::new));
        Configuration configuration = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(),
                Set.of("org.restcompress", "com.github.luben.zstd_jni", "com.aayushatharva.brotli4j",
                        "org.lz4.java"));
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(configuration,
                ClassLoader.getPlatformClassLoader());
        Module library = layer.findModule("org.restcompress").orElseThrow();
        assertTrue(library.isExported("org.restcompress"));
        assertFalse(library.isExported("org.restcompress.internal.server"));
        ClassLoader loader = layer.findLoader("org.restcompress");
        Class<?> spi = loader.loadClass("org.restcompress.codec.ContentCodec");
        Set<String> found = new TreeSet<>();
        for (Object codec : ServiceLoader.load(layer, spi)) {
            found.add((String) spi.getMethod("token").invoke(codec));
        }
        assertEquals(Set.of("br", "lz4", "zstd"), found);
        // the feature builds its registry (built-ins and providers) inside the module
        Class<?> registry = loader.loadClass("org.restcompress.internal.codec.CodecRegistry");
        assertEquals("org.restcompress", registry.getModule().getName());
    }
}
