package org.restcompress.bench.server;

import com.sun.management.ThreadMXBean;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.restcompress.bench.BarChart;
import org.restcompress.bench.DemoDocuments;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;

/**
 * Server throughput on loopback: {@link ThroughputServer} under wrk, the same documents as they are, through
 * RESTEasy's own gzip and through rest-compress in each coding, side by side, several interleaved rounds, medians.
 * Writes {@code results/throughput.md} and {@code results/throughput.png}.
 *
 * <p>{@code -Drounds=3 -Dseconds=10 -Dwarmup=3 -Dconnections=8}; {@code -Ddocuments=100KB} and
 * {@code -Dvariants=0,1,3} (indexes into {@link #VARIANTS}; keep 0, identity) for fewer; {@code -Dquick}: seconds, for
 * CI; {@code -Dreport=throughput-encode-once} names the files written.
 */
public final class ThroughputReport {

    /** The expected coding of a variant whose server chooses (auto): any. */
    static final String ANY = "*";

    /** One line of the table: a path on the server and what the client says it accepts. */
    record Variant(String name, String path, String acceptEncoding, String expectedCoding) {
    }

    static final List<Variant> VARIANTS = List.of(
            new Variant("identity (no compression)", "/plain/", "identity", null),
            new Variant("RESTEasy gzip", "/resteasy/gzip/", "gzip", "gzip"),
            new Variant("ours, identity", "/ours/", "identity", null),
            new Variant("ours gzip", "/ours/", "gzip", "gzip"),
            new Variant("ours deflate", "/ours/", "deflate", "deflate"),
            new Variant("ours lzf", "/ours/", "lzf", "lzf"),
            new Variant("ours lz4", "/ours/", "lz4", "lz4"),
            new Variant("ours zstd", "/ours/", "zstd", "zstd"),
            new Variant("ours br", "/ours/", "br", "br"),
            new Variant("ours auto assuming 1 Gbit/s, every coding accepted", "/auto/",
                    "zstd, lz4, lzf, br, gzip, deflate", ANY),
            // the library's default (link-aware): wrk says nothing of its link, so the listed order: zstd
            new Variant("ours default, every coding accepted", "/ours/", "zstd, lz4, lzf, br, gzip, deflate",
                    "zstd"),
            new Variant("ours zstd, encoded once", "/once/", "zstd", "zstd"),
            new Variant("Jetty 12.1 CompressionHandler zstd", "/jetty/", "zstd", "zstd"),
            // bodies that never repeat: what encoding once costs where it never pays
            new Variant("ours zstd, bodies that never repeat", "/ours/unique/", "zstd", "zstd"),
            new Variant("ours zstd encoded once, bodies that never repeat", "/once/unique/", "zstd", "zstd"));

    private static final CodecRegistry CODECS = CodecRegistry.load(ThroughputReport.class.getClassLoader(),
            token -> CodecOptions.NONE);

    private ThroughputReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int rounds = Integer.getInteger("rounds", quick ? 1 : 3);
        int seconds = Integer.getInteger("seconds", quick ? 1 : 10);
        int warmup = Integer.getInteger("warmup", quick ? 1 : 3);
        int connections = Integer.getInteger("connections", 8);
        if (!Wrk.available()) {
            throw new IllegalStateException("wrk is not installed (Debian: apt-get install wrk)");
        }
        Map<String, byte[]> documents = DemoDocuments.json();
        if (quick) {
            documents.keySet().retainAll(List.of("100KB"));
        }
        String only = System.getProperty("documents"); // e.g. -Ddocuments=100KB
        if (only != null) {
            documents.keySet().retainAll(List.of(only.split(",")));
        }
        List<Variant> variants = quick ? List.of(VARIANTS.get(0), VARIANTS.get(1), VARIANTS.get(5)) : VARIANTS;
        String some = System.getProperty("variants"); // e.g. -Dvariants=0,1,3: indexes into VARIANTS, identity first
        if (some != null) {
            variants = Arrays.stream(some.split(",")).map(i -> VARIANTS.get(Integer.parseInt(i.trim()))).toList();
        }

