package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Java block of README.md and docs/*.md compiles against the library as the page shows it: its own imports and
 * nothing else (no import is added). A page's blocks compile together, so a resource one block declares may be
 * registered by another. A block without a type declaration is a sequence of statements, compiled as a method's body
 * (its imports hoisted). The pages' example domain types ({@code Station}, {@code Feed}, {@code Item},
 * {@code Update}) are given as empty records: what an application brings. Against the library's modules, Jakarta REST,
 * MicroProfile Rest Client and Micrometer, as on the demo's test class path.
 */
class DocsTest {

    private static final Path ROOT = Paths.get("..");
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```");
    private static final Pattern TYPE = Pattern.compile(
            "(?m)^(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:public\\s+|final\\s+|abstract\\s+)*(class|interface|@interface|record|enum)"
                    + "\\s+(\\w+)");
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "(?m)^(?:@\\w+(?:\\([^)]*\\))?\\s+)*public\\s+(?:final\\s+|abstract\\s+)*(?:class|interface|@interface|record|enum)"
                    + "\\s+(\\w+)");
    private static final List<String> DOMAIN = List.of("Station", "Feed", "Item", "Update");

    static Stream<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages.stream().filter(DocsTest::hasJava);
    }

    private static boolean hasJava(Path page) {
        try {
            return BLOCK.matcher(Files.readString(page)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void everyJavaBlockCompilesWithTheImportsThePageNames(Path page) throws IOException {
        List<JavaFileObject> sources = new ArrayList<>();
        Matcher block = BLOCK.matcher(Files.readString(page));
        int n = 0;
        while (block.find()) {
            n++;
            sources.add(source(block.group(1), "Snippet" + n));
        }
        for (String type : DOMAIN) {
            sources.add(new Source(type, "public record " + type + "(String id) {}\n"));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path out = Files.createTempDirectory("docs-test");
        StringWriter log = new StringWriter();
        boolean compiled = javac.getTask(log, null, diagnostics, List.of("-proc:none", "-d", out.toString(),
                "-classpath", System.getProperty("java.class.path")), null, sources).call();
        StringBuilder errors = new StringBuilder();
        diagnostics.getDiagnostics().forEach(d -> errors.append(d.getSource() == null ? "" : d.getSource().getName())
                .append(':').append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT)).append('\n'));
        assertTrue(compiled, page + ":\n" + errors + log);
        assertTrue(n > 0);
    }

    /** A block as a source file: a compilation unit as it is, or statements wrapped in a method. */
    static Source source(String block, String fallbackName) {
        Matcher type = TYPE.matcher(block);
        if (type.find()) {
            Matcher named = PUBLIC_TYPE.matcher(block);
            return new Source(named.find() ? named.group(1) : fallbackName, block);
        }
        StringBuilder imports = new StringBuilder();
        StringBuilder statements = new StringBuilder();
        for (String line : block.split("\n", -1)) {
            (line.startsWith("import ") ? imports : statements).append(line).append('\n');
        }
        return new Source(fallbackName, imports + "class " + fallbackName + " {\n    void run() throws Exception {\n"
                + statements + "    }\n}\n");
    }

    @org.junit.jupiter.api.Test
    void aBlockOfStatementsIsCompiledAsAMethodBody() {
        Source source = source("import java.util.List;\nList<String> names = List.of();\n", "Snippet1");
        assertEquals("Snippet1", source.type);
        assertTrue(source.text.startsWith("import java.util.List;\nclass Snippet1 {"), source.text);
        assertEquals("MyApplication", source("@ApplicationPath(\"/api\")\npublic class MyApplication {}\n", "S").type);
    }

    static final class Source extends SimpleJavaFileObject {
        final String type;
        final String text;

        Source(String type, String text) {
            super(URI.create("string:///" + type + Kind.SOURCE.extension), Kind.SOURCE);
            this.type = type;
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
