package org.restcompress.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.restcompress.codec.ContentCodec;

/**
 * Runs {@link CodecBenchmark} over the corpus ({@code -Dcorpus=DIR}; files of 16 KB and more by default) and writes
 * {@code benchmarks/results/codecs.md}: per coding, compress and decompress MB/s and compressed/original, as harmonic
 * means over the files like the 2014 table. {@code -Dcodings=a,b}: only those codings; {@code -Dout=FILE}: where to
 * write. {@code -Dquick}: one coding pair, one file, a few seconds, for CI.
 */
public final class CodecReport {

    private CodecReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        long minSize = Long.getLong("minSize", 16 * 1024);
        List<String> files;
        try (Stream<Path> list = Files.list(Corpus.directory())) {
            files = list.filter(p -> size(p) >= minSize).map(p -> p.getFileName().toString()).sorted()
                    .collect(Collectors.toList());
        }
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(CodecBenchmark.class.getName())
                .jvmArgsAppend("-Dcorpus=" + Corpus.directory())
                .param("file", quick ? files.subList(0, 1).toArray(new String[0]) : files.toArray(new String[0]));
        String codings = System.getProperty("codings"); // e.g. -Dcodings=lzf,zstd: only those
        if (codings != null) {
            options.param("coding", codings.split(","));
        }
        if (quick) {
            options.warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                    .measurementIterations(1).measurementTime(TimeValue.milliseconds(100))
                    .param("coding", "lzf", "gzip");
        }
        Collection<RunResult> results = new Runner(options.build()).run();

        // coding -> path -> one row per file: [compress MB/s, decompress MB/s, compressed/original]
        Map<String, Map<String, List<double[]>>> table = new LinkedHashMap<>();
        Map<String, double[]> partial = new LinkedHashMap<>();
        for (RunResult result : results) {
            String coding = result.getParams().getParam("coding");
            String path = result.getParams().getParam("path");
            String file = result.getParams().getParam("file");
            String op = result.getPrimaryResult().getLabel();
            byte[] body = Corpus.read(file);
            double mbPerSecond = body.length / result.getPrimaryResult().getScore(); // bytes per µs = MB/s
            double[] row = partial.computeIfAbsent(coding + "/" + path + "/" + file,
                    k -> new double[] {-1, -1, ratio(coding, body)});
            row[op.equals("encode") ? 0 : 1] = mbPerSecond;
            if (row[0] >= 0 && row[1] >= 0) {
                table.computeIfAbsent(coding, k -> new LinkedHashMap<>())
                        .computeIfAbsent(path, k -> new ArrayList<>()).add(row);
            }
        }
        StringBuilder md = new StringBuilder("# Codec round trip over the corpus\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "").append(". Corpus: ")
                .append(Corpus.directory().getParent().getFileName() + "/" + Corpus.directory().getFileName())
                .append(", ").append(files.size())
                .append(" files of ").append(minSize / 1024).append(" KB and more. Command: ")
                .append("`java -cp benchmarks/target/benchmarks.jar org.restcompress.bench.CodecReport`.\n\n")
                .append("Each value is the harmonic mean over the files of JMH's average time (one core), as MB/s ")
                .append("of original data. *Library* is the library's codec streams (a new stream per body, as per ")
                .append("request); *raw* is the codec's own plain API at the same settings (RawCodecs), what you ")
                .append("would call without the library. *Ours/raw* is the cost of the library's layer (1.00: none; ")
                .append("above 1: the library is faster).\n\n")
                .append("| coding | compress MB/s | decompress MB/s | round trip MB/s | compressed/original ")
                .append("| raw compress MB/s | raw decompress MB/s | ours/raw compress | ours/raw decompress |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<String, Map<String, List<double[]>>> entry : table.entrySet()) {
            List<double[]> ours = entry.getValue().get("library");
            List<double[]> raw = entry.getValue().get("raw");
            if (ours == null) {
                continue;
            }
            double enc = harmonic(ours, 0);
            double dec = harmonic(ours, 1);
            double ratio = ours.stream().mapToDouble(r -> r[2]).average().orElse(0);
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.3f |", entry.getKey(), enc, dec,
                    1 / (1 / enc + 1 / dec), ratio));
            if (raw != null) {
                double rawEnc = harmonic(raw, 0);
                double rawDec = harmonic(raw, 1);
                md.append(String.format(Locale.ROOT, " %.0f | %.0f | %.2f | %.2f |%n", rawEnc, rawDec,
                        enc / rawEnc, dec / rawDec));
            } else {
                md.append(" | | | |\n");
            }
        }
        ResultFile.write("codecs", quick, md);
    }

    private static double harmonic(List<double[]> rows, int column) {
        return rows.size() / rows.stream().mapToDouble(r -> 1 / r[column]).sum();
    }

    private static double ratio(String coding, byte[] body) {
        try {
            ContentCodec codec = CodecBenchmark.codec(coding);
            return (double) CodecBenchmark.encode(codec, body).length / body.length;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long size(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return 0;
        }
    }
}