        // document -> variant -> one measurement per round
        Map<String, Map<Variant, List<double[]>>> runs = new LinkedHashMap<>();
        Map<String, Map<Variant, Long>> wireBytes = new LinkedHashMap<>();
        try (ThroughputServer server = ThroughputServer.start(documents)) {
            for (String doc : documents.keySet()) {
                for (Variant v : variants) {
                    long wire = check(server.uri(v.path() + doc), v, documents.get(doc));
                    wireBytes.computeIfAbsent(doc, d -> new LinkedHashMap<>()).put(v, wire);
                    Wrk.run(server.uri(v.path() + doc), v.acceptEncoding(), connections, warmup);
                }
            }
            for (int round = 1; round <= rounds; round++) {
                for (String doc : documents.keySet()) {
                    for (Variant v : variants) {
                        Map<Long, Long> allocatedBefore = allocatedBytes();
                        Wrk.Result r = Wrk.run(server.uri(v.path() + doc), v.acceptEncoding(), connections, seconds);
                        long allocated = allocatedSince(allocatedBefore);
                        if (r.errors() > 0) {
                            throw new IOException(v.name() + " " + doc + ": " + r.errors() + " errors");
                        }
                        System.out.printf(Locale.ROOT, "round %d %s %s: %s%n", round, doc, v.name(), Wrk.describe(r));
                        runs.computeIfAbsent(doc, d -> new LinkedHashMap<>()).computeIfAbsent(v, x -> new ArrayList<>())
                                .add(new double[] {r.requestsPerSecond(), r.p50Ms(), r.p99Ms(),
                                    (double) allocated / Math.max(1, r.requests())});
                    }
                }
            }
            for (String doc : documents.keySet()) { // as sent at the end: encoding once sends its stronger form by now
                for (Variant v : variants) {
                    wireBytes.get(doc).put(v, check(server.uri(v.path() + doc), v, documents.get(doc)));
                }
            }
        }
        write(quick, rounds, seconds, connections, documents, runs, wireBytes);
    }

    /** One request: the coding is the one expected and the body decodes to the document. Returns the wire size. */
    private static long check(URI url, Variant v, byte[] document) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        c.setRequestProperty("Accept-Encoding", v.acceptEncoding());
        String coding = c.getHeaderField("Content-Encoding");
        byte[] body;
        try (InputStream in = c.getInputStream()) {
            body = in.readAllBytes();
        }
        if (c.getResponseCode() != 200 || !ANY.equals(v.expectedCoding()) && !Objects.equals(coding, v.expectedCoding())) {
            throw new IOException(v.name() + ": " + c.getResponseCode() + " in " + coding);
        }
        byte[] decoded = CODECS.find(coding == null ? "identity" : coding).orElseThrow()
                .decode(new ByteArrayInputStream(body)).readAllBytes();
        if (url.getPath().contains("/unique/") ? decoded.length != document.length : !Arrays.equals(decoded, document)) {
            throw new IOException(v.name() + ": the body does not decode to the document");
        }
        return body.length;
    }

    /** Bytes allocated so far by each live thread of this JVM (the server's; wrk is another process), by id. */
    private static Map<Long, Long> allocatedBytes() {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        Map<Long, Long> byThread = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0) {
                byThread.put(ids[i], bytes[i]);
            }
        }
        return byThread;
    }

    /** Allocated since {@code before} by threads alive now (the server's pool keeps its threads, see the server). */
    private static long allocatedSince(Map<Long, Long> before) {
        long total = 0;
        for (Map.Entry<Long, Long> now : allocatedBytes().entrySet()) {
            total += now.getValue() - before.getOrDefault(now.getKey(), 0L);
        }
        return total;
    }

    /** The median of one column over rounds. */
    private static double median(List<double[]> runs, int column) {
        return Stats.median(runs.stream().mapToDouble(r -> r[column]).toArray());
    }

    /** Per round, {@code a}'s requests/s over {@code b}'s: [lowest, highest]. */
    private static double[] roundRatios(List<double[]> a, List<double[]> b) {
        double low = Double.MAX_VALUE;
        double high = 0;
        for (int round = 0; round < Math.min(a.size(), b.size()); round++) {
            double ratio = a.get(round)[0] / b.get(round)[0];
            low = Math.min(low, ratio);
            high = Math.max(high, ratio);
        }
        return new double[] {low, high};
    }

    private static void write(boolean quick, int rounds, int seconds, int connections, Map<String, byte[]> documents,
                              Map<String, Map<Variant, List<double[]>>> runs,
                              Map<String, Map<Variant, Long>> wireBytes) throws IOException {
        StringBuilder md = new StringBuilder()
                .append("# Server throughput on loopback\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores (shared by ")
                .append("the server and wrk), JDK ").append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "").append(".\n")
                .append("Command: `cd benchmarks && java -cp target/benchmarks.jar org.restcompress.bench.server.ThroughputReport`")
                .append(" (or `benchmarks/run-all.sh`).\n\n")
                .append("RESTEasy 6.2 on Jetty 12.1 serving the same JSON bytes as they are, through RESTEasy's own ")
                .append("gzip (`resteasy.allowGzip` with its `@GZIP`, JDK `GZIPOutputStream`, level 6) and through ")
                .append("rest-compress (`@Compressed`; gzip level 6, the other codings at their defaults). wrk, one ")
                .append("thread, ").append(connections).append(" connections, ").append(seconds).append(" s per run, ")
                .append(rounds).append(" interleaved rounds after a warm-up; the numbers are medians over rounds. ")
                .append("*× identity* divides by the identity row of the same document. *Payload MB/s*: decoded ")
                .append("bytes served per second. *Alloc/request*: bytes allocated by the server's threads per ")
                .append("request (ThreadMXBean). Loopback makes bandwidth free, so this measures CPU per response: ")
                .append("the cost side of compression; `network.md` has the benefit side. *Encoded once*: ")
                .append("`restcompress.encode-once.mode=shared`, the same document every request, its bytes on the ")
                .append("wire as sent after the rounds (the stronger form by then). *Jetty 12.1 CompressionHandler*: ")
                .append("Jetty's own compression (zstd at its defaults) over the same RESTEasy application, nothing ")
                .append("of ours on the path. *Bodies that never repeat*: a number of their own in their first bytes.\n");
        for (String doc : runs.keySet()) {
            Map<Variant, List<double[]>> byVariant = runs.get(doc);
            double identity = median(byVariant.get(VARIANTS.get(0)), 0);
            md.append("\n## ").append(doc).append(" (").append(documents.get(doc).length).append(" bytes of JSON)\n\n")
                    .append("| variant | req/s | × identity | payload MB/s | bytes on the wire | p50 ms | p99 ms | alloc/request KB |\n")
                    .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
            Map<String, Double> chart = new LinkedHashMap<>();
            for (Map.Entry<Variant, List<double[]>> e : byVariant.entrySet()) {
                double rps = median(e.getValue(), 0);
                chart.put(e.getKey().name(), rps);
                md.append(String.format(Locale.ROOT, "| %s | %.0f | %.2f | %.0f | %d | %.2f | %.2f | %.0f |%n",
                        e.getKey().name(), rps, rps / identity, rps * documents.get(doc).length / 1e6,
                        wireBytes.get(doc).get(e.getKey()), median(e.getValue(), 1), median(e.getValue(), 2),
                        median(e.getValue(), 3) / 1024));
            }
            md.append('\n').append(targets(byVariant, identity, wireBytes.get(doc)));
            Path png = Paths.get(System.getProperty("outDir", quick ? "target" : "results"),
                    System.getProperty("report", "throughput") + "-" + doc.toLowerCase(Locale.ROOT).replace('.', '_') + ".png");
            BarChart.write(png, "Requests/s on loopback, " + doc + " JSON (median of " + rounds + ")", "req/s", chart);
            md.append("\n![requests per second, ").append(doc).append("](").append(png.getFileName()).append(")\n");
        }
        Path out = Paths.get(System.getProperty("outDir", quick ? "target" : "results"), System.getProperty("report", "throughput") + ".md");
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, md.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println(md);
        System.out.println("written to " + out.toAbsolutePath());
    }

    /**
     * The targets, stated with the measured ratios: of the medians, and the range over rounds. A ratio whose range
     * spans 1 is a tie, whichever side the median falls on.
     */
    private static String targets(Map<Variant, List<double[]>> byVariant, double identity, Map<Variant, Long> wire) {
        StringBuilder s = new StringBuilder();
        Variant plain = VARIANTS.get(0);
        Variant lzf = VARIANTS.get(5);
        if (byVariant.containsKey(lzf)) {
            double ratio = median(byVariant.get(lzf), 0) / identity;
            double[] range = roundRatios(byVariant.get(lzf), byVariant.get(plain));
            s.append(String.format(Locale.ROOT, "- ours lzf / identity: %.2f (rounds %.2f-%.2f; target at least 0.85: "
                    + "%s)%n", ratio, range[0], range[1], ratio >= 0.85 ? "met" : "missed"));
        }
        Variant ours = VARIANTS.get(3);
        Variant theirs = VARIANTS.get(1);
        if (byVariant.containsKey(ours) && byVariant.containsKey(theirs)) {
            double ratio = median(byVariant.get(ours), 0) / median(byVariant.get(theirs), 0);
            double[] range = roundRatios(byVariant.get(ours), byVariant.get(theirs));
            String verdict = range[0] >= 1 ? "met" : range[1] < 1 ? "missed" : "a tie within the rounds' spread";
            s.append(String.format(Locale.ROOT, "- ours gzip / RESTEasy gzip: %.2f (rounds %.2f-%.2f; target at "
                    + "least 1.0: %s)%n", ratio, range[0], range[1], verdict));
        }
        Variant once = VARIANTS.get(11);
        Variant zstd = VARIANTS.get(7);
        if (byVariant.containsKey(once) && byVariant.containsKey(zstd)) {
            double overZstd = median(byVariant.get(once), 0) / median(byVariant.get(zstd), 0);
            double overIdentity = median(byVariant.get(once), 0) / identity;
            s.append(String.format(Locale.ROOT, "- encoded once / ours zstd: %.2f (rounds %.2f-%.2f; target at least "
                    + "3: %s)%n", overZstd, roundRatios(byVariant.get(once), byVariant.get(zstd))[0],
                    roundRatios(byVariant.get(once), byVariant.get(zstd))[1], overZstd >= 3 ? "met" : "missed"));
            s.append(String.format(Locale.ROOT, "- encoded once / identity: %.2f (rounds %.2f-%.2f; target at least "
                    + "0.7: %s)%n", overIdentity, roundRatios(byVariant.get(once), byVariant.get(plain))[0],
                    roundRatios(byVariant.get(once), byVariant.get(plain))[1], overIdentity >= 0.7 ? "met" : "missed"));
            if (wire != null && wire.containsKey(once) && wire.containsKey(zstd)) {
                double bytes = (double) wire.get(once) / wire.get(zstd);
                s.append(String.format(Locale.ROOT, "- encoded once, bytes on the wire / ours zstd (level 3): %.2f "
                        + "(target at most 0.9: %s)%n", bytes, bytes <= 0.9 ? "met" : "missed"));
            }
        }
        Variant jetty = VARIANTS.get(12);
        if (byVariant.containsKey(once) && byVariant.containsKey(jetty)) {
            s.append(String.format(Locale.ROOT, "- encoded once / Jetty CompressionHandler zstd: %.2f (rounds "
                    + "%.2f-%.2f)%n", median(byVariant.get(once), 0) / median(byVariant.get(jetty), 0),
                    roundRatios(byVariant.get(once), byVariant.get(jetty))[0],
                    roundRatios(byVariant.get(once), byVariant.get(jetty))[1]));
        }
        Variant unique = VARIANTS.get(13);
        Variant uniqueOnce = VARIANTS.get(14);
        if (byVariant.containsKey(unique) && byVariant.containsKey(uniqueOnce)) {
            double ratio = median(byVariant.get(uniqueOnce), 0) / median(byVariant.get(unique), 0);
            double[] range = roundRatios(byVariant.get(uniqueOnce), byVariant.get(unique));
            s.append(String.format(Locale.ROOT, "- bodies that never repeat, encoded once / not: %.3f (rounds "
                    + "%.3f-%.3f; target at least 0.97: %s)%n", ratio, range[0], range[1],
                    ratio >= 0.97 ? "met" : range[1] >= 0.97 ? "a tie within the rounds' spread" : "missed"));
        }
        return s.toString();
    }
}
