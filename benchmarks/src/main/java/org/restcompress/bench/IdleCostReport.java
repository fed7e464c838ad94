package org.restcompress.bench;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jboss.resteasy.spi.Dispatcher;

/**
 * Writes {@code benchmarks/results/idle-cost.md}: what the library costs per request when it does nothing (the
 * client takes identity), measured without sockets on RESTEasy's in-memory dispatch ({@link IdleCostBenchmark}'s
 * deployments). The deployments live in one JVM and are timed in rotating blocks, so that drift, collections and
 * the neighbours' load fall on all alike; the figures are the medians of the per-round ratios. (Separate JMH forks
 * differed by 15 % from one another for the same code on this shared machine: more than the effect measured.)
 * Target: at most 1.05. {@code -Dquick} runs a second.
 */
public final class IdleCostReport {

    private static final List<String> SOURCES = List.of("status.json", "search-results-small.json");
    private static final List<String> HEADERS = List.of("none", "identity");
    /** The deployments, each timed in every round: {@link IdleCostBenchmark#deployment(String)}. */
    private static final List<String> KINDS = List.of("plain", "vary", "hooks", "filters", "library");
    private static final int PLAIN = 0;
    private static final int VARY = 1;
    private static final int HOOKS = 2;
    private static final int FILTERS = 3;
    private static final int LIBRARY = 4;

    private IdleCostReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int pairs = quick ? 5 : Integer.getInteger("pairs", 400);
        int block = quick ? 200 : 2000;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        StringBuilder md = new StringBuilder()
                .append("# The cost of the layer when it does nothing\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "")
                .append(". Command: `java -Xms1g -Xmx1g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar ")
                .append("org.restcompress.bench.IdleCostReport` (~2 minutes).\n\n")
                .append("One `@Compressed` method returning a corpus document as `byte[]`, dispatched in memory by ")
                .append("RESTEasy 6.2 (`MockDispatcherFactory`: no socket, no container, so nothing else hides the ")
                .append("difference). *plain* is a deployment without the library (the annotation is inert), ")
                .append("*library* registers `CompressionFeature`. The client takes identity: no `Accept-Encoding`, ")
                .append("or `Accept-Encoding: identity`. *plain + Vary* is plain with a response filter that adds ")
                .append("`Vary: Accept-Encoding`, which the library sends on every response of an annotated method ")
                .append("(RFC 9110 §12.5.5; caches need it) and the plain endpoint does not. *hooks* is the floor ")
                .append("of a layer built as the library is, its hooks bound per method as the library binds its ")
                .append("own: a request filter that reads `Accept-Encoding` into a request property (the library ")
                .append("answers 406 and 415 before the method runs, so that a refused request has no side effects), ")
                .append("the `Vary` filter (a response without a body passes no interceptor), and a writer ")
                .append("interceptor that reads the property and passes the body on; it negotiates, decides and ")
                .append("encodes nothing. *filters* is *hooks* without the writer interceptor: the floor of a layer ")
                .append("that would wrap the body's stream from its response filter (`setEntityStream`) instead, the ")
                .append("fewest hooks that can answer 406 and 415 before the method and mark every response `Vary`. ")
                .append("*library / hooks* is then what the library's own logic costs. The ")
                .append("deployments run in one JVM, timed in rotating blocks of ").append(block)
                .append(" requests, ").append(pairs).append(" rounds per row after warm-up; ratios are taken ")
                .append("within a round: their medians (and the library's quartiles). Allocation per request from ")
                .append("the thread's allocation counter. Target (issue 43): library / plain at most 1.05. The same ")
                .append("deployments as a JMH benchmark, for profiling: `java -jar benchmarks/target/benchmarks.jar ")
                .append("IdleCostBenchmark -prof gc`.\n\n")
                .append("| document | Accept-Encoding | plain ns | plain + Vary ns | hooks ns | filters ns | library ns ")
                .append("| library / plain: median | quartiles | (plain + Vary) / plain | hooks / plain ")
                .append("| filters / plain | library / hooks ")
                .append("| plain B/req | plain + Vary B/req | hooks B/req | library B/req |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String source : SOURCES) {
            IdleCostBenchmark.body = Corpus.read(source);
            Dispatcher[] deployments = new Dispatcher[KINDS.size()];
            for (int d = 0; d < deployments.length; d++) {
                deployments[d] = IdleCostBenchmark.deployment(KINDS.get(d));
            }
            for (String header : HEADERS) {
                for (int d = 0; d < deployments.length; d++) {
                    IdleCostBenchmark.check(IdleCostBenchmark.get(deployments[d], header), KINDS.get(d));
                }
                for (int i = 0; i < (quick ? 2 : 50); i++) { // warm-up: every path compiled
                    for (Dispatcher deployment : deployments) {
                        time(deployment, header, block);
                    }
                }
                double[][] ns = new double[deployments.length][pairs];
                for (int p = 0; p < pairs; p++) {
                    for (int k = 0; k < deployments.length; k++) { // each deployment goes first, second... in turn
                        int which = (p + k) % deployments.length;
                        ns[which][p] = time(deployments[which], header, block);
                    }
                }
                double[] ratios = ratios(ns[LIBRARY], ns[PLAIN]);
                double[] sorted = ratios.clone();
                Arrays.sort(sorted);
                long id = Thread.currentThread().getId();
                long[] bytes = new long[deployments.length];
                for (int d = 0; d < deployments.length; d++) {
                    long before = threads.getThreadAllocatedBytes(id);
                    time(deployments[d], header, block);
                    bytes[d] = (threads.getThreadAllocatedBytes(id) - before) / block;
                }
                md.append(String.format(Locale.ROOT,
                        "| %s | %s | %.0f | %.0f | %.0f | %.0f | %.0f | **%.3f** | %.3f to %.3f | %.3f | %.3f | %.3f "
                                + "| %.3f | %d | %d | %d | %d |%n",
                        source, header, Stats.median(ns[PLAIN]), Stats.median(ns[VARY]), Stats.median(ns[HOOKS]),
                        Stats.median(ns[FILTERS]), Stats.median(ns[LIBRARY]), Stats.median(ratios),
                        sorted[pairs / 4], sorted[pairs * 3 / 4], Stats.median(ratios(ns[VARY], ns[PLAIN])),
                        Stats.median(ratios(ns[HOOKS], ns[PLAIN])), Stats.median(ratios(ns[FILTERS], ns[PLAIN])),
                        Stats.median(ratios(ns[LIBRARY], ns[HOOKS])), bytes[PLAIN], bytes[VARY], bytes[HOOKS],
                        bytes[LIBRARY]));
            }
        }
        ResultFile.write("idle-cost", quick, md);
    }

    /** The ratios of two deployments' times, round by round. */
    private static double[] ratios(double[] of, double[] to) {
        double[] ratios = new double[of.length];
        for (int p = 0; p < of.length; p++) {
            ratios[p] = of[p] / to[p];
        }
        return ratios;
    }

    /** Nanoseconds per request over {@code count} requests. */
    private static double time(Dispatcher dispatcher, String header, int count) {
        long start = System.nanoTime();
        int sink = 0;
        for (int i = 0; i < count; i++) {
            sink += IdleCostBenchmark.get(dispatcher, header).getStatus();
        }
        long elapsed = System.nanoTime() - start;
        if (sink != 200 * count) {
            throw new IllegalStateException("a request failed");
        }
        return (double) elapsed / count;
    }
}
