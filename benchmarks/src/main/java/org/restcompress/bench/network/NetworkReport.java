package org.restcompress.bench.network;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.restcompress.bench.BarChart;
import org.restcompress.bench.DemoDocuments;
import org.restcompress.bench.Processes;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;

/**
 * The 2014 network table on emulated links: the demo server in one network namespace, {@link NetworkClient} in
 * another, joined by a veth pair shaped with {@code tc} token buckets at 10 Mbit/s, 100 Mbit/s and 1 Gbit/s. Per link
 * and coding: bytes on the wire and the median time from request to decoded body, for the 1.8 MB static document and a
 * 100 KB one. Then the 2014 break-even formula from codec speeds measured here on the same documents, checked against
 * the measured times ({@link BreakEven}). Writes {@code results/network.md} and PNG charts. Needs root and
 * {@code ip}, {@code tc}, {@code ethtool}; run from {@code benchmarks/}.
 *
 * <p>{@code -Ddemo.jar=PATH} (default {@code ../rest-demo-app/target/rest-demo-app.jar}), {@code -Druns=15},
 * {@code -Dquick}: one link, one run, the small document, for CI.
 */
public final class NetworkReport {

    static final String SERVER = "rcbench-srv";
    static final String CLIENT = "rcbench-cli";
    static final String SERVER_IP = "10.77.0.1";
    static final String CLIENT_IP = "10.77.0.2";

    /** Link name -> bits per second. */
    static final Map<String, Long> LINKS = new LinkedHashMap<>();

    static {
        LINKS.put("10mbit", 10_000_000L);
        LINKS.put("100mbit", 100_000_000L);
        LINKS.put("500mbit", 500_000_000L);
        LINKS.put("1gbit", 1_000_000_000L);
        LINKS.put("unshaped", 0L); // the veth pair as it is: several Gbit/s, the CPUs being the limit
    }

    /** Document name -> the demo path serving it: the same bytes as {@link DemoDocuments#json()}. */
    static final Map<String, String> DOCUMENTS = Map.of(
            "1.8MB", "static/any",
            "100KB", DemoDocuments.MEDIUM_PATH);

    private NetworkReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int runs = Integer.getInteger("runs", quick ? 1 : 15);
        Path demoJar = demoJar();
        List<String> links = quick ? List.of("1gbit")
                : List.of(System.getProperty("links", String.join(",", LINKS.keySet())).split(","));
        List<String> documents = quick ? List.of("100KB")
                : List.of(System.getProperty("documents", "1.8MB,100KB").split(","));

