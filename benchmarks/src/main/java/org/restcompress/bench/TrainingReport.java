package org.restcompress.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
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
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.restcompress.codec.ContentCodec;
import org.restcompress.dictionary.DictionaryTrainer;
import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.dictionary.CommonStrings;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;

/**
 * {@code @TrainedDictionary} measured: the dictionary the library trains itself (zstd's trainer on the default sample
 * of 300 distinct responses, 16 KB, then the K rule with K = 5) on documents under 2 KB that were not in the sample,
 * against zstd and br alone; the same dictionary without the K rule (what privacy costs); what a training costs (time,
 * Java allocation, growth of resident memory); and request latency of a server while a training runs beside it,
 * against the same server not training. Corpora: the npm registry's {@code /<package>/latest} documents (real API
 * responses, fetched at run time and cached in {@code target/npm-latest}), the 2014 corpus's lists, and our own
 * generated corpus's. {@code -Dquick}: a smoke run.
 */
public final class TrainingReport {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SAMPLES = 300;
    private static final int DICTIONARY_SIZE = 16 * 1024;
    private static final int K = 5;
    private static final int SMALL = 2048;
    /** Where the crawl of the npm registry starts. */
    private static final String[] NPM_SEEDS = {"express", "react", "webpack", "eslint", "jest", "typescript",
        "@babel/core", "vue", "lodash", "axios", "next", "mocha", "rollup", "vite", "prettier", "aws-sdk"};

    /**
     * A corpus split into what training may sample and documents it never saw, per endpoint: each endpoint (a list of
     * the corpus, or npm's one) has a dictionary of its own, as each {@code @TrainedDictionary} method has.
     */
    private record Split(String name, String how, List<List<byte[]>> pools, List<List<byte[]>> tests) {
        List<byte[]> pool() {
            return pools.get(0);
        }

        List<byte[]> test() {
            return tests.get(0);
        }
    }

