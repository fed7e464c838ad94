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
 * deployments). Both deployments live in one JVM and are timed in alternating blocks, so that drift, collections and
 * the neighbours' load fall on both alike; the figure is the median of the per-pair ratios. (Separate JMH forks
 * differed by 15 % from one another for the same code on this shared machine: more than the effect measured.)
 * Target: at most 1.02. {@code -Dquick} runs a second.
 */
public final class IdleCostReport {

    private static final List<String> SOURCES = List.of("status.json", "search-results-small.json");
    private static final List<String> HEADERS = List.of("none", "identity");

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
                .append("org.restcompress.bench.IdleCostReport` (~1 minute).\n\n")
                .append("One `@Compressed` method returning a corpus document as `byte[]`, dispatched in memory by ")
                .append("RESTEasy 6.2 (`MockDispatcherFactory`: no socket, no container, so nothing else hides the ")
                .append("difference). *plain* is a deployment without the library (the annotation is inert), ")
                .append("*library* registers `CompressionFeature`. The client takes identity: no `Accept-Encoding`, ")
                .append("or `Accept-Encoding: identity`. *plain + Vary* is plain with a response filter that adds ")
                .append("`Vary: Accept-Encoding`, which the library sends on every response of an annotated method ")
                .append("(RFC 9110 §12.5.5; caches need it) and the plain endpoint does not: what correct ")
                .append("negotiation costs before any logic. The deployments run in one JVM, timed in rotating ")
                .append("blocks of ").append(block).append(" requests, ").append(pairs).append(" rounds per row ")
                .append("after warm-up; ratios are taken within a round: their medians and quartiles. ")
                .append("Allocation per request from the thread's allocation counter. Target: median at most ")
                .append("1.02. The same deployments as a JMH benchmark, for profiling: `java -jar ")
                .append("benchmarks/target/benchmarks.jar IdleCostBenchmark -prof gc`.\n\n")
                .append("| document | Accept-Encoding | plain ns | plain + Vary ns | library ns | library / plain: ")
                .append("median | quartiles | library / (plain + Vary) | plain B/req | plain + Vary B/req ")
                .append("| library B/req |\n|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|\n");
        for (String source : SOURCES) {
            IdleCostBenchmark.body = Corpus.read(source);
            Dispatcher plain = IdleCostBenchmark.deployment("plain");
            Dispatcher vary = IdleCostBenchmark.deployment("vary");
            Dispatcher library = IdleCostBenchmark.deployment("library");
            for (String header : HEADERS) {
                IdleCostBenchmark.check(IdleCostBenchmark.get(plain, header), "plain");
                IdleCostBenchmark.check(IdleCostBenchmark.get(vary, header), "vary");
                IdleCostBenchmark.check(IdleCostBenchmark.get(library, header), "library");
                Dispatcher[] deployments = {plain, vary, library};
                for (int i = 0; i < (quick ? 2 : 50); i++) { // warm-up: every path compiled
                    for (Dispatcher deployment : deployments) {
                        time(deployment, header, block);
                    }
                }
                double[] ratios = new double[pairs];
                double[] varyRatios = new double[pairs];
                double[] plainNs = new double[pairs];
                double[] varyNs = new double[pairs];
                double[] libraryNs = new double[pairs];
                for (int p = 0; p < pairs; p++) {
                    double[] ns = new double[3];
                    for (int k = 0; k < 3; k++) { // each deployment goes first, second and third in turn
                        int which = (p + k) % 3;
                        ns[which] = time(deployments[which], header, block);
                    }
                    plainNs[p] = ns[0];
                    varyNs[p] = ns[1];
                    libraryNs[p] = ns[2];
                    ratios[p] = ns[2] / ns[0];
                    varyRatios[p] = ns[2] / ns[1];
                }
                long id = Thread.currentThread().getId();
                long before = threads.getThreadAllocatedBytes(id);
                time(plain, header, block);
                long plainBytes = (threads.getThreadAllocatedBytes(id) - before) / block;
                before = threads.getThreadAllocatedBytes(id);
                time(library, header, block);
                long libraryBytes = (threads.getThreadAllocatedBytes(id) - before) / block;
                double[] sorted = ratios.clone();
                Arrays.sort(sorted);
                before = threads.getThreadAllocatedBytes(id);
                time(vary, header, block);
                long varyBytes = (threads.getThreadAllocatedBytes(id) - before) / block;
                md.append(String.format(Locale.ROOT,
                        "| %s | %s | %.0f | %.0f | %.0f | **%.3f** | %.3f to %.3f | %.3f | %d | %d | %d |%n",
                        source, header, Stats.median(plainNs), Stats.median(varyNs), Stats.median(libraryNs),
                        Stats.median(ratios), sorted[pairs / 4], sorted[pairs * 3 / 4], Stats.median(varyRatios),
                        plainBytes, varyBytes, libraryBytes));
            }
        }
        ResultFile.write("idle-cost", quick, md);
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
