package org.restcompress.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.restcompress.codec.ContentCodec;
import org.restcompress.dictionary.DictionaryTrainer;
import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.GzipCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.dictionary.MemoryDictionaryStore;

/**
 * Compression dictionaries (RFC 9842) on our corpus ({@code testdata/corpus}), with the library's own codecs at their
 * defaults: (a) deltas: a feed of 50 items from a corpus list that drops 3 and gains 3 per step, each step encoded
 * against the previous one ({@code dcz}, {@code dcb}) beside gzip, br and zstd alone; (b) small bodies of 200 B to
 * 4 KB (a corpus list's items, alone or a few in a row), with dictionaries of 4, 16 and 64 KB trained by
 * {@link DictionaryTrainer} on the first half of each list and measured on the second. Every encoded body is decoded
 * and compared. Times are medians per body of rounds in which the codings take turns, and are reported against zstd
 * alone measured in the same rounds: these machines are shared. {@code -Dquick}: a smoke run.
 */
public final class DictionaryReport {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[][] LISTS = {{"events-feed.json", "events"}, {"jobs-large.json", "jobs"},
        {"search-results-large.json", "results"}, {"stations-network.json", "stations"}};
    /** Lists of the 2014 corpus ({@code ../shared/corpus/rest}, or {@code -Dcorpus2014=DIR}): real API responses. */
    private static final String[][] LISTS_2014 = {{"usajobs-big.json", "JobData"}, {"nasa-big.json", "posts"},
        {"angel-big.json", "jobs"}, {"angel-status.json", "status_updates"}, {"weather-big.json", "list"}};
    private static final int[] DICTIONARY_SIZES = {4 * 1024, 16 * 1024, 64 * 1024};
    private static final int[][] BUCKETS = {{200, 500}, {500, 1024}, {1024, 2048}, {2048, 4096}};

    /** One coding: how it encodes a body, and decodes it back. */
    private record Coding(String name, ContentCodec codec) {
        byte[] encode(byte[] body) throws IOException {
            ByteArrayOutputStream sink = new ByteArrayOutputStream(body.length / 2 + 64);
            try (OutputStream out = codec.encode(sink)) {
                out.write(body);
            }
            return sink.toByteArray();
        }

        byte[] decode(byte[] encoded) throws IOException {
            try (InputStream in = codec.decode(new ByteArrayInputStream(encoded))) {
                return in.readAllBytes();
            }
        }
    }

    /** Median bytes and per-body times of each coding over a set of bodies. */
    private static final class Result {
        final Map<String, double[]> bytes = new LinkedHashMap<>();
        final Map<String, double[]> encodeNanos = new LinkedHashMap<>();
        final Map<String, double[]> decodeNanos = new LinkedHashMap<>();
        double identity;
    }