    private TrainingReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        StringBuilder md = new StringBuilder("# Dictionaries trained from live traffic (`@TrainedDictionary`)\n\n")
                .append("`java -cp benchmarks/target/benchmarks.jar org.restcompress.bench.TrainingReport` (")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? ", quick mode: not a measurement" : "").append("). What the library does with its ")
                .append("defaults: zstd's trainer on a sample of ").append(SAMPLES).append(" distinct responses, a ")
                .append(DICTIONARY_SIZE / 1024).append(" KB dictionary, then the K rule (K = ").append(K)
                .append(": only byte strings at least ").append(K).append(" sampled responses hold whole). Bytes ")
                .append("are totals over the held-out documents under 2 KB, framing included (dcz's 40-byte header, ")
                .append("dcb's 36); codecs at the library's defaults (zstd 3, br 4; dcb uses br at 5). Every encoded ")
                .append("body was decoded and compared.\n\n");
        List<Split> corpora = new ArrayList<>();
        try {
            corpora.add(npm(quick));
        } catch (IOException e) { // no registry within reach: the corpora on disk still tell
            md.append("(The npm registry could not be reached: ").append(e.getMessage())
                    .append("; its row is left out, and the cost and latency use the next corpus.)\n\n");
        }
        Path corpus2014 = DictionaryReport.corpus2014();
        if (Files.isDirectory(corpus2014)) {
            corpora.add(lists("2014 corpus (real API responses: USAJobs, NASA, AngelList, OpenWeatherMap)",
                    corpus2014, new String[][] {{"usajobs-big.json", "JobData"}, {"nasa-big.json", "posts"},
                        {"angel-big.json", "jobs"}, {"angel-status.json", "status_updates"},
                        {"weather-big.json", "list"}}));
        }
        corpora.add(lists("our corpus (`testdata/corpus`, generated)", Corpus.directory(), new String[][] {
            {"events-feed.json", "events"}, {"jobs-large.json", "jobs"}, {"search-results-large.json", "results"},
            {"stations-network.json", "stations"}}));
        md.append("## Bytes on documents the training never saw\n\n")
                .append("| corpus | split | sampled | held out | median size | zstd | dcz | **dcz / zstd** | ")
                .append("dcz / zstd, no K rule | dcz / zstd, 64 KB trained | br | dcb | dcb / br | ")
                .append("dictionaries after K (trained) |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<String> targets = new ArrayList<>();
        for (Split split : corpora) {
            targets.add(bytes(md, split));
        }
        md.append("\nTarget: dcz at most 0.6x zstd alone on held-out documents under 2 KB. ")
                .append(String.join("; ", targets)).append(".\n\n");
        cost(md, corpora.get(0), quick);
        latency(md, corpora.get(0), quick);
        ResultFile.write("training", quick, md);
    }

    /**
     * Package manifests of the npm registry, found by following dependencies from a few well-known packages (the
     * registry here has no search), split by package name: half may be sampled, half held out.
     */
    private static Split npm(boolean quick) throws Exception {
        Path cache = Paths.get(System.getProperty("npm.cache", "target/npm-latest"));
        Files.createDirectories(cache);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        int wanted = quick ? 120 : 1600;
        Set<String> seen = new LinkedHashSet<>(Arrays.asList(NPM_SEEDS));
        List<String> frontier = new ArrayList<>(seen);
        List<String> names = new ArrayList<>();
        List<byte[]> documents = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        while (!frontier.isEmpty() && names.size() < wanted) {
            List<Future<byte[]>> fetched = new ArrayList<>();
            for (String name : frontier) {
                fetched.add(pool.submit(() -> latest(client, cache, name)));
            }
            List<String> next = new ArrayList<>();
            for (int i = 0; i < frontier.size() && names.size() < wanted; i++) {
                byte[] document = fetched.get(i).get();
                if (document == null) {
                    continue;
                }
                names.add(frontier.get(i));
                documents.add(document);
                JsonNode manifest = JSON.readTree(document);
                for (String field : new String[] {"dependencies", "devDependencies", "peerDependencies"}) {
                    manifest.path(field).fieldNames().forEachRemaining(dependency -> {
                        if (seen.add(dependency)) {
                            next.add(dependency);
                        }
                    });
                }
            }
            next.sort(null); // the same crawl every time
            frontier = next;
        }
        pool.shutdown();
        List<byte[]> train = new ArrayList<>();
        List<byte[]> test = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            (Dictionary.sha256(names.get(i).getBytes(StandardCharsets.UTF_8))[0] % 2 == 0 ? train : test)
                    .add(documents.get(i));
        }
        return new Split("npm registry, `GET /<package>/latest` (" + names.size() + " package manifests, "
                + LocalDate.now() + ")", "by package: SHA-256 of the name even (sampled) or odd (held out)",
                List.of(train), List.of(test));
    }

    private static byte[] latest(HttpClient client, Path cache, String name) throws Exception {
        Path file = cache.resolve(URLEncoder.encode(name, StandardCharsets.UTF_8) + ".json");
        if (Files.exists(file)) {
            return Files.size(file) == 0 ? null : Files.readAllBytes(file);
        }
        HttpResponse<byte[]> reply = client.send(HttpRequest.newBuilder(URI.create("https://registry.npmjs.org/"
                + name.replace("/", "%2F") + "/latest")).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        byte[] body = reply.statusCode() == 200 ? reply.body() : new byte[0];
        Files.write(file, body);
        return body.length == 0 ? null : body;
    }

    /** The items of JSON lists: each list's first half may be sampled, its second half is held out. */
    private static Split lists(String name, Path directory, String[][] lists) throws IOException {
        List<List<byte[]>> pools = new ArrayList<>();
        List<List<byte[]>> tests = new ArrayList<>();
        for (String[] list : lists) {
            List<byte[]> train = new ArrayList<>();
            List<byte[]> test = new ArrayList<>();
            JsonNode items = JSON.readTree(Files.readAllBytes(directory.resolve(list[0]))).get(list[1]);
            for (int i = 0; i < items.size(); i++) {
                (i < items.size() / 2 ? train : test).add(JSON.writeValueAsBytes(items.get(i)));
            }
            pools.add(train);
            tests.add(test);
        }
        return new Split(name + ", " + lists.length + " lists", "per list (an endpoint, a dictionary of its own): "
                + "first half sampled, second half held out", pools, tests);
    }

    /** What the library would sample: {@value #SAMPLES} distinct documents of the pool, drawn uniformly. */
    private static List<byte[]> sample(List<byte[]> pool) {
        List<byte[]> shuffled = new ArrayList<>(pool);
        java.util.Collections.shuffle(shuffled, new java.util.Random(42));
        List<byte[]> samples = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (byte[] document : shuffled) {
            if (document.length <= 16 * 1024 && seen.add(Dictionary.hex(Dictionary.sha256(document)))) {
                samples.add(document);
            }
            if (samples.size() == SAMPLES) {
                break;
            }
        }
        return samples;
    }

    private static String bytes(StringBuilder md, Split split) throws IOException {
        long[] sums = new long[6];
        List<Integer> sizes = new ArrayList<>();
        int sampled = 0;
        long kept = 0;
        long trained = 0;
        for (int e = 0; e < split.pools.size(); e++) {
            List<byte[]> samples = sample(split.pools.get(e));
            sampled += samples.size();
            byte[] raw = DictionaryTrainer.train(samples, DICTIONARY_SIZE);
            byte[] content = CommonStrings.of(raw, samples, K, DICTIONARY_SIZE, () -> false);
            byte[] large = CommonStrings.of(DictionaryTrainer.train(samples, 4 * DICTIONARY_SIZE), samples, K,
                    4 * DICTIONARY_SIZE, () -> false);
            kept += content.length;
            trained += raw.length;
            Set<String> seen = new HashSet<>();
            samples.forEach(sample -> seen.add(Dictionary.hex(Dictionary.sha256(sample))));
            Dictionary dictionary = Dictionary.reused(content);
            Dictionary unfiltered = Dictionary.reused(raw);
            Dictionary larger = Dictionary.reused(large);
            ContentCodec zstd = new ZstdCodec();
            ContentCodec br = new BrotliCodec();
            ContentCodec dcz = new DictionaryCodec(DictionaryFormat.DCZ, zstd, h -> dictionary).bound(dictionary);
            ContentCodec dczRaw = new DictionaryCodec(DictionaryFormat.DCZ, zstd, h -> unfiltered).bound(unfiltered);
            ContentCodec dczLarge = new DictionaryCodec(DictionaryFormat.DCZ, zstd, h -> larger).bound(larger);
            ContentCodec dcb = new DictionaryCodec(DictionaryFormat.DCB, br, h -> dictionary).bound(dictionary);
            for (byte[] document : split.tests.get(e)) {
                if (document.length >= SMALL || seen.contains(Dictionary.hex(Dictionary.sha256(document)))) {
                    continue;
                }
                sizes.add(document.length);
                sums[0] += size(zstd, document);
                sums[1] += size(dcz, document);
                sums[2] += size(dczRaw, document);
                sums[3] += size(br, document);
                sums[4] += size(dcb, document);
                sums[5] += size(dczLarge, document);
            }
        }
        sizes.sort(null);
        double ratio = (double) sums[1] / sums[0];
        md.append("| ").append(split.name).append(" | ").append(split.how).append(" | ").append(sampled)
                .append(" | ").append(sizes.size()).append(" | ").append(sizes.get(sizes.size() / 2)).append(" B | ")
                .append(sums[0]).append(" | ").append(sums[1]).append(" | **")
                .append(String.format(Locale.ROOT, "%.2f", ratio)).append("** | ")
                .append(String.format(Locale.ROOT, "%.2f", (double) sums[2] / sums[0])).append(" | ")
                .append(String.format(Locale.ROOT, "%.2f", (double) sums[5] / sums[0])).append(" | ").append(sums[3])
                .append(" | ").append(sums[4]).append(" | ")
                .append(String.format(Locale.ROOT, "%.2f", (double) sums[4] / sums[3])).append(" | ")
                .append(kept).append(" B (").append(trained).append(") |\n");
        return split.name.replaceAll(" \\(.*|,.*", "") + ": " + String.format(Locale.ROOT, "%.2f", ratio)
                + (ratio <= 0.6 ? " (met)" : " (**missed**)");
    }

    /** Encoded size of {@code body}, checked by decoding it back. */
    private static long size(ContentCodec codec, byte[] body) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream(body.length);
        try (OutputStream out = codec.encode(sink)) {
            out.write(body);
        }
        byte[] encoded = sink.toByteArray();
        try (InputStream in = codec.decode(new ByteArrayInputStream(encoded))) {
            if (!Arrays.equals(body, in.readAllBytes())) {
                throw new IllegalStateException(codec.token() + " decoded to other bytes");
            }
        }
        return encoded.length;
    }

    /** Time, Java allocation and resident memory growth of a training on the default sample. */
    private static void cost(StringBuilder md, Split split, boolean quick) throws Exception {
        List<byte[]> samples = sample(split.pool());
        long sampleBytes = samples.stream().mapToLong(s -> s.length).sum();
        int runs = quick ? 1 : 7;
        List<Double> trainMillis = new ArrayList<>();
        List<Double> keepMillis = new ArrayList<>();
        long allocated = 0;
        long peakGrowth = 0;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int run = 0; run < runs; run++) {
            System.gc();
            long before = rss();
            AtomicLong peak = new AtomicLong(before);
            AtomicBoolean sampling = new AtomicBoolean(true);
            Thread sampler = new Thread(() -> {
                while (sampling.get()) {
                    peak.accumulateAndGet(rss(), Math::max);
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            sampler.start();
            long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            byte[] raw = DictionaryTrainer.train(samples, DICTIONARY_SIZE);
            long trained = System.nanoTime();
            CommonStrings.of(raw, samples, K, DICTIONARY_SIZE, () -> false);
            long end = System.nanoTime();
            allocated = Math.max(allocated, threads.getCurrentThreadAllocatedBytes() - allocatedBefore);
            sampling.set(false);
            sampler.join();
            peakGrowth = Math.max(peakGrowth, peak.get() - before);
            trainMillis.add((trained - start) / 1e6);
            keepMillis.add((end - trained) / 1e6);
        }
        md.append("## What a training costs\n\n")
                .append("On the npm sample (").append(samples.size()).append(" documents, ")
                .append(sampleBytes / 1024).append(" KB), ").append(runs).append(" runs, one thread (the library ")
                .append("trains on one thread of its own at the lowest priority):\n\n")
                .append("| step | median time |\n|---|---:|\n")
                .append(String.format(Locale.ROOT, "| zstd's trainer | %.0f ms |%n", median(trainMillis)))
                .append(String.format(Locale.ROOT, "| the K rule | %.0f ms |%n", median(keepMillis)))
                .append("\nMemory, the largest of the runs: Java objects allocated by the training thread ")
                .append(allocated / 1024).append(" KB; resident memory grew by at most ").append(peakGrowth / 1024)
                .append(" KB during a training (sampled every millisecond; zstd's trainer works in native memory). ")
                .append("The samples themselves are held between trainings: at most 300 x 16 KB = 4.7 MB, here ")
                .append(sampleBytes / 1024).append(" KB.\n\n");
    }

    private static long rss() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }

    /**
     * A demo server in this process answers small documents to one client, in phases that alternate between nothing
     * else and a training running beside it (the library's trainer, on a thread at the lowest priority, over and
     * over): the medians and 99th percentiles of each, and their ratios.
     */
    private static void latency(StringBuilder md, Split split, boolean quick) throws Exception {
        List<byte[]> samples = sample(split.pool());
        int phases = quick ? 2 : 20;
        long phaseNanos = Duration.ofSeconds(quick ? 1 : 3).toNanos();
        List<Double> quiet = new ArrayList<>();
        List<Double> training = new ArrayList<>();
        try (org.restcompress.demo.DemoServer server = org.restcompress.demo.DemoServer.start("127.0.0.1", 0)) {
            HttpClient client = HttpClient.newHttpClient();
            URI docs = URI.create("http://127.0.0.1:" + server.port() + "/rest/docs/");
            int ids = 50; // fewer distinct responses than the server's own training needs: it does not train
            for (int id = 0; id < ids; id++) {
                client.send(HttpRequest.newBuilder(docs.resolve("d" + id)).header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(split.test().get(id))).build(),
                        HttpResponse.BodyHandlers.discarding());
            }
            AtomicBoolean train = new AtomicBoolean();
            AtomicBoolean done = new AtomicBoolean();
            AtomicLong trainings = new AtomicLong();
            Thread trainer = new Thread(() -> {
                while (!done.get()) {
                    if (train.get()) {
                        CommonStrings.of(DictionaryTrainer.train(samples, DICTIONARY_SIZE), samples, K,
                                DICTIONARY_SIZE, () -> false);
                        trainings.incrementAndGet();
                    } else {
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }, "training-beside");
            trainer.setPriority(Thread.MIN_PRIORITY);
            trainer.setDaemon(true);
            trainer.start();
            ConcurrentLinkedQueue<Double> sink = new ConcurrentLinkedQueue<>();
            for (int phase = -1; phase < 2 * phases; phase++) { // phase -1: warm-up
                boolean on = phase >= 0 && phase % 2 == 1;
                train.set(on);
                sink.clear();
                long end = System.nanoTime() + phaseNanos;
                for (int i = 0; System.nanoTime() < end; i++) {
                    long start = System.nanoTime();
                    HttpResponse<byte[]> reply = client.send(HttpRequest.newBuilder(docs.resolve("d" + i % ids))
                            .header("Accept-Encoding", "zstd").build(), HttpResponse.BodyHandlers.ofByteArray());
                    if (reply.statusCode() != 200) {
                        throw new IllegalStateException("status " + reply.statusCode());
                    }
                    sink.add((System.nanoTime() - start) / 1e3);
                }
                if (phase >= 0) {
                    (on ? training : quiet).addAll(sink);
                }
            }
            done.set(true);
            trainer.join();
            md.append("## Request latency while a training runs\n\n")
                    .append("The demo server in this process (RESTEasy on Jetty) answers `GET /rest/docs/{id}` ")
                    .append("(held-out npm documents, zstd) to one client, request after request, in ")
                    .append(2 * phases).append(" phases of ").append(phaseNanos / 1_000_000_000).append(" s that ")
                    .append("alternate between nothing else and trainings on the default sample running back to ")
                    .append("back beside it (").append(trainings.get()).append(" trainings; in service one runs ")
                    .append("once a period). Microseconds, 2 cores:\n\n")
                    .append("| | requests | median | 99th percentile |\n|---|---:|---:|---:|\n")
                    .append(row("not training", quiet)).append(row("training", training))
                    .append(String.format(Locale.ROOT, "| **ratio** | | **%.2f** | **%.2f** |%n%n",
                            median(training) / median(quiet),
                            percentile(training, 0.99) / percentile(quiet, 0.99)));
        }
    }

    private static String row(String name, List<Double> micros) {
        return String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f |%n", name, micros.size(), median(micros),
                percentile(micros, 0.99));
    }

    private static double median(List<Double> values) {
        return Stats.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static double percentile(List<Double> values, double p) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Comparator.naturalOrder());
        return sorted.get(Math.min(sorted.size() - 1, (int) (p * sorted.size())));
    }
}
