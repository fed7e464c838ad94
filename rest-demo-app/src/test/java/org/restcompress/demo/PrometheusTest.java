package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo's meters as an operator sees them: Debian's {@code prometheus}, started on a free port with a
 * configuration of its own, scrapes the demo's {@code /metrics} every second, and the README's PromQL reads the
 * counters moving as requests are made. Skipped where prometheus is missing, except under CI, which installs it.
 */
class PrometheusTest {

    private static final Path PROMETHEUS = Paths.get("/usr/bin/prometheus");
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static DemoServer demo;
    private static Process prometheus;
    private static URI api;

    @BeforeAll
    static void start() throws Exception {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(PROMETHEUS), "CI must install prometheus");
        }
        assumeTrue(Files.isExecutable(PROMETHEUS), "prometheus is not installed");
        demo = DemoServer.start("127.0.0.1", 0);
        Path dir = Redeploys.emptyDirectory("prometheus");
        Files.createDirectories(dir.resolve("data"));
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, String.join("\n",
                "global:",
                "  scrape_interval: 1s",
                "scrape_configs:",
                "  - job_name: demo",
                "    metrics_path: /metrics",
                "    static_configs:",
                "      - targets: ['127.0.0.1:" + demo.port() + "']",
                ""));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        prometheus = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        api = URI.create("http://127.0.0.1:" + port + "/api/v1/");
        for (int i = 0; i < 300; i++) {
            try {
                if (get(api.resolve("status/buildinfo")).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                assertTrue(prometheus.isAlive(), "prometheus exited:\n"
                        + Files.readString(dir.resolve("prometheus.log")));
            }
            Thread.sleep(100);
        }
        throw new IOException("prometheus did not start:\n" + Files.readString(dir.resolve("prometheus.log")));
    }

    @AfterAll
    static void stop() throws Exception {
        if (prometheus != null) {
            prometheus.destroy();
            if (!prometheus.waitFor(20, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly();
            }
        }
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void prometheusSeesTheCountersMoveAndTheSavings() throws Exception {
        assertEquals(1, waitFor("up{job=\"demo\"}", value -> value == 1), "prometheus scrapes the demo");
        // the meters are the demo's, per class loader: other tests in this JVM may have counted already
        double start = io.micrometer.core.instrument.search.Search.in(DemoMetrics.REGISTRY)
                .name(org.restcompress.micrometer.CompressionMetrics.RESPONSES).tag("coding", "gzip").counters()
                .stream().mapToDouble(io.micrometer.core.instrument.Counter::count).sum();
        String responses = "sum(restcompress_responses_total{job=\"demo\",coding=\"gzip\"})";
        for (int i = 0; i < 5; i++) {
            HttpResponse<byte[]> response = CLIENT.send(HttpRequest.newBuilder(demo.restUri().resolve("static/any"))
                    .header("Accept-Encoding", "gzip").header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals("gzip", response.headers().firstValue("Content-Encoding").orElse(null));
        }
        assertEquals(start + 5, waitFor(responses, value -> value >= start + 5), "five gzip responses counted");
        // the README's lines, as they are: bytes saved per second and the ratio, per coding
        double saved = waitFor("sum by (coding) (rate(restcompress_response_bytes_before_total[5m])"
                + " - rate(restcompress_response_bytes_after_total[5m]))", "gzip", value -> value > 0);
        assertTrue(saved > 0, "bytes saved per second: " + saved);
        double ratio = waitFor("sum by (coding) (rate(restcompress_response_bytes_after_total[5m]))"
                + " / sum by (coding) (rate(restcompress_response_bytes_before_total[5m]))", "gzip", value -> true);
        assertTrue(ratio > 0 && ratio < 0.5, "the static document compresses well in gzip: " + ratio);
        double encodes = waitFor("sum(restcompress_encode_seconds_count{coding=\"gzip\"})", value -> value >= 5);
        assertTrue(encodes >= 5, "encodings timed: " + encodes);
    }

    /** The query's single value once {@code until} holds (or after 20 s, whatever it is); NaN when it has none. */
    private static double waitFor(String query, java.util.function.DoublePredicate until) throws Exception {
        return waitFor(query, null, until);
    }

    /** The value of the query's series whose {@code coding} label is {@code coding} (any series when null). */
    private static double waitFor(String query, String coding, java.util.function.DoublePredicate until)
            throws Exception {
        double value = Double.NaN;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        do {
            HttpResponse<String> response = get(api.resolve("query?query="
                    + URLEncoder.encode(query, StandardCharsets.UTF_8)));
            assertEquals(200, response.statusCode(), response.body());
            JsonNode result = JSON.readTree(response.body()).path("data").path("result");
            value = Double.NaN;
            for (JsonNode series : result) {
                if (coding == null || coding.equals(series.path("metric").path("coding").asText())) {
                    value = series.path("value").get(1).asDouble();
                }
            }
            if (!Double.isNaN(value) && until.test(value)) {
                return value;
            }
            Thread.sleep(500);
        } while (System.nanoTime() < deadline);
        return value;
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
