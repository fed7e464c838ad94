package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.ning.compress.lzf.LZFInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Bodies;
import org.restcompress.it.Http;

/**
 * Interop with code nobody here wrote: curl, and the C liblzf for LZF bodies. Skipped where they are missing, except
 * under CI, which installs them.
 */
class CurlInteropTest {

    private static DemoServer demo;
    private static byte[] identity;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        boolean haveCurl = run(List.of("curl", "--version")).exitCode == 0;
        if (System.getenv("CI") != null) {
            assertTrue(haveCurl, "CI must install curl");
        }
        assumeTrue(haveCurl, "curl is not installed");
        demo = DemoServer.start("127.0.0.1", 0);
        identity = Http.get(demo.restUri().resolve("static")).body();
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    private record Result(int exitCode, String stdout) {
    }

    private static Result run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, e.toString());
        }
    }

    private Result curl(String... args) {
        List<String> command = new ArrayList<>(List.of("curl", "--silent", "--show-error", "--fail", "--max-time", "60"));
        command.addAll(List.of(args));
        return run(command);
    }

    @ParameterizedTest
    @ValueSource(strings = {"static/gzip", "static/any"})
    void curlCompressedDecodesGzipByteExact(String path) throws IOException {
        Path out = dir.resolve("body");
        Path headers = dir.resolve("headers");
        Result result = curl("--compressed", "-H", "Accept-Encoding: gzip", "-D", headers.toString(),
                "-o", out.toString(), demo.restUri().resolve(path).toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertTrue(Files.readString(headers).toLowerCase().contains("content-encoding: gzip"));
        assertArrayEquals(identity, Files.readAllBytes(out));
    }

    /** curl here is built with brotli and zstd: --compressed offers and decodes both. */
    @ParameterizedTest
    @ValueSource(strings = {"br", "zstd"})
    void curlCompressedDecodesBrotliAndZstdByteExact(String coding) throws IOException {
        Path out = dir.resolve("body");
        Path headers = dir.resolve("headers");
        Result result = curl("--compressed", "-H", "Accept-Encoding: " + coding, "-D", headers.toString(),
                "-o", out.toString(), demo.restUri().resolve("static/any").toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertTrue(Files.readString(headers).toLowerCase().contains("content-encoding: " + coding),
                Files.readString(headers));
        assertArrayEquals(identity, Files.readAllBytes(out));
    }

    @Test
    void curlsOwnOfferGetsTheServersPreferredCoding() throws IOException {
        Path out = dir.resolve("body");
        Path headers = dir.resolve("headers");
        Result result = curl("--compressed", "-D", headers.toString(), "-o", out.toString(),
                demo.restUri().resolve("static/any").toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertTrue(Files.readString(headers).toLowerCase().contains("content-encoding: zstd"),
                Files.readString(headers));
        assertArrayEquals(identity, Files.readAllBytes(out));
    }

    @Test
    void curlDecodesDeflate() throws IOException {
        Path out = dir.resolve("body");
        Path headers = dir.resolve("headers");
        byte[] body = Bodies.json(100_000);
        Path in = Files.write(dir.resolve("in.json"), body);
        Result result = curl("-H", "Accept-Encoding: deflate", "--compressed", "-D", headers.toString(),
                "-H", "Content-Type: application/json", "--data-binary", "@" + in, "-o", out.toString(),
                demo.restUri().resolve("echo").toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertTrue(Files.readString(headers).toLowerCase().contains("content-encoding: deflate"), "curl was sent deflate");
        assertArrayEquals(body, Files.readAllBytes(out));
    }

    @Test
    void lzfBodyFetchedByCurlDecodesWithCompressLzf() throws IOException {
        Path out = dir.resolve("static.lzf");
        Path headers = dir.resolve("headers");
        Result result = curl("-H", "Accept-Encoding: lzf", "-D", headers.toString(), "-o", out.toString(),
                demo.restUri().resolve("static").toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertTrue(Files.readString(headers).toLowerCase().contains("content-encoding: lzf"));
        assertTrue(Files.size(out) < identity.length / 2);
        try (InputStream lzf = new LZFInputStream(Files.newInputStream(out))) {
            assertArrayEquals(identity, lzf.readAllBytes());
        }
    }

    /** The C liblzf decodes what curl fetched (through src/test/python/lzf_zv.py, which reads the ZV framing). */
    @Test
    void lzfBodyFetchedByCurlDecodesWithTheCLibrary() throws IOException {
        assumeLiblzf();
        Path lzf = dir.resolve("static.lzf");
        Result fetched = curl("-H", "Accept-Encoding: lzf", "-o", lzf.toString(),
                demo.restUri().resolve("static").toString());
        assertEquals(0, fetched.exitCode(), fetched.stdout());
        Path decoded = dir.resolve("static.json");
        Result result = lzfZv("decode", lzf, decoded);
        assertEquals(0, result.exitCode(), result.stdout());
        assertArrayEquals(identity, Files.readAllBytes(decoded));
    }

    /** A body compressed by the C liblzf, posted by curl, comes back intact. */
    @Test
    void bodyCompressedByTheCLibraryIsDecodedByTheServer() throws IOException {
        assumeLiblzf();
        byte[] body = Bodies.json(400_000);
        Path lzf = dir.resolve("body.lzf");
        Result encoded = lzfZv("encode", Files.write(dir.resolve("body.json"), body), lzf);
        assertEquals(0, encoded.exitCode(), encoded.stdout());
        assertTrue(Files.size(lzf) < body.length / 2, Files.size(lzf) + " bytes");
        Path out = dir.resolve("echo");
        Result result = curl("-H", "Content-Encoding: lzf", "-H", "Content-Type: application/json",
                "--data-binary", "@" + lzf, "-o", out.toString(), demo.restUri().resolve("echo").toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertArrayEquals(body, Files.readAllBytes(out));
    }

    /** The tool itself refuses what is not whole: a truncated body fails, so the tests above can fail too. */
    @Test
    void theLiblzfToolRejectsATruncatedBody() throws IOException {
        assumeLiblzf();
        Path lzf = Files.write(dir.resolve("cut.lzf"), Arrays.copyOf(Bodies.lzf(identity), 1000));
        Result result = lzfZv("decode", lzf, dir.resolve("cut.json"));
        assertTrue(result.exitCode() != 0 && result.stdout().contains("truncated"), result.stdout());
    }

    private static final Path LZF_ZV = Path.of("src/test/python/lzf_zv.py");

    private static void assumeLiblzf() {
        boolean have = run(List.of("python3", "-c", "import ctypes; ctypes.CDLL('liblzf.so.1')")).exitCode() == 0;
        if (System.getenv("CI") != null) {
            assertTrue(have, "CI must install python3 and liblzf-dev");
        }
        assumeTrue(have, "python3 or the C liblzf is missing");
    }

    private static Result lzfZv(String mode, Path in, Path out) {
        try {
            Process process = new ProcessBuilder("python3", LZF_ZV.toString(), mode)
                    .redirectInput(in.toFile()).redirectOutput(out.toFile()).start();
            String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(process.exitValue(), errors);
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, e.toString());
        }
    }

    @Test
    void curlPostsAnLzfBody() throws IOException {
        byte[] body = Bodies.json(250_000);
        Path in = Files.write(dir.resolve("body.lzf"), Bodies.lzf(body));
        Path out = dir.resolve("echo");
        Result result = curl("-H", "Content-Encoding: lzf", "-H", "Content-Type: application/json",
                "--data-binary", "@" + in, "-o", out.toString(), demo.restUri().resolve("echo").toString());
        assertEquals(0, result.exitCode(), result.stdout());
        assertArrayEquals(body, Files.readAllBytes(out));
    }
}
