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

    /**
     * The API stands on its own: the SPI and value packages use no internal class at all, and the root package's
     * public signatures name none (its implementation calls into the internals, its signatures never expose them).
     */
    @Test
    void theApiUsesNoInternalType() throws Exception {
        for (String pkg : API) {
            Path dir = CLASSES.resolve(pkg.replace('.', '/'));
            try (var files = Files.list(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class")).collect(Collectors.toList())) {
                    String name = pkg + "." + file.getFileName().toString().replace(".class", "");
                    Class<?> type = Class.forName(name, false, getClass().getClassLoader());
                    if (!pkg.equals("org.restcompress")) {
                        String bytes = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
                        assertFalse(bytes.contains("org/restcompress/internal/"), name + " uses an internal class");
                    }
                    if (!java.lang.reflect.Modifier.isPublic(type.getModifiers())) {
                        continue;
                    }
                    List<String> signatures = new ArrayList<>();
                    for (var m : type.getDeclaredMethods()) {
                        if ((m.getModifiers() & (java.lang.reflect.Modifier.PUBLIC
                                | java.lang.reflect.Modifier.PROTECTED)) != 0) {
                            signatures.add(m.toGenericString());
                        }
                    }
                    for (var c : type.getDeclaredConstructors()) {
                        if ((c.getModifiers() & (java.lang.reflect.Modifier.PUBLIC
                                | java.lang.reflect.Modifier.PROTECTED)) != 0) {
                            signatures.add(c.toGenericString());
                        }
                    }
                    for (var f : type.getDeclaredFields()) {
                        if ((f.getModifiers() & (java.lang.reflect.Modifier.PUBLIC
                                | java.lang.reflect.Modifier.PROTECTED)) != 0) {
                            signatures.add(f.toGenericString());
                        }
                    }
                    for (String signature : signatures) {
                        assertFalse(signature.contains("org.restcompress.internal."), signature);
                    }
                }
            }
        }
    }

    /**
     * The API check's baseline holds every exported package, under coordinates of its own: Maven copies it into each
     * builder's local repository, where the library's coordinates would pass 14 API classes off as the release.
     */
    @Test
    void theApiBaselineCoversEveryExportedPackageUnderItsOwnCoordinates() throws IOException {
        Path baseline = Paths.get("api-baseline");
        List<Path> jars;
        try (var files = Files.walk(baseline)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).collect(Collectors.toList());
        }
        assertEquals(1, jars.size(), jars.toString());
        assertTrue(jars.get(0).startsWith(baseline.resolve("org/restcompress/api-baseline/rest-compress-lib-api")),
                jars.get(0).toString());
        Set<String> packages = new TreeSet<>();
        try (var jar = new java.util.jar.JarFile(jars.get(0).toFile())) {
            jar.stream().map(java.util.jar.JarEntry::getName).filter(n -> n.endsWith(".class"))
                    .forEach(n -> packages.add(n.substring(0, n.lastIndexOf('/')).replace('/', '.')));
        }
        assertEquals(new TreeSet<>(API), packages);
        String pom = Files.readString(Paths.get("pom.xml"));
        assertTrue(pom.contains("<artifact>org.restcompress.api-baseline:rest-compress-lib-api:"), "revapi reads it");
    }

    /**
     * The Jandex index Quarkus reads leaves out the classes only servlet containers load: Quarkus has no servlet API
     * and warned "Failed to index jakarta.servlet.ServletOutputStream" for every application. The feature is in it.
     */
    @Test
    void theJandexIndexNamesNoServletType() throws IOException {
        org.jboss.jandex.Index index;
        try (InputStream in = Files.newInputStream(CLASSES.resolve("META-INF/jandex.idx"))) {
            index = new org.jboss.jandex.IndexReader(in).read();
        }
        assertTrue(index.getClassByName(CompressionFeature.class.getName()) != null, "the feature is indexed");
        for (org.jboss.jandex.ClassInfo type : index.getKnownClasses()) {
            List<String> supers = new ArrayList<>();
            if (type.superName() != null) {
                supers.add(type.superName().toString());
            }
            type.interfaceNames().forEach(name -> supers.add(name.toString()));
            for (String name : supers) {
                assertFalse(name.startsWith("jakarta.servlet."), type.name() + " extends " + name);
            }
        }
    }
}