        // link -> lines of NetworkClient output
        Map<String, List<String[]>> measured = new LinkedHashMap<>();
        Process[] server = new Process[1];
        Thread cleanUp = new Thread(() -> {
            try {
                if (server[0] != null) {
                    server[0].destroyForcibly(); // a namespace deleted does not end what runs in it
                }
                tearDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(cleanUp); // Ctrl-C leaves no namespace and no server behind
        try {
            setUp();
            Files.createDirectories(Paths.get("target"));
            // The library's default (preference=auto: link-aware, the listed order where the link is not known):
            // the auto and no-hint rows' clients accept every coding; the others accept one, so there is nothing to
            // choose for them. Not restcompress.debug: its Compression-Decision header, long with auto's estimate,
            // cost the auto row about 0.2 ms per response here (and production runs without it).
            List<String> serve = new ArrayList<>(List.of("ip", "netns", "exec", SERVER));
            serve.addAll(pinned(true));
            serve.addAll(List.of("env", "PORT=8080", java(), "-Xmx1g", "-jar", demoJar.toString()));
            server[0] = new ProcessBuilder(serve).redirectErrorStream(true)
                    .redirectOutput(new File("target/network-server.log")).start();
            String base = "http://" + SERVER_IP + ":8080/rest/";
            awaitServer(base);
            for (String link : links) {
                shape(LINKS.get(link));
                List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", CLIENT));
                command.addAll(pinned(false));
                command.addAll(List.of(java(), "-cp", ownJar(), NetworkClient.class.getName(), base,
                        Integer.toString(runs)));
                documents.forEach(d -> command.add(DOCUMENTS.get(d)));
                String out = run(command, 1800);
                List<String[]> rows = new ArrayList<>();
                for (String line : out.split("\n")) {
                    String[] cells = line.split("\t");
                    if (cells.length == 8) {
                        rows.add(cells);
                        System.out.println(link + "\t" + String.join("\t", Arrays.asList(cells).subList(0, 7)));
                    }
                }
                measured.put(link, rows);
            }
        } finally {
            stop(server[0]);
        }
        write(quick, runs, links, documents, measured, codecSpeeds());
    }

    /** {@code -Ddemo.jar}, else the built demo jar; missing, it says how to build it. */
    static Path demoJar() {
        Path demoJar = Paths.get(System.getProperty("demo.jar", "../rest-demo-app/target/rest-demo-app.jar"));
        if (!Files.isRegularFile(demoJar)) {
            throw new IllegalStateException(demoJar.toAbsolutePath() + " is missing: ./mvnw -q install -DskipTests");
        }
        return demoJar;
    }

    // --- the emulated link ---

    static void setUp() throws IOException, InterruptedException {
        tearDown();
        run(List.of("ip", "netns", "add", SERVER), 10);
        run(List.of("ip", "netns", "add", CLIENT), 10);
        run(List.of("ip", "link", "add", "rcb0", "netns", SERVER, "type", "veth", "peer", "name", "rcb1", "netns",
                CLIENT), 10);
        run(List.of("ip", "-n", SERVER, "addr", "add", SERVER_IP + "/24", "dev", "rcb0"), 10);
        run(List.of("ip", "-n", CLIENT, "addr", "add", CLIENT_IP + "/24", "dev", "rcb1"), 10);
        for (String[] end : new String[][] {{SERVER, "rcb0"}, {CLIENT, "rcb1"}}) {
            run(List.of("ip", "-n", end[0], "link", "set", "lo", "up"), 10);
            run(List.of("ip", "-n", end[0], "link", "set", end[1], "up"), 10);
            // offloads would hand tbf 64 KB super-packets; real packets keep the shaping honest
            run(List.of("ip", "netns", "exec", end[0], "ethtool", "-K", end[1], "tso", "off", "gso", "off"), 10);
        }
    }

    /**
     * A token bucket on both ends: the rate, a bucket of 2 ms of traffic (at least 16 KB, so the kernel's timer can
     * keep up), and up to 100 ms of queue. The kernel here lacks netem, so the link adds no delay of its own.
     */
    static void shape(long bitsPerSecond) throws IOException, InterruptedException {
        if (bitsPerSecond == 0) {
            for (String[] end : new String[][] {{SERVER, "rcb0"}, {CLIENT, "rcb1"}}) {
                runQuietly(List.of("ip", "netns", "exec", end[0], "tc", "qdisc", "del", "dev", end[1], "root"));
            }
            return;
        }
        long burst = Math.max(16 * 1024, bitsPerSecond / 8 / 500);
        for (String[] end : new String[][] {{SERVER, "rcb0"}, {CLIENT, "rcb1"}}) {
            run(List.of("ip", "netns", "exec", end[0], "tc", "qdisc", "replace", "dev", end[1], "root", "tbf",
                    "rate", bitsPerSecond + "bit", "burst", Long.toString(burst), "latency", "100ms"), 10);
        }
    }

    /** Stops the demo server, if it started, then removes the namespaces. */
    static void stop(Process server) throws InterruptedException {
        if (server != null) {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
        tearDown();
    }

    static void tearDown() throws InterruptedException {
        runQuietly(List.of("ip", "netns", "del", SERVER));
        runQuietly(List.of("ip", "netns", "del", CLIENT));
    }

    static void awaitServer(String base) throws IOException, InterruptedException {
        for (int i = 0; i < 120; i++) {
            if (runQuietly(List.of("ip", "netns", "exec", CLIENT, "curl", "-sf", "-o", "/dev/null", base + "ping"))) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IOException("the demo server did not start: see target/network-server.log");
    }

    static String run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        return Processes.check(command, timeoutSeconds,
                "(the network benchmark needs root, ip, tc, ethtool and taskset)");
    }

    private static boolean runQuietly(List<String> command) throws InterruptedException {
        return Processes.run(command, 30).ok();
    }

    /**
     * {@code taskset} for the server (the first half of the cores) or the client (the rest), as on two machines: when
     * they share cores, each one's work delays the other's, and the client's measurement of the link with it. Nothing
     * on a single core.
     */
    static List<String> pinned(boolean server) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 2) {
            return List.of();
        }
        int half = cores / 2;
        String set = server ? range(0, half - 1) : range(half, cores - 1);
        return List.of("taskset", "-c", set);
    }

    private static String range(int first, int last) {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }

    static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }

