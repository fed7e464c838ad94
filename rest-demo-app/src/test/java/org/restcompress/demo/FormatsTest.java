package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The demo's objects in every body format by {@code Accept}, each in every coding: CBOR and MessagePack parsed by
 * Python's {@code cbor2} and {@code msgpack} (after Python's own decoders undid the coding), Smile by Jackson's Smile
 * parser, each compared with the JSON representation, binary fields against JSON's base64. A client that takes any
 * type gets JSON.
 */
class FormatsTest {

    private static final List<String> PATHS = List.of("complex/30?seed=1", "static/any", "photo");
    private static final List<String> CODINGS = List.of("identity", "gzip", "deflate", "zstd", "br", "lz4", "lzf");
    private static final Path CHECK = Path.of("src/test/python/formats_check.py");
    private static DemoServer demo;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        demo = DemoServer.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    private static Reply get(String path, String accept, String coding) {
        return Http.get(demo.restUri().resolve(path), "Accept", accept, "Accept-Encoding", coding);
    }

    private static String fileName(String path) {
        return path.replaceAll("[^a-z0-9]", "_");
    }

    @Test
    void cborAndMessagePackParseWithPythonToTheJsonRepresentationInEveryCoding() throws Exception {
        boolean present = run(List.of("python3", "-c",
                "import cbor2, msgpack, zstandard, brotli, lz4.frame; import ctypes; ctypes.CDLL('liblzf.so.1')"))
                .startsWith("0:");
        if (System.getenv("CI") == null) {
            assumeTrue(present, "python3 with cbor2, msgpack, zstandard, brotli, lz4 and liblzf is not installed");
        }
        assertTrue(present, "CI installs python3 with cbor2, msgpack, zstandard, brotli, lz4 and liblzf");
        int written = 0;
        for (String path : PATHS) {
            Reply json = get(path, "application/json", "identity");
            assertEquals(200, json.status());
            Files.write(dir.resolve(fileName(path) + ".json"), json.body());
            for (String format : List.of("cbor", "msgpack", "x-msgpack")) {
                for (String coding : CODINGS) {
                    Reply reply = get(path, "application/" + format, coding);
                    assertEquals(200, reply.status(), path + " " + format + " " + coding);
                    assertEquals("application/" + format, reply.header("Content-Type"));
                    assertEquals(coding.equals("identity") ? null : coding, reply.header("Content-Encoding"));
                    Files.write(dir.resolve(fileName(path) + "--" + format + "--" + coding + ".bin"), reply.body());
                    written++;
                }
            }
        }
        String out = run(List.of("python3", CHECK.toString(), dir.toString()));
        List<String> lines = out.lines().filter(line -> line.contains(".bin:")).toList();
        assertEquals(written, lines.size(), out);
        assertEquals(List.of(), lines.stream().filter(line -> !line.endsWith(": ok")).toList());
    }

    @Test
    void smileParsesWithJacksonToTheJsonRepresentationInEveryCoding() throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectMapper smile = new ObjectMapper(new SmileFactory());
        for (String path : PATHS) {
            JsonNode expected = json.readTree(get(path, "application/json", "identity").body());
            for (String coding : CODINGS) {
                Reply reply = get(path, "application/x-jackson-smile", coding);
                assertEquals("application/x-jackson-smile", reply.header("Content-Type"));
                JsonNode parsed = smile.readTree(reply.decoded());
                assertEquals(expected.toString(), textual(parsed).toString(), path + " " + coding);
            }
        }
    }

    /** Smile's binary values as JSON writes them: base64 text. */
    private static JsonNode textual(JsonNode node) throws IOException {
        if (node.isBinary()) {
            return com.fasterxml.jackson.databind.node.TextNode.valueOf(Base64.getEncoder()
                    .encodeToString(node.binaryValue()));
        }
        if (node.isObject()) {
            com.fasterxml.jackson.databind.node.ObjectNode copy = ((com.fasterxml.jackson.databind.node.ObjectNode)
                    node).deepCopy();
            for (var field : (Iterable<java.util.Map.Entry<String, JsonNode>>) node::fields) {
                copy.set(field.getKey(), textual(field.getValue()));
            }
            return copy;
        }
        if (node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode copy = ((com.fasterxml.jackson.databind.node.ArrayNode)
                    node).deepCopy();
            for (int i = 0; i < node.size(); i++) {
                copy.set(i, textual(node.get(i)));
            }
            return copy;
        }
        return node;
    }

    /** A client that takes any type, or names none, gets JSON; the binary formats only when asked for. */
    @Test
    void jsonUnlessABinaryFormatIsNamed() {
        for (String accept : new String[] {"*/*", "application/json, */*;q=0.5",
            "text/html,application/xml;q=0.9,*/*;q=0.8"}) {
            Reply reply = get("photo", accept, "identity");
            assertTrue(reply.header("Content-Type").startsWith(accept.startsWith("text/html") ? "application/xml"
                    : "application/json"), accept + ": " + reply.header("Content-Type"));
        }
        Reply cbor = get("photo", "application/cbor", "identity");
        Reply json = get("photo", "application/json", "identity");
        assertTrue(cbor.body().length < json.body().length * 0.8, "bytes, not base64: " + cbor.body().length
                + " against JSON's " + json.body().length);
    }

    private static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor() + ": " + out;
        } catch (IOException e) {
            return "-1: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "-1: " + e;
        }
    }
}