    private DictionaryReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int rounds = quick ? 1 : 7;
        StringBuilder md = new StringBuilder("# Compression dictionaries: deltas and trained dictionaries\n\n")
                .append("`java -cp benchmarks/target/benchmarks.jar org.restcompress.bench.DictionaryReport` (")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? ", quick mode: not a measurement" : "").append("). Our corpus (`testdata/corpus`); ")
                .append("the library's codecs at their defaults (gzip 6, br 4, zstd 3; dcb uses br at quality 5, ")
                .append("below which brotli ignores a dictionary). Bytes are medians per body, header included ")
                .append("(40 bytes for dcz, 36 for dcb); times are medians per body of ").append(rounds)
                .append(" rounds in which the codings take turns, given against zstd alone in the same rounds.\n\n");
        boolean deltaTarget = deltas(md, rounds, quick);
        String trainedTarget = trained(md, rounds, quick, "our corpus (`testdata/corpus`, generated)",
                Corpus.directory(), LISTS);
        Path corpus2014 = corpus2014();
        String trained2014 = !java.nio.file.Files.isDirectory(corpus2014) ? "not measured (corpus absent)"
                : trained(md, rounds, quick, "the 2014 corpus (`../shared/corpus/rest`, real API responses)",
                        corpus2014, LISTS_2014);
        if (!java.nio.file.Files.isDirectory(corpus2014)) {
            md.append("(The 2014 corpus is not at ").append(corpus2014).append(": its table is left out.)\n\n");
        }
        store(md, quick);
        md.append("## Targets\n\n")
                .append("- a delta at most 1/5 of zstd alone (median over steps, every feed): ")
                .append(deltaTarget ? "**met**" : "**not met**").append('\n')
                .append("- a trained dictionary at most 0.6x zstd alone on bodies under 2 KB (median per bucket, ")
                .append("16 KB dictionary, every bucket under 2 KB): our corpus: ").append(trainedTarget)
                .append("; the 2014 corpus: ").append(trained2014).append("\n");
        ResultFile.write("dictionaries", quick, md);
    }

    /** {@code -Dcorpus2014=DIR}, else the first {@code shared/corpus/rest} above the working directory. */
    static Path corpus2014() {
        String configured = System.getProperty("corpus2014");
        if (configured != null) {
            return Paths.get(configured);
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("corpus").resolve("rest");
            if (java.nio.file.Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return Paths.get("../shared/corpus/rest");
    }

    private static ArrayNode list(String file, String field) throws IOException {
        return list(Corpus.directory(), file, field);
    }

    private static ArrayNode list(Path directory, String file, String field) throws IOException {
        JsonNode root = JSON.readTree(java.nio.file.Files.readAllBytes(directory.resolve(file)));
        return (ArrayNode) root.get(field);
    }

    /** A feed of 50 items of {@code items} at {@code step}: items 3 x step to 3 x step + 49. */
    private static byte[] feed(ArrayNode items, int step) throws IOException {
        ObjectNode feed = JSON.createObjectNode();
        feed.put("step", step);
        ArrayNode window = feed.putArray("items");
        for (int i = step * 3; i < step * 3 + 50; i++) {
            window.add(items.get(i));
        }
        return JSON.writeValueAsBytes(feed);
    }

    private static List<Coding> plain() {
        return new ArrayList<>(List.of(new Coding("gzip", new GzipCodec()), new Coding("br", new BrotliCodec()),
                new Coding("zstd", new ZstdCodec())));
    }

    private static List<Coding> with(Dictionary dictionary) {
        return List.of(
                new Coding("dcz", new DictionaryCodec(DictionaryFormat.DCZ, new ZstdCodec(), h -> dictionary)
                        .bound(dictionary)),
                new Coding("dcb", new DictionaryCodec(DictionaryFormat.DCB, new BrotliCodec(), h -> dictionary)
                        .bound(dictionary)));
    }

    private static boolean deltas(StringBuilder md, int rounds, boolean quick) throws IOException {
        md.append("## (a) Deltas: a feed fetched again after 3 of its 50 items changed\n\n")
                .append("Each step is encoded against the previous step, as a client that has it would ask for.\n\n")
                .append("| feed | identity | gzip | br | zstd | dcz | dcb | dcz / zstd | dcz encode / zstd | ")
                .append("dcz decode / zstd |\n|---|---|---|---|---|---|---|---|---|---|\n");
        boolean met = true;
        for (String[] list : new String[][] {LISTS[0], LISTS[1], LISTS[2]}) {
            ArrayNode items = list(list[0], list[1]);
            int steps = Math.min(quick ? 2 : 20, (items.size() - 50) / 3);
            List<byte[][]> pairs = new ArrayList<>();
            for (int step = 1; step <= steps; step++) {
                pairs.add(new byte[][] {feed(items, step - 1), feed(items, step)});
            }
            Result result = new Result();
            List<Double> identity = new ArrayList<>();
            Map<String, List<Double>> bytes = new LinkedHashMap<>();
            Map<String, List<Double>> encode = new LinkedHashMap<>();
            Map<String, List<Double>> decode = new LinkedHashMap<>();
            for (byte[][] pair : pairs) {
                identity.add((double) pair[1].length);
                List<Coding> codings = plain();
                codings.addAll(with(Dictionary.of(pair[0])));
                measure(codings, pair[1], rounds, bytes, encode, decode);
            }
            result.identity = median(identity);
            double zstd = median(bytes.get("zstd"));
            double dcz = median(bytes.get("dcz"));
            met &= dcz * 5 <= zstd;
            md.append("| ").append(list[0]).append(" (").append(steps).append(" steps) | ")
                    .append(format(result.identity));
            for (String coding : List.of("gzip", "br", "zstd", "dcz", "dcb")) {
                md.append(" | ").append(format(median(bytes.get(coding))));
            }
            md.append(" | ").append(String.format(Locale.ROOT, "%.3f", dcz / zstd))
                    .append(" | ").append(ratio(encode, "dcz", "zstd")).append(" | ").append(ratio(decode, "dcz", "zstd"))
                    .append(" |\n");
        }
        md.append("\nTimes of the other codings against zstd alone, same rounds, are in the small-body table ")
                .append("below; a delta's encode time includes loading the previous step as a raw dictionary.\n\n");
        return met;
    }

    private static String trained(StringBuilder md, int rounds, boolean quick, String corpus, Path directory,
            String[][] listNames) throws IOException {
        md.append("## (b) Small bodies with a trained dictionary: ").append(corpus).append("\n\n")
                .append("Bodies: the items of the corpus lists (");
        for (int i = 0; i < listNames.length; i++) {
            md.append(i == 0 ? "" : ", ").append('`').append(listNames[i][0]).append("` ").append(listNames[i][1]);
        }
        md.append("), alone and ")
                .append("2, 4 or 8 in a row as a small list response, 200 B to 4 KB. Per list, a dictionary trained ")
                .append("by `DictionaryTrainer` on the bodies from the first half of the list (prepared once, as the server does ")
                .append("for shared dictionaries), measured on bodies ")
                .append("from the second half. Bytes as a share of identity (median per body), and dcz against ")
                .append("zstd alone.\n\n")
                .append("| body size | bodies | dictionary | gzip | br | zstd | dcz | dcb | dcz / zstd | ")
                .append("dcz without its header / zstd | dcb / zstd | ")
                .append("dcz encode / zstd | dcz decode / zstd | gzip encode / zstd | br encode / zstd |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        List<String[]> lists = Arrays.asList(listNames);
        Map<String, List<byte[]>> training = new LinkedHashMap<>();
        Map<String, List<byte[]>> testing = new LinkedHashMap<>();
        for (String[] list : lists) {
            ArrayNode items = list(directory, list[0], list[1]);
            int half = items.size() / 2;
            training.put(list[1], bodies(items, 0, half, quick));
            testing.put(list[1], bodies(items, half, items.size(), quick));
        }
        Map<String, List<Double>> targetRatios = new LinkedHashMap<>();
        Map<String, Double> chart = new LinkedHashMap<>();
        for (int size : DICTIONARY_SIZES) {
            if (quick && size != 16 * 1024) {
                continue;
            }
            Map<String, Dictionary> dictionaries = new LinkedHashMap<>();
            for (Map.Entry<String, List<byte[]>> samples : training.entrySet()) {
                try {
                    dictionaries.put(samples.getKey(),
                            Dictionary.reused(DictionaryTrainer.train(samples.getValue(), size)));
                } catch (IllegalArgumentException tooFew) {
                    md.append("(").append(samples.getKey()).append(": ").append(samples.getValue().size())
                            .append(" samples are too few for a ").append(size / 1024).append(" KB dictionary: ")
                            .append(tooFew.getMessage()).append(")\n\n");
                }
            }
            for (int[] bucket : BUCKETS) {
                Map<String, List<Double>> bytes = new LinkedHashMap<>();
                Map<String, List<Double>> encode = new LinkedHashMap<>();
                Map<String, List<Double>> decode = new LinkedHashMap<>();
                int count = 0;
                for (Map.Entry<String, List<byte[]>> list : testing.entrySet()) {
                    if (!dictionaries.containsKey(list.getKey())) {
                        continue;
                    }
                    for (byte[] body : list.getValue()) {
                        if (body.length < bucket[0] || body.length >= bucket[1]) {
                            continue;
                        }
                        count++;
                        List<Coding> codings = plain();
                        codings.addAll(with(dictionaries.get(list.getKey())));
                        Map<String, List<Double>> shares = new LinkedHashMap<>();
                        measure(codings, body, rounds, shares, encode, decode);
                        shares.forEach((coding, values) -> bytes.computeIfAbsent(coding, k -> new ArrayList<>())
                                .add(values.get(0) / body.length));
                        bytes.computeIfAbsent("dcz-payload", k -> new ArrayList<>())
                                .add((shares.get("dcz").get(0) - DictionaryFormat.DCZ.headerLength()) / body.length);
                    }
                }
                if (count == 0) {
                    continue;
                }
                double dczOverZstd = median(bytes.get("dcz")) / median(bytes.get("zstd"));
                if (size == 16 * 1024 && bucket[1] <= 2048) {
                    for (String coding : List.of("dcz", "dcb")) {
                        targetRatios.computeIfAbsent(coding, c -> new ArrayList<>())
                                .add(median(bytes.get(coding)) / median(bytes.get("zstd")));
                    }
                }
                if (size == 16 * 1024) {
                    chart.put(label(bucket) + " zstd", 100 * median(bytes.get("zstd")));
                    chart.put(label(bucket) + " dcz", 100 * median(bytes.get("dcz")));
                }
                md.append("| ").append(label(bucket)).append(" | ").append(count).append(" | ")
                        .append(size / 1024).append(" KB");
                for (String coding : List.of("gzip", "br", "zstd", "dcz", "dcb")) {
                    md.append(" | ").append(String.format(Locale.ROOT, "%.0f %%", 100 * median(bytes.get(coding))));
                }
                md.append(" | ").append(String.format(Locale.ROOT, "%.2f", dczOverZstd))
                        .append(" | ").append(String.format(Locale.ROOT, "%.2f",
                                median(bytes.get("dcz-payload")) / median(bytes.get("zstd"))))
                        .append(" | ").append(String.format(Locale.ROOT, "%.2f",
                                median(bytes.get("dcb")) / median(bytes.get("zstd"))))
                        .append(" | ").append(ratio(encode, "dcz", "zstd")).append(" | ")
                        .append(ratio(decode, "dcz", "zstd")).append(" | ").append(ratio(encode, "gzip", "zstd"))
                        .append(" | ").append(ratio(encode, "br", "zstd")).append(" |\n");
            }
        }
        if (!quick && directory.equals(Corpus.directory())) {
            Path png = Paths.get("results", "dictionaries.png");
            BarChart.write(png, "Small bodies: bytes on the wire, % of identity (16 KB trained dictionary)", "%",
                    chart);
            md.append("\n![bytes as a share of identity per body size, zstd alone and dcz](dictionaries.png)\n");
        }
        md.append('\n');
        StringBuilder verdict = new StringBuilder();
        targetRatios.forEach((coding, ratios) -> {
            boolean met = ratios.stream().allMatch(r -> r <= 0.6);
            verdict.append(verdict.length() == 0 ? "" : ", ").append(coding).append(met ? " **met**" : " **not met**")
                    .append(" (");
            for (int i = 0; i < ratios.size(); i++) {
                verdict.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", ratios.get(i)));
            }
            verdict.append(')');
        });
        return verdict.toString();
    }

    /** A list's items from {@code from} to {@code to}, alone and 2, 4, 8 in a row, of 200 B to 4 KB. */
    private static List<byte[]> bodies(ArrayNode items, int from, int to, boolean quick) throws IOException {
        List<byte[]> bodies = new ArrayList<>();
        for (int run : new int[] {1, 2, 4, 8}) {
            for (int i = from; i + run <= to; i += run) {
                byte[] body;
                if (run == 1) {
                    body = JSON.writeValueAsBytes(items.get(i));
                } else {
                    ArrayNode page = JSON.createArrayNode();
                    for (int j = i; j < i + run; j++) {
                        page.add(items.get(j));
                    }
                    body = JSON.writeValueAsBytes(page);
                }
                if (body.length >= 200 && body.length < 4096) {
                    bodies.add(body);
                }
            }
        }
        if (quick && bodies.size() > 40) {
            return bodies.subList(0, 40);
        }
        return bodies;
    }

    /**
     * Encodes and decodes {@code body} with each coding, {@code rounds} times, the codings taking turns; checks every
     * round trip; adds the size and the median times per coding.
     */
    private static void measure(List<Coding> codings, byte[] body, int rounds, Map<String, List<Double>> bytes,
            Map<String, List<Double>> encode, Map<String, List<Double>> decode) throws IOException {
        Map<String, double[]> encodeTimes = new LinkedHashMap<>();
        Map<String, double[]> decodeTimes = new LinkedHashMap<>();
        for (Coding coding : codings) {
            encodeTimes.put(coding.name(), new double[rounds]);
            decodeTimes.put(coding.name(), new double[rounds]);
        }
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < codings.size(); k++) {
                Coding coding = codings.get((k + round) % codings.size());
                long start = System.nanoTime();
                byte[] encoded = coding.encode(body);
                long encoded_at = System.nanoTime();
                byte[] decoded = coding.decode(encoded);
                long end = System.nanoTime();
                if (!Arrays.equals(body, decoded)) {
                    throw new IllegalStateException(coding.name() + " did not round trip");
                }
                encodeTimes.get(coding.name())[round] = encoded_at - start;
                decodeTimes.get(coding.name())[round] = end - encoded_at;
                if (round == 0) {
                    bytes.computeIfAbsent(coding.name(), c -> new ArrayList<>()).add((double) encoded.length);
                }
            }
        }
        encodeTimes.forEach((name, t) -> encode.computeIfAbsent(name, c -> new ArrayList<>()).add(Stats.median(t)));
        decodeTimes.forEach((name, t) -> decode.computeIfAbsent(name, c -> new ArrayList<>()).add(Stats.median(t)));
    }

    /** The store within its bound: a stream of feed steps far larger than the store. */
    private static void store(StringBuilder md, boolean quick) throws IOException {
        ArrayNode items = list("jobs-large.json", "jobs");
        long bound = 1 << 20;
        MemoryDictionaryStore store = new MemoryDictionaryStore(bound, 1000);
        long offered = 0;
        long maxHeld = 0;
        int steps = Math.min(quick ? 30 : 200, (items.size() - 50) / 3);
        for (int step = 0; step < steps; step++) {
            Dictionary d = Dictionary.of(feed(items, step));
            store.put(d.hash(), d.content(), Duration.ofHours(1));
            offered += d.size();
            maxHeld = Math.max(maxHeld, store.bytes());
        }
        md.append("## The store's memory\n\n").append("An in-memory store bounded at ").append(format(bound))
                .append(" bytes, offered ").append(steps).append(" feed steps of jobs (").append(format(offered))
                .append(" bytes in all): it held at most ").append(format(maxHeld)).append(" bytes (")
                .append(store.size()).append(" entries at the end): ")
                .append(maxHeld <= bound ? "**within its setting**" : "**over its setting**").append(".\n\n");
    }

    private static String label(int[] bucket) {
        return bucket[0] + " B - " + (bucket[1] >= 1024 ? bucket[1] / 1024 + " KB" : bucket[1] + " B");
    }

    private static double median(List<Double> values) {
        return Stats.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static String ratio(Map<String, List<Double>> times, String a, String b) {
        double[] ratios = new double[times.get(a).size()];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = times.get(a).get(i) / times.get(b).get(i);
        }
        return String.format(Locale.ROOT, "%.2f", Stats.median(ratios));
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }
}