    static String ownJar() {
        try {
            return Paths.get(NetworkReport.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- codec speeds for the 2014 formula ---

    /**
     * Per coding, its ratio and speeds through the library's codecs on the 1.8 MB document: medians of timed
     * repetitions after a warm-up, on one thread.
     */
    static Map<String, BreakEven.Coding> codecSpeeds() throws IOException {
        CodecRegistry codecs = CodecRegistry.load(NetworkReport.class.getClassLoader(), token -> CodecOptions.NONE);
        byte[] data = DemoDocuments.json().get("1.8MB");
        Map<String, BreakEven.Coding> speeds = new LinkedHashMap<>();
        for (String coding : NetworkClient.CODINGS) {
            if (coding.equals("identity")) {
                speeds.put(coding, BreakEven.Coding.identity());
                continue;
            }
            ContentCodec codec = codecs.find(coding).orElseThrow();
            byte[] encoded = null;
            double[] compress = new double[7];
            double[] decompress = new double[7];
            for (int i = -3; i < compress.length; i++) {
                ByteArrayOutputStream sink = new ByteArrayOutputStream(data.length); // allocated before the clock
                long t0 = System.nanoTime();
                try (OutputStream out = codec.encode(sink)) {
                    out.write(data);
                }
                long t1 = System.nanoTime();
                encoded = sink.toByteArray();
                long t2 = System.nanoTime();
                codec.decode(new ByteArrayInputStream(encoded)).transferTo(OutputStream.nullOutputStream());
                long t3 = System.nanoTime();
                if (i >= 0) {
                    compress[i] = data.length / ((t1 - t0) / 1e3);
                    decompress[i] = data.length / ((t3 - t2) / 1e3);
                }
            }
            speeds.put(coding, new BreakEven.Coding(coding, (double) encoded.length / data.length,
                    Stats.median(compress), Stats.median(decompress)));
        }
        return speeds;
    }

    // --- the report ---

    private static void write(boolean quick, int runs, List<String> links, List<String> documents,
                              Map<String, List<String[]>> measured, Map<String, BreakEven.Coding> speeds)
            throws IOException {
        Path dir = Paths.get(System.getProperty("outDir", quick ? "target" : "results"));
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder()
                .append("# Request time on emulated links\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "").append(".\n")
                .append("Command (as root): `cd benchmarks && java -cp target/benchmarks.jar ")
                .append("org.restcompress.bench.network.NetworkReport`")
                .append(" (or `benchmarks/run-all.sh`).\n\n")
                .append("The demo server (`rest-demo-app.jar` with the library's defaults: `preference=auto`, link-aware) ")
                .append("in one network ")
                .append("namespace, the client in another, a veth pair between them shaped by a `tc tbf` token bucket ")
                .append("on both ends (a bucket of 2 ms of traffic, at least 16 KB; no segmentation offload); ")
                .append("*unshaped* is the veth pair as it is. ")
                .append("This kernel has no `netem`, so the link adds no delay of its own. Each fixed row is a client ")
                .append("accepting exactly one coding; the *auto* row is a client accepting every coding (identity ")
                .append("implicitly, as browsers do) and sending `Downlink` as the library's client does (the server ")
                .append("asks for it); the *no-hint* row accepts every coding and says nothing of its link, as curl. ")
                .append("Bodies are ")
                .append("decoded as they arrive with the library's codecs; *time* is the median of ").append(runs)
                .append(" requests (of the 100 KB document ").append(runs * NetworkClient.SMALL_RUNS)
                .append("), or as many more as rounds of every row fit in ")
                .append(NetworkClient.MEASURE_NANOS / 1_000_000_000).append(" s, up to ")
                .append(runs * NetworkClient.MOST_RUNS)
                .append(" (the auto row's *sent* column counts them; after up to ")
                .append(NetworkClient.WARM_UP_ROUNDS)
                .append(" rounds of every row, at most 20 s, to warm both JVMs) from sending the request to the last ")
                .append("decoded byte, the rows ")
                .append("taking turns request by request, in a new order each round, each request ")
                .append(NetworkClient.PAUSE_MILLIS).append(" ms after the last (the link idle, its bucket full, as ")
                .append("for most REST calls). The server runs on the first half ")
                .append("of this machine's cores, the client on the other (`taskset`), as on two machines.\n");
        for (String document : documents) {
            md.append("\n## ").append(document).append(" (`").append(DOCUMENTS.get(document)).append("`)\n\n")
                    .append("| coding | bytes on the wire | ratio |");
            links.forEach(l -> md.append(' ').append(l).append(" ms |"));
            md.append('\n').append("|---|---:|---:|");
            links.forEach(l -> md.append("---:|"));
            md.append('\n');
            for (String coding : NetworkClient.ROWS) {
                String[] first = row(measured.get(links.get(0)), document, coding);
                md.append(String.format(Locale.ROOT, "| %s | %s | %.3f |", coding, first[2],
                        Double.parseDouble(first[2]) / Double.parseDouble(first[3])));
                for (String link : links) {
                    md.append(' ').append(row(measured.get(link), document, coding)[4]).append(" |");
                }
                md.append('\n');
            }
            for (String link : links) {
                Map<String, Double> chart = new LinkedHashMap<>();
                for (String coding : NetworkClient.ROWS) {
                    chart.put(coding, Double.parseDouble(row(measured.get(link), document, coding)[4]));
                }
                String name = "network-" + document.replace('.', '_').toLowerCase(Locale.ROOT) + "-" + link + ".png";
                BarChart.write(dir.resolve(name), document + " over " + link + ": ms to the decoded body (median)",
                        "ms", chart);
                md.append("\n![").append(document).append(" over ").append(link).append("](").append(name).append(")");
            }
            md.append('\n');
        }

        auto(md, links, documents, measured);

        List<String> shaped = links.stream().filter(l -> LINKS.get(l) > 0).toList();
        md.append("\n## The 2014 formula\n\n")
                .append("Codec speeds measured here through the library on the 1.8 MB document (one thread, medians; ")
                .append("*ratio* = compressed/original):\n\n| coding | ratio | compress MB/s | decompress MB/s |\n")
                .append("|---|---:|---:|---:|\n");
        speeds.forEach((coding, c) -> {
            if (!coding.equals("identity")) {
                md.append(String.format(Locale.ROOT, "| %s | %.3f | %.0f | %.0f |%n", coding, c.ratio(),
                        c.compressMBps(), c.decompressMBps()));
            }
        });
        md.append("\nCoding A beats coding B when the bandwidth exceeds ")
                .append("(ratio_A - ratio_B) / (1/speed_B - 1/speed_A), with 1/speed = 1/compress + ")
                .append("1/decompress and identity's 1/speed = 0. The formula adds compressing, sending and ")
                .append("decompressing one after another; a streaming server overlaps the first two, so the model ")
                .append("overstates slow codings on slow links. *Predicted* is the faster of the pair by the ")
                .append("formula at each link, *measured* the faster by the ").append(documents.get(0))
                .append(" times above; either is a tie when the two differ by less than 5%. ✗ marks a pair where ")
                .append("prediction and measurement name different winners.\n\n| A vs B | break-even |");
        shaped.forEach(l -> md.append(' ').append(l).append(" predicted / measured |"));
        md.append('\n').append("|---|---:|");
        shaped.forEach(l -> md.append("---|"));
        md.append('\n');
        String checked = documents.get(0);
        int agree = 0;
        int ties = 0;
        int misses = 0;
        List<String> codings = NetworkClient.CODINGS;
        for (int i = 0; i < codings.size(); i++) {
            for (int j = i + 1; j < codings.size(); j++) {
                BreakEven.Coding a = speeds.get(codings.get(i));
                BreakEven.Coding b = speeds.get(codings.get(j));
                md.append("| ").append(a.name()).append(" vs ").append(b.name()).append(" | ")
                        .append(BreakEven.describe(a, b)).append(" |");
                for (String link : shaped) {
                    String predicted = BreakEven.faster(a, b, LINKS.get(link), TIE);
                    String winner = BreakEven.winner(a.name(), time(measured, link, checked, a.name()), b.name(),
                            time(measured, link, checked, b.name()), TIE);
                    boolean tie = predicted.equals("tie") || winner.equals("tie");
                    boolean miss = !tie && !predicted.equals(winner);
                    agree += !tie && !miss ? 1 : 0;
                    ties += tie ? 1 : 0;
                    misses += miss ? 1 : 0;
                    md.append(' ').append(predicted).append(" / ").append(winner).append(miss ? " ✗" : "")
                            .append(" |");
                }
                md.append('\n');
            }
        }
        md.append(String.format(Locale.ROOT, "%nOf %d pairs and links: the formula and the measurement name the same "
                + "winner in %d, one of them sees a tie in %d, they disagree in %d.%n", agree + ties + misses, agree,
                ties, misses));
        Path out = dir.resolve("network.md");
        Files.write(out, md.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println(md);
        System.out.println("written to " + out.toAbsolutePath());
    }

    /** auto may be this much slower than the best fixed coding (the target), and no slower than identity. */
    static final double AUTO_TARGET = 0.10;

    /**
     * The auto row against identity and the best fixed coding, per document and link, with what auto sent and the
     * link its client measured. The verdict is the medians'; beside each ratio, the interval its run's samples
     * allow, so that a miss inside it is told from one outside.
     */
    private static void auto(StringBuilder md, List<String> links, List<String> documents,
            Map<String, List<String[]>> measured) {
        md.append("\n## The default (`preference=auto`: link-aware) for a client that sends `Downlink`\n\n")
                .append("Targets: never slower than identity (within the ").append(Math.round(TIE * 100))
                .append(" % this machine's noise allows), within ").append(Math.round(AUTO_TARGET * 100))
                .append(" % of the best fixed coding. The verdict compares the medians. In brackets, the central 95 % ")
                .append("of what each ratio would have read had the run drawn other requests from the same ")
                .append("distributions (a bootstrap of this run's requests): a miss whose bracket reaches the target ")
                .append("may be this run's noise; one whose bracket does not is not.\n\n")
                .append("| document | link | auto ms | sent | identity ms | best fixed | auto / identity | ")
                .append("auto / best | target |\n|---|---|---:|---|---:|---|---:|---:|---|\n");
        int met = 0;
        int all = 0;
        StringBuilder reasons = new StringBuilder();
        for (String document : documents) {
            for (String link : links) {
                String[] auto = row(measured.get(link), document, NetworkClient.AUTO);
                double autoMs = Double.parseDouble(auto[4]);
                double identityMs = time(measured, link, document, "identity");
                String best = null;
                double bestMs = Double.MAX_VALUE;
                for (String coding : NetworkClient.CODINGS) {
                    double ms = time(measured, link, document, coding);
                    if (ms < bestMs) {
                        best = coding;
                        bestMs = ms;
                    }
                }
                double[] autoSamples = samples(auto);
                double[] toIdentity = Stats.ratioOfMedians95(autoSamples,
                        samples(row(measured.get(link), document, "identity")), 2014);
                double[] toBest = Stats.ratioOfMedians95(autoSamples, samples(row(measured.get(link), document, best)),
                        2014);
                boolean ok = autoMs <= identityMs * (1 + TIE) && autoMs <= bestMs * (1 + AUTO_TARGET);
                boolean bracketReaches = toIdentity[0] <= 1 + TIE && toBest[0] <= 1 + AUTO_TARGET;
                met += ok ? 1 : 0;
                all++;
                md.append(String.format(Locale.ROOT,
                        "| %s | %s | %.2f | %s | %.2f | %s %.2f | %.2f (%.2f-%.2f) | %.2f (%.2f-%.2f) | %s |%n",
                        document, link, autoMs, auto[5], identityMs, best, bestMs, autoMs / identityMs, toIdentity[0],
                        toIdentity[1], autoMs / bestMs, toBest[0], toBest[1],
                        ok ? "met" : bracketReaches ? "missed, its bracket reaching the target" : "**missed**"));
                reasons.append("- ").append(document).append(", ").append(link).append(": `").append(auto[6])
                        .append("`\n");
            }
        }
        md.append(String.format(Locale.ROOT, "%nTargets met in %d of %d.%n%nThe link as the auto client measured "
                + "it, its last `Downlink` (Mbit/s; the second half of each body, read as the library's client "
                + "does):%n%n", met, all)).append(reasons);
        noHint(md, links, documents, measured);
    }

    /**
     * The no-hint row against the configured order's first coding (zstd): with nothing known of the link, the default
     * must do what the order does.
     */
    private static void noHint(StringBuilder md, List<String> links, List<String> documents,
            Map<String, List<String[]>> measured) {
        md.append("\n## A client that sends no hint\n\n")
                .append("Target: it gets what the configured order gives (its first coding, zstd), at zstd's time.\n\n")
                .append("| document | link | no-hint ms | sent | zstd ms | no-hint / zstd | target |\n")
                .append("|---|---|---:|---|---:|---:|---|\n");
        int met = 0;
        int all = 0;
        for (String document : documents) {
            for (String link : links) {
                String[] row = row(measured.get(link), document, NetworkClient.NO_HINT);
                double ms = Double.parseDouble(row[4]);
                double zstdMs = time(measured, link, document, "zstd");
                double[] ratio = Stats.ratioOfMedians95(samples(row),
                        samples(row(measured.get(link), document, "zstd")), 2014);
                boolean ok = row[5].matches("zstdx\\d+");
                met += ok ? 1 : 0;
                all++;
                md.append(String.format(Locale.ROOT, "| %s | %s | %.2f | %s | %.2f | %.2f (%.2f-%.2f) | %s |%n",
                        document, link, ms, row[5], zstdMs, ms / zstdMs, ratio[0], ratio[1],
                        ok ? "met" : "**missed**"));
            }
        }
        md.append(String.format(Locale.ROOT, "%nSent as the configured order says in %d of %d.%n", met, all));
    }

    /** A row's milliseconds, request by request. */
    private static double[] samples(String[] row) {
        return Arrays.stream(row[7].split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    /** Two codings closer than this (a fraction of the slower) are a tie. */
    private static final double TIE = 0.05;

    private static double time(Map<String, List<String[]>> measured, String link, String document, String coding) {
        return Double.parseDouble(row(measured.get(link), document, coding)[4]);
    }

    private static String[] row(List<String[]> rows, String document, String coding) {
        String path = DOCUMENTS.get(document);
        return rows.stream().filter(r -> r[0].equals(path) && r[1].equals(coding)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no measurement of " + document + " in " + coding));
    }
}
