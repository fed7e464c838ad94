package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.it.Http.Reply;

/**
 * Differential tests against encoders and decoders nobody here wrote ({@code src/test/python/reference_codecs.py}:
 * Python's gzip, zlib, zstandard, brotli and lz4, and the gzip, pigz, zstd, lz4 and brotli tools, with varied
 * parameters: levels, windows, block sizes, checksums on and off, several frames and members, skippable frames,
 * optional gzip header fields, content sizes absent, dictionaries with and without ids, empty inputs).
 *
 * <p>Their streams, posted as request bodies to the test runtime, decode to exactly their input; truncated, or with
 * bytes flipped, they get what the reference library makes of them: 400 where it refuses them, the same bytes where
 * it decodes them (a flip in bytes the format does not check), never a 5xx or a hang, and the server goes on
 * serving. The other way, everything our encoders make with every setting a user can
 * choose (and as event streams, flushed event by event) decodes with the reference decoders to exactly its input.
 * Skipped where Python's modules are missing, except under CI, which installs them.
 */
class DifferentialTest {

    private static final Path SCRIPT = Path.of("src/test/python/reference_codecs.py");
    private static final Map<String, byte[]> INPUTS = new LinkedHashMap<>();
    private static TestServer server;
    private static Path dir;

    @BeforeAll
    static void start() throws Exception {
        boolean present = run(List.of("python3", "-c", "import zstandard, brotli, lz4.frame")).exitCode == 0;
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(present, "python3 with zstandard, brotli and lz4 is not installed");
        }
        assertTrue(present, "CI installs python3 with zstandard, brotli and lz4");
        INPUTS.put("json", Bodies.json(200_000));
        INPUTS.put("random", Bodies.random(50_000));
        INPUTS.put("small", "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        INPUTS.put("empty", new byte[0]);
        server = TestServer.start(TestApplication.class);
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void foreignStreamsDecodeExactlyAndDamagedOnesAreRefused() throws Exception {
        dir = Files.createTempDirectory("differential");
        for (Map.Entry<String, byte[]> input : INPUTS.entrySet()) {
            Files.write(dir.resolve(input.getKey() + ".raw"), input.getValue());
        }
        Files.write(dir.resolve("dictionary.raw"), Arrays.copyOf(INPUTS.get("json"), 30_000));
        Result encoded = run(List.of("python3", SCRIPT.toString(), "encode", dir.toString()));
        assertEquals(0, encoded.exitCode, encoded.output);
        if (System.getenv("CI") != null) { // CI installs every tool: none may be skipped there
            assertTrue(!encoded.output.contains("missing tool"), encoded.output);
        }
        List<Path> streams;
        try (Stream<Path> files = Files.list(dir)) {
            streams = files.filter(p -> p.toString().endsWith(".bin")).sorted().toList();
        }
        assertTrue(streams.size() > 100, streams.size() + " streams");
        List<String> failures = new ArrayList<>();
        Map<Path, String> damaged = new LinkedHashMap<>(); // damaged body -> its coding
        int decoded = 0;
        for (Path stream : streams) {
            String[] name = stream.getFileName().toString().replace(".bin", "").split("--");
            byte[] expected = INPUTS.get(name[0]);
            byte[] body = Files.readAllBytes(stream);
            String coding = name[1];
            if (coding.equals("dcz")) { // against a dictionary the server does not hold: the codec itself
                byte[] dictionary = Files.readAllBytes(dir.resolve("dictionary.raw"));
                if (!Arrays.equals(expected, DictionaryTest.decode("dcz", body, dictionary))) {
                    failures.add(stream.getFileName() + ": decodes to other bytes");
                }
                continue;
            }
            Reply reply = echo(coding, body);
            if (reply.status() != 200 || !Arrays.equals(expected, reply.body())) {
                failures.add(stream.getFileName() + ": " + reply.status() + ", " + reply.body().length + " bytes");
            }
            decoded++;
            if (body.length > 20) {
                String base = stream.getFileName().toString().replace(".bin", "");
                Path truncated = dir.resolve(base + "--truncated.damaged");
                Files.write(truncated, Arrays.copyOf(body, body.length / 2));
                byte[] flipped = body.clone();
                flipped[body.length / 2] ^= 0x5A;
                flipped[body.length / 3] ^= 0x21;
                Path flippedFile = dir.resolve(base + "--flipped.damaged");
                Files.write(flippedFile, flipped);
                damaged.put(truncated, coding);
                damaged.put(flippedFile, coding);
            }
        }
        // the reference library's verdict on each damaged body, which ours must share
        Result judged = run(List.of("python3", SCRIPT.toString(), "judge", dir.toString()));
        assertEquals(0, judged.exitCode, judged.output);
        Map<String, String> verdicts = new LinkedHashMap<>();
        judged.output.lines().filter(line -> line.contains(".damaged ")).forEach(line ->
                verdicts.put(line.substring(0, line.indexOf(' ')), line.substring(line.indexOf(' ') + 1)));
        for (Map.Entry<Path, String> body : damaged.entrySet()) {
            String verdict = verdicts.get(body.getKey().getFileName().toString());
            Reply reply = echo(body.getValue(), Files.readAllBytes(body.getKey()));
            if (!agrees(verdict, reply)) {
                failures.add(body.getKey().getFileName() + ": " + reply.status() + " where the reference says "
                        + verdict);
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(decoded > 90, decoded + " streams posted");
        assertTrue(damaged.size() > 150 && verdicts.size() == damaged.size(), verdicts.size() + " verdicts");
        assertTrue(verdicts.values().stream().anyMatch(v -> v.startsWith("accept")), "some damage decodes");
        assertTrue(verdicts.values().stream().anyMatch(v -> v.startsWith("refuse")), "some damage is refused");
        assertEquals(200, Http.get(server.uri("all"), "Accept-Encoding", "zstd").status(), "still serving");
    }

    /**
     * Ours agrees with the reference library on a damaged body: where it refuses, 400; where it decodes the body
     * whole, 200 with the same bytes (a flip in bytes the format does not check, or a cut at a frame boundary).
     */
    private static boolean agrees(String verdict, Reply reply) {
        if (verdict != null && verdict.startsWith("refuse")) {
            return reply.status() == 400;
        }
        return verdict != null && reply.status() == 200 && verdict.equals("accept " + sha256(reply.body()));
    }

    private static String sha256(byte[] data) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(data));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Reply echo(String coding, byte[] body) {
        return Http.post(server.uri("echo-all"), body, "Content-Encoding", coding,
                "Content-Type", "application/octet-stream", "Accept-Encoding", "identity");
    }

    /** Every setting a user can choose, per coding (restcompress.<coding>.<name>), with the default first. */
    private static final Map<String, List<Map<String, String>>> SETTINGS = Map.of(
            "gzip", List.of(Map.of(), Map.of("level", "1"), Map.of("level", "9"), Map.of("padding", "1024")),
            "deflate", List.of(Map.of(), Map.of("level", "1"), Map.of("level", "9")),
            "zstd", List.of(Map.of(), Map.of("level", "1"), Map.of("level", "19"), Map.of("window-log", "10"),
                    Map.of("window-log", "23"), Map.of("event-window-log", "10", "event-hash-log", "6"),
                    Map.of("event-window-log", "23", "event-hash-log", "20")),
            "br", List.of(Map.of(), Map.of("quality", "0"), Map.of("quality", "11"), Map.of("window", "10"),
                    Map.of("window", "24"), Map.of("event-window", "10"), Map.of("event-window", "24")),
            "lzf", List.of(Map.of(), Map.of("event-chunk-size", "65535")),
            "lz4", List.of(Map.of(), Map.of("block-size", "256K"), Map.of("block-size", "1M"),
                    Map.of("block-size", "4M")));

    @Test
    void ourStreamsDecodeWithTheReferenceDecoders() throws Exception {
        Path ours = Files.createTempDirectory("differential-ours");
        try {
            for (Map.Entry<String, byte[]> input : INPUTS.entrySet()) {
                Files.write(ours.resolve(input.getKey() + ".raw"), input.getValue());
            }
            int written = 0;
            for (Map.Entry<String, List<Map<String, String>>> coding : SETTINGS.entrySet()) {
                for (Map<String, String> settings : coding.getValue()) {
                    ContentCodec codec = CodecRegistry.load(getClass().getClassLoader(),
                            token -> !token.equals(coding.getKey()) ? CodecOptions.NONE
                                    : CodecOptions.of(token, name -> Optional.ofNullable(settings.get(name))))
                            .find(coding.getKey()).orElseThrow();
                    String variant = settings.isEmpty() ? "defaults" : String.join("-", settings.entrySet().stream()
                            .sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + e.getValue()).toList());
                    for (Map.Entry<String, byte[]> input : INPUTS.entrySet()) {
                        write(ours, input.getKey(), coding.getKey(), variant, encode(codec, input.getValue(), 0));
                        // as a streamed response and as an event stream: flushed every 4 KB
                        write(ours, input.getKey(), coding.getKey(), variant + "-flushed",
                                encode(codec, input.getValue(), 4096));
                        write(ours, input.getKey(), coding.getKey(), variant + "-events",
                                encode(codec.forEventStreams(), input.getValue(), 1500));
                        written += 3;
                    }
                }
            }
            Result decoded = run(List.of("python3", SCRIPT.toString(), "decode", ours.toString()));
            assertEquals(0, decoded.exitCode, decoded.output);
            List<String> lines = decoded.output.lines().filter(line -> line.contains(".bin ")).toList();
            List<String> failures = lines.stream().filter(line -> !line.endsWith(": ok")).toList();
            assertEquals(List.of(), failures);
            assertTrue(lines.size() >= written, lines.size() + " decodings of " + written + " streams");
        } finally {
            try (Stream<Path> files = Files.walk(ours)) {
                files.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void write(Path dir, String input, String coding, String variant, byte[] bytes)
            throws IOException {
        Files.write(dir.resolve(input + "--" + coding + "--" + variant + ".bin"), bytes);
    }

    /** {@code data} through {@code codec}, flushed every {@code flushEvery} bytes (0: once, at the end). */
    private static byte[] encode(ContentCodec codec, byte[] data, int flushEvery) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream encoder = codec.encode(out)) {
            int step = flushEvery > 0 ? flushEvery : Math.max(1, data.length);
            for (int i = 0; i < data.length; i += step) {
                encoder.write(data, i, Math.min(step, data.length - i));
                if (flushEvery > 0) {
                    encoder.flush();
                }
            }
        }
        return out.toByteArray();
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }
}
