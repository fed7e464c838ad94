package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.restcompress.it.Http;

/** What the redeploy tests share: one round of use of the demo, and the JVM's own figures (jcmd). */
final class Redeploys {

    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private Redeploys() {
    }

    /** Every coding, request bodies, dictionaries, event streams and the landing page's measurements. */
    static void exercise(URI rest, int round) throws Exception {
        for (String coding : List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate", "identity")) {
            // identity refused: auto would otherwise send small bodies as they are on loopback
            HttpResponse<byte[]> response = get(rest.resolve("complex/100?seed=" + round),
                    coding.equals("identity") ? coding : coding + ", identity;q=0");
            assertEquals(200, response.statusCode(), coding);
            assertEquals(coding.equals("identity") ? null : coding,
                    response.headers().firstValue("Content-Encoding").orElse(null), coding);
        }
        // a client that says how fast its link is: auto's calibration and CPU sampler start (threads to end)
        HttpResponse<byte[]> hinted = CLIENT.send(HttpRequest.newBuilder(rest.resolve("complex/100?seed=" + round))
                .header("Accept-Encoding", "zstd, gzip").header("Downlink", "10").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, hinted.statusCode(), "a hinted request");
        byte[] json = "{\"items\":[1,2,3],\"name\":\"redeploy\"}".repeat(200).getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> echo = CLIENT.send(HttpRequest.newBuilder(rest.resolve("echo"))
                .header("Content-Type", "application/json").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gzip(json))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, echo.statusCode(), "a gzip request body");

        long step = 1000L * round;
        HttpResponse<byte[]> first = get(rest.resolve("feed?at=" + step), "identity");
        assertEquals(200, first.statusCode());
        String available = ":" + Base64.getEncoder().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(first.body())) + ":";
        HttpResponse<byte[]> delta = null;
        for (int attempt = 0; attempt < 50; attempt++) { // kept after it leaves: in Redis milliseconds later
            delta = CLIENT.send(HttpRequest.newBuilder(rest.resolve("feed?at=" + (step + 1)))
                    .header("Accept-Encoding", "zstd, dcz").header("Available-Dictionary", available).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if ("dcz".equals(delta.headers().firstValue("Content-Encoding").orElse(null))) {
                break;
            }
            Thread.sleep(20);
        }
        assertEquals("dcz", delta.headers().firstValue("Content-Encoding").orElse(null), "a delta");

        HttpResponse<byte[]> item = get(rest.resolve("items/42"), "zstd");
        Matcher link = Pattern.compile("<([^>]+)>").matcher(item.headers().firstValue("Link").orElse(""));
        assertTrue(link.find(), "a shared dictionary is announced");
        assertEquals(200, get(rest.resolve(link.group(1)), "identity").statusCode());

        HttpResponse<byte[]> events = get(rest.resolve("events?count=3&interval=20"), "zstd");
        assertEquals(200, events.statusCode());
        String coding = events.headers().firstValue("Content-Encoding").orElse(null);
        String stream;
        try {
            stream = new String(Http.decode(coding, events.body()), StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            throw new AssertionError("events in " + coding + ", " + events.body().length + " bytes: "
                    + java.util.HexFormat.of().formatHex(events.body(), 0, Math.min(64, events.body().length))
                    + " headers " + events.headers().map(), e);
        }
        assertTrue(stream.contains("\"id\":2"), stream);
        HttpResponse<InputStream> cut = CLIENT.send(HttpRequest.newBuilder(
                rest.resolve("events?count=1000&interval=20")).header("Accept-Encoding", "gzip").build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = cut.body()) {
            assertTrue(in.read() >= 0, "the stream started");
        } // closed early: the server's sender meets a gone client

        for (String page : List.of("savings", "dictionary-savings", "../")) {
            HttpResponse<byte[]> response = get(rest.resolve(page), "identity");
            assertEquals(200, response.statusCode(), () -> page + ": " + new String(response.body(),
                    StandardCharsets.UTF_8));
        }
    }

    private static HttpResponse<byte[]> get(URI uri, String coding) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(uri).header("Accept-Encoding", coding).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] gzip(byte[] data) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        }
        return out.toByteArray();
    }

    static String lines(String text, String containing) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.contains(containing)) {
                out.append(line, 0, Math.min(line.length(), 300)).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code target/<name>}, absolute, emptied of what an earlier run left there. */
    static Path emptyDirectory(String name) throws IOException {
        Path directory = Paths.get("target", name).toAbsolutePath();
        if (Files.exists(directory)) {
            try (Stream<Path> old = Files.walk(directory)) {
                old.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return directory;
    }

    /** The heap in use after a full GC, bytes: the least of three, each after its own GC. */
    static long heapAfterGc(long pid) throws IOException, InterruptedException {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            jcmd(pid, "GC.run");
            Matcher used = Pattern.compile("used (\\d+)K").matcher(jcmd(pid, "GC.heap_info"));
            assertTrue(used.find(), "no heap figure from jcmd");
            least = Math.min(least, Long.parseLong(used.group(1)) * 1024);
        }
        return least;
    }

    static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Path jcmd = Paths.get(System.getProperty("java.home"), "bin", "jcmd");
        Process run = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true)
                .start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS) && run.exitValue() == 0, command + ": " + out);
        return out;
    }
}
