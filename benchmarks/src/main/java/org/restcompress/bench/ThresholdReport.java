package org.restcompress.bench;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link ThresholdBenchmark} and writes {@code benchmarks/results/threshold.md}: per body size and coding, the
 * bytes saved, the encode time, and the bandwidth below which encoding pays for itself in time (the 2014 formula
 * with identity as the other coding: saved bits / encode time). {@code -Dquick} runs a few seconds, for CI.
 */
public final class ThresholdReport {

    private ThresholdReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(ThresholdBenchmark.class.getName() + ".encode")
                .jvmArgsAppend("-Dcorpus=" + Corpus.directory());
        if (quick) {
            options.warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                    .measurementIterations(1).measurementTime(TimeValue.milliseconds(100))
                    .param("size", "1024").param("source", "events-feed.json");
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        StringBuilder md = new StringBuilder()
                .append("# Encoding small bodies: where the threshold goes\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(LocalDate.now()).append(quick ? " (quick mode: not a measurement)" : "")
                .append(". Command: `java -cp benchmarks/target/benchmarks.jar org.restcompress.bench.ThresholdReport`.\n\n")
                .append("Encode time is JMH's average through the library's codec (a new encoder per body, as per ")
                .append("response). *Pays below* is the link speed under which sending the encoded body is faster ")
                .append("than sending it as it is: saved bits / encode time.\n\n")
                .append("| source | size B | coding | encoded B | saved B | encode µs | pays below |\n")
                .append("|---|---:|---|---:|---:|---:|---:|\n");
        for (RunResult result : results) {
            String coding = result.getParams().getParam("coding");
            int size = Integer.parseInt(result.getParams().getParam("size"));
            String source = result.getParams().getParam("source");
            byte[] body = Arrays.copyOf(Corpus.read(source), size);
            int encoded = ThresholdBenchmark.encodedSize(coding, body);
            double micros = result.getPrimaryResult().getScore();
            long saved = size - encoded;
            double paysBelowMbit = saved * 8 / micros; // bits per microsecond = Mbit/s
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %d | %d | %.2f | %s |%n", source, size, coding,
                    encoded, saved, micros, saved <= 0 ? "never" : String.format(Locale.ROOT, "%.0f Mbit/s",
                            paysBelowMbit)));
        }
        ResultFile.write("threshold", quick, md);
    }

}
