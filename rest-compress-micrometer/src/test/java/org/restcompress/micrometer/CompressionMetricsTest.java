package org.restcompress.micrometer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.Compressed;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.CompressionOptions;
import org.restcompress.it.Http;
import org.restcompress.it.TestServer;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;
import org.restcompress.observe.RequestBody;

/** The meters of a real server (RESTEasy on Jetty) under real requests, read back from a registry. */
class CompressionMetricsTest {

    static final MeterRegistry REGISTRY = new SimpleMeterRegistry();
    static final byte[] BIG = "{\"name\":\"metrics\",\"values\":[1,2,3,4,5,6,7,8,9]}\n".repeat(400)
            .getBytes(StandardCharsets.UTF_8);
    static final byte[] SMALL = "{\"small\":true}".getBytes(StandardCharsets.UTF_8);

    private static TestServer server;

    @Path("")
    public static class Resource {
        @GET
        @Path("big")
        @Compressed
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] big() {
            return BIG;
        }

        @GET
        @Path("small")
        @Compressed
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] small() {
            return SMALL;
        }

        @POST
        @Path("echo")
        @Compressed
        @CompressionOptions(maxDecodedSize = 64 * 1024)
        @Consumes(MediaType.WILDCARD)
        @Produces(MediaType.APPLICATION_OCTET_STREAM)
        public byte[] echo(byte[] body) {
            return body;
        }
    }

    public static class Metered extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(Resource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder()
                    .listener(new CompressionMetrics(REGISTRY)).build()));
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(Metered.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void anEncodedResponseCountsItsCodingReasonBytesAndTime() throws Exception {
        double before = count(CompressionMetrics.RESPONSES, "coding", "gzip", "reason", "negotiated");
        double bytesIn = count(CompressionMetrics.BYTES_BEFORE, "coding", "gzip");
        double bytesOut = count(CompressionMetrics.BYTES_AFTER, "coding", "gzip");
        long encodes = timer("gzip") == null ? 0 : timer("gzip").count();
        Http.Reply reply = Http.get(server.uri("big"), "Accept-Encoding", "gzip");
        assertEquals("gzip", reply.header("Content-Encoding"));
        assertArrayEquals(BIG, new GZIPInputStream(new java.io.ByteArrayInputStream(reply.body())).readAllBytes());
        assertEquals(before + 1, awaited(before + 1, CompressionMetrics.RESPONSES, "coding", "gzip", "reason",
                "negotiated"));
        assertEquals(bytesIn + BIG.length, awaited(bytesIn + BIG.length, CompressionMetrics.BYTES_BEFORE, "coding",
                "gzip"));
        assertEquals(bytesOut + reply.body().length, awaited(bytesOut + reply.body().length,
                CompressionMetrics.BYTES_AFTER, "coding", "gzip"),
                "the bytes after coding are the bytes on the wire");
        for (int i = 0; i < 100 && (timer("gzip") == null || timer("gzip").count() < encodes + 1); i++) {
            Thread.sleep(50);
        }
        assertEquals(encodes + 1, timer("gzip").count());
        assertTrue(timer("gzip").totalTime(java.util.concurrent.TimeUnit.NANOSECONDS) > 0);
    }

    @Test
    void responsesSentAsTheyAreCountWhy() throws Exception {
        double none = count(CompressionMetrics.RESPONSES, "coding", "identity", "reason", "no-accept-encoding");
        double small = count(CompressionMetrics.RESPONSES, "coding", "identity", "reason", "below-threshold");
        assertNull(Http.get(server.uri("big")).header("Content-Encoding"));
        assertNull(Http.get(server.uri("small"), "Accept-Encoding", "gzip").header("Content-Encoding"));
        assertEquals(none + 1, awaited(none + 1, CompressionMetrics.RESPONSES, "coding", "identity", "reason",
                "no-accept-encoding"));
        assertEquals(small + 1, awaited(small + 1, CompressionMetrics.RESPONSES, "coding", "identity", "reason",
                "below-threshold"));
        assertNull(REGISTRY.find(CompressionMetrics.BYTES_BEFORE).tag("coding", "identity").counter(),
                "no byte series for identity");
    }

    @Test
    void requestBodiesCountDecodedAndRefusedWithTheirStatus() throws Exception {
        double decoded = count(CompressionMetrics.DECODED, "coding", "gzip");
        double corrupt = count(CompressionMetrics.REJECTED, "coding", "gzip", "status", "400");
        double tooLarge = count(CompressionMetrics.REJECTED, "coding", "gzip", "status", "413");
        double unsupported = count(CompressionMetrics.REJECTED, "coding", "unsupported", "status", "415");

        assertEquals(200, Http.post(server.uri("echo"), gzip(SMALL), "Content-Encoding", "gzip",
                "Content-Type", "application/json").status());
        byte[] cut = Arrays.copyOf(gzip(BIG), 40);
        assertEquals(400, Http.post(server.uri("echo"), cut, "Content-Encoding", "gzip",
                "Content-Type", "application/json").status());
        assertEquals(413, Http.post(server.uri("echo"), gzip(new byte[100_000]), "Content-Encoding", "gzip",
                "Content-Type", "application/json").status());
        assertEquals(415, Http.post(server.uri("echo"), SMALL, "Content-Encoding", "x-secret-token-123",
                "Content-Type", "application/json").status());

        assertEquals(decoded + 1, awaited(decoded + 1, CompressionMetrics.DECODED, "coding", "gzip"));
        assertEquals(corrupt + 1, awaited(corrupt + 1, CompressionMetrics.REJECTED, "coding", "gzip", "status",
                "400"));
        assertEquals(tooLarge + 1, awaited(tooLarge + 1, CompressionMetrics.REJECTED, "coding", "gzip", "status",
                "413"));
        assertEquals(unsupported + 1, awaited(unsupported + 1, CompressionMetrics.REJECTED, "coding", "unsupported",
                "status", "415"));
        assertTrue(REGISTRY.getMeters().stream().noneMatch(meter -> meter.getId().getTags().stream()
                .anyMatch(tag -> tag.getValue().contains("secret"))), "client input never becomes a tag");
    }

    @Test
    void theMethodIsATagOnlyWhenAsked() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CompressionMetrics plain = new CompressionMetrics(registry);
        CompressionMetrics tagged = plain.withMethodTag();
        Decision decision = new Decision("Items.get", "zstd", Reason.NEGOTIATED, 1024, null, null, null, 5000, 1000,
                20_000);
        plain.responded(decision);
        tagged.responded(decision);
        assertEquals(2, registry.find(CompressionMetrics.RESPONSES).tag("coding", "zstd").counters().stream()
                .mapToDouble(Counter::count).sum());
        assertEquals(1, registry.find(CompressionMetrics.RESPONSES).tag("method", "Items.get").counter().count());
        assertEquals(2000, registry.find(CompressionMetrics.BYTES_AFTER).counters().stream()
                .mapToDouble(Counter::count).sum());
    }

    @Test
    void encodingOnceCountsHitsAndMissesAndGaugesWhatIsKept() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CompressionMetrics metrics = new CompressionMetrics(registry);
        Decision decision = new Decision("Items.get", "zstd", Reason.NEGOTIATED, 1024, null, null, null, 5000, 1000,
                0);
        metrics.responded(decision.reused(Decision.Reuse.MISS));
        metrics.responded(decision.reused(Decision.Reuse.HIT));
        metrics.responded(decision.reused(Decision.Reuse.HIT));
        metrics.responded(decision); // a method that does not encode once: not counted
        assertEquals(2, registry.get(CompressionMetrics.ENCODE_ONCE).tags("coding", "zstd", "result", "hit")
                .counter().count());
        assertEquals(1, registry.get(CompressionMetrics.ENCODE_ONCE).tags("coding", "zstd", "result", "miss")
                .counter().count());
        assertNull(registry.find(CompressionMetrics.ENCODE_ONCE_BYTES).gauge(), "registered with the first change");
        metrics.encodeOnceKept(6000, 1);
        assertEquals(6000, registry.get(CompressionMetrics.ENCODE_ONCE_BYTES).gauge().value());
        metrics.encodeOnceKept(0, 0);
        assertEquals(0, registry.get(CompressionMetrics.ENCODE_ONCE_BYTES).gauge().value());
    }

    @Test
    void dictionaryResponsesCountTheirKindAndStackedCodingsOneSeries() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CompressionMetrics metrics = new CompressionMetrics(registry);
        metrics.responded(new Decision("Feed.get", "dcz", Reason.DICTIONARY, 1, Decision.DictionaryKind.DELTA,
                null, null, 9000, 300, 5000));
        metrics.responded(new Decision("Items.get", "dcz", Reason.DICTIONARY, 1, Decision.DictionaryKind.SHARED,
                null, null, 900, 200, 5000));
        assertEquals(1, registry.get(CompressionMetrics.DICTIONARY).tags("coding", "dcz", "kind", "delta")
                .counter().count());
        assertEquals(1, registry.get(CompressionMetrics.DICTIONARY).tags("coding", "dcz", "kind", "shared")
                .counter().count());
        metrics.requestBody(new RequestBody("Echo.post", "gzip, br", 0, 10, 100, 1));
        metrics.requestBody(new RequestBody("Echo.post", "br, gzip", 0, 10, 100, 1));
        assertEquals(2, registry.get(CompressionMetrics.DECODED).tag("coding", CompressionMetrics.STACKED)
                .counter().count());
    }

    @Test
    void unboundMetricsRecordNothingAndBindOnce() {
        CompressionMetrics metrics = new CompressionMetrics();
        metrics.responded(Decision.identity("A.b", Reason.NO_ACCEPT_ENCODING)); // no registry yet: nothing, no error
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        metrics.bindTo(registry);
        metrics.bindTo(registry); // the same one again: fine
        metrics.responded(Decision.identity("A.b", Reason.NO_ACCEPT_ENCODING));
        assertEquals(1, registry.get(CompressionMetrics.RESPONSES).counter().count());
        assertThrows(IllegalStateException.class, () -> metrics.bindTo(new SimpleMeterRegistry()));
    }

    /**
     * The counter's value once it reaches {@code expected}, or after 5 s whatever it is: a response is counted once
     * its body is done, just after the client has it.
     */
    private static double awaited(double expected, String name, String... tags) throws InterruptedException {
        for (int i = 0; i < 100 && count(name, tags) < expected; i++) {
            Thread.sleep(50);
        }
        return count(name, tags);
    }

    private static double count(String name, String... tags) {
        Counter counter = REGISTRY.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }

    private static Timer timer(String coding) {
        return REGISTRY.find(CompressionMetrics.ENCODE).tag("coding", coding).timer();
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        }
        return out.toByteArray();
    }
}
