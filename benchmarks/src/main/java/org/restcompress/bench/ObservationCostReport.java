package org.restcompress.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import jdk.jfr.Recording;
import org.jboss.resteasy.mock.MockDispatcherFactory;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.micrometer.CompressionMetrics;

/**
 * Writes {@code benchmarks/results/observation-cost.md}: what observing costs per request. The library alone against
 * the library with {@code rest-compress-micrometer}'s meters bound (a {@code SimpleMeterRegistry}), and against the
 * library while a Flight Recorder recording takes its events; for a client that takes identity (the idle cost) and
 * for compressed responses. {@link IdleCostBenchmark}'s resource, dispatched in memory by RESTEasy (no socket), the
 * deployments in one JVM timed in rotating blocks so that drift and the neighbours' load fall on all alike; the
 * figure is the median of the per-round ratios. Target: at most 1.02 on a compressed response. {@code -Dquick} runs a
 * second.
 */
public final class ObservationCostReport {

    /** Document, Accept-Encoding: the idle case first, then compressed responses. */
    private static final List<String[]> CASES = List.of(
            new String[] {"status.json", "identity"},
            new String[] {"search-results-small.json", "gzip"},
            new String[] {"search-results-small.json", "zstd"},
            new String[] {"jobs-small.json", "zstd"});

    private ObservationCostReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int rounds = quick ? 5 : Integer.getInteger("rounds", 300);
        int block = quick ? 50 : 500;
        StringBuilder md = new StringBuilder()
                .append("# What observing costs\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(java.time.LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "")
                .append(". Command: `java -Xms1g -Xmx1g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar ")
                .append("org.restcompress.bench.ObservationCostReport` (~3 minutes).\n\n")
                .append("One `@Compressed` method returning a corpus document as `byte[]`, dispatched in memory by ")
                .append("RESTEasy 6.2 (no socket). *library*: `CompressionFeature` with no listener; *meters*: ")
                .append("the same with `rest-compress-micrometer`'s `CompressionMetrics` bound to a ")
                .append("`SimpleMeterRegistry`; *JFR*: the library alone while a Flight Recorder recording takes ")
                .append("`org.restcompress.Response` and `org.restcompress.RequestBody` (started before its block, ")
                .append("stopped after, outside the timing). With no listener and no recording the events are ")
                .append("disabled: that is the *library* column. The deployments run in one JVM, timed in rotating ")
                .append("blocks of ").append(block).append(" requests, ").append(rounds).append(" rounds per row ")
                .append("after warm-up; ratios within a round, their medians and quartiles. Target: at most 1.02 ")
                .append("on a compressed response.\n\n")
                .append("| document | Accept-Encoding | library us | meters us | JFR us | meters / library: median ")
                .append("| quartiles | JFR / library: median | quartiles |\n")
                .append("|---|---|---:|---:|---:|---:|---|---:|---|\n");
        for (String[] c : CASES) {
            IdleCostBenchmark.body = Corpus.read(c[0]);
            String coding = c[1];
            Dispatcher library = deployment(CompressionConfig.defaults());
            Dispatcher metered = deployment(CompressionConfig.builder()
                    .listener(new CompressionMetrics(new SimpleMeterRegistry())).build());
            Dispatcher[] deployments = {library, metered, library};
            for (int i = 0; i < (quick ? 2 : 40); i++) { // warm-up: every path compiled, the recording's too
                for (int d = 0; d < 3; d++) {
                    time(deployments[d], coding, block, d == 2);
                }
            }
            double[][] ns = new double[3][rounds];
            double[] metersRatio = new double[rounds];
            double[] jfrRatio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 3; k++) { // each goes first, second and third in turn
                    int d = (r + k) % 3;
                    ns[d][r] = time(deployments[d], coding, block, d == 2);
                }
                metersRatio[r] = ns[1][r] / ns[0][r];
                jfrRatio[r] = ns[2][r] / ns[0][r];
            }
            double[] m = metersRatio.clone();
            double[] j = jfrRatio.clone();
            Arrays.sort(m);
            Arrays.sort(j);
            md.append(String.format(Locale.ROOT,
                    "| %s | %s | %.1f | %.1f | %.1f | **%.3f** | %.3f to %.3f | **%.3f** | %.3f to %.3f |%n",
                    c[0], coding, Stats.median(ns[0]) / 1000, Stats.median(ns[1]) / 1000,
                    Stats.median(ns[2]) / 1000, Stats.median(metersRatio), m[rounds / 4], m[rounds * 3 / 4],
                    Stats.median(jfrRatio), j[rounds / 4], j[rounds * 3 / 4]));
        }
        ResultFile.write("observation-cost", quick, md);
    }

    static Dispatcher deployment(CompressionConfig config) {
        Dispatcher dispatcher = MockDispatcherFactory.createDispatcher();
        dispatcher.getProviderFactory().register(new CompressionFeature(config));
        dispatcher.getRegistry().addPerRequestResource(IdleCostBenchmark.Resource.class);
        return dispatcher;
    }

    /** Nanoseconds per request over {@code count} requests; within a recording of the library's events if asked. */
    private static double time(Dispatcher dispatcher, String coding, int count, boolean recorded) throws Exception {
        Recording recording = null;
        if (recorded) {
            recording = new Recording();
            recording.enable("org.restcompress.Response");
            recording.enable("org.restcompress.RequestBody");
            recording.setToDisk(false);
            recording.start();
        }
        try {
            long start = System.nanoTime();
            long bytes = 0;
            for (int i = 0; i < count; i++) {
                bytes += get(dispatcher, coding);
            }
            long elapsed = System.nanoTime() - start;
            if (bytes <= 0) {
                throw new IllegalStateException("no response");
            }
            return (double) elapsed / count;
        } finally {
            if (recording != null) {
                recording.stop();
                recording.close();
            }
        }
    }

    /** One request; the response's size. Identity must come back as it is, a coding in that coding. */
    private static int get(Dispatcher dispatcher, String coding) throws Exception {
        MockHttpRequest request = MockHttpRequest.get("/doc").accept("application/json")
                .header("Accept-Encoding", coding);
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(request, response);
        Object sent = response.getOutputHeaders().getFirst("Content-Encoding");
        if (response.getStatus() != 200 || !coding.equals(sent == null ? "identity" : sent.toString())) {
            throw new IllegalStateException(response.getStatus() + " in " + sent + " for " + coding);
        }
        return response.getOutput().length;
    }
}
