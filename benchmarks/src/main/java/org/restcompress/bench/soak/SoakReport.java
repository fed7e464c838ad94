package org.restcompress.bench.soak;

import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.restcompress.bench.LineChart;
import org.restcompress.bench.ResultFile;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.CodecRegistry;

/**
 * An hour under load, with faults, against the demo jar as users run it (its README command), with a real
 * redis-server as its shared dictionary store. Clients mix, at random: coded responses in every coding (decoded and
 * compared byte for byte with the identity response), request bodies in every coding (echoed and compared), corrupt,
 * truncated and bomb bodies (their 4xx), downloads cut short, event streams opened and dropped after a few events,
 * dictionary requests with good hashes (dcz, decoded with the dictionary and compared) and bad ones. Every five
 * minutes Redis is killed, and restarted 30 s later. Every 10 s the server's resident memory, open file descriptors
 * and threads are read from {@code /proc}. Writes {@code results/soak.md} and {@code results/soak-memory.png}.
 *
 * <pre>java -cp target/benchmarks.jar org.restcompress.bench.soak.SoakReport       # 60 minutes
 * java -Dminutes=1 -Dquick=true -cp target/benchmarks.jar org.restcompress.bench.soak.SoakReport  # a smoke run</pre>
 */
public final class SoakReport {

    private static final List<String> CODINGS = List.of("gzip", "deflate", "lzf", "zstd", "br", "lz4");
    private static final List<String> PATHS = List.of("static/any", "complex/200/json?seed=1",
            "complex/500/json?seed=2", "complex/50/json?seed=3", "complex/40?seed=4", "static/gzip");
    private static final CodecRegistry CODECS = CodecRegistry.load(SoakReport.class.getClassLoader(),
            token -> CodecOptions.NONE);
    private static final long SAMPLE_MILLIS = 10_000;

    private final URI base;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final Map<String, byte[]> references = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> operations = new ConcurrentHashMap<>();
    private final LongAdder requests = new LongAdder();
    private final LongAdder serverErrors = new LongAdder();
    private final LongAdder wrongBytes = new LongAdder();
    private final LongAdder unexpected = new LongAdder();
    private final LongAdder clientFailures = new LongAdder();
    private final List<String> problems = new ArrayList<>();
    private volatile byte[] itemsDictionary;

    private SoakReport(URI base) {
        this.base = base;
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        double minutes = Double.parseDouble(System.getProperty("minutes", quick ? "0.5" : "60"));
        int clients = Integer.getInteger("clients", 8);
        Path jar = Paths.get(System.getProperty("demo.jar", "../rest-demo-app/target/rest-demo-app.jar"));
        Path work = Files.createTempDirectory("restcompress-soak");
        int redisPort = freePort();
        Redis redis = new Redis(redisPort, work);
        redis.start();
        int port = freePort();
        ProcessBuilder demo = new ProcessBuilder("java", "-Xmx512m", "-jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(work.resolve("demo.log").toFile());
        demo.environment().put("PORT", Integer.toString(port));
        demo.environment().put("RESTCOMPRESS_DICTIONARY_STORE", "redis://127.0.0.1:" + redisPort);
        Process server = demo.start();
        List<Sample> samples = new ArrayList<>();
        SoakReport soak = new SoakReport(URI.create("http://127.0.0.1:" + port + "/rest/"));
        long started = System.nanoTime();
        long end = started + (long) (minutes * 60e9);
        int kills = 0;
        long killPeriod = 0;
        long killDown = 0;
        try {
            soak.awaitUp();
            soak.prepare();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                Thread t = new Thread(() -> soak.run(end), "soak-client-" + i);
                t.start();
                threads.add(t);
            }
            // Redis killed every `period`, from the start, and started again `down` later, on a timer of its own
            long period = (long) (Math.min(5, minutes / 3) * 60_000);
            long down = (long) (Math.min(30, minutes * 60 / 10) * 1000);
            java.util.concurrent.ScheduledExecutorService faults =
                    java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
            java.util.concurrent.atomic.AtomicInteger killed = new java.util.concurrent.atomic.AtomicInteger();
            faults.scheduleAtFixedRate(() -> {
                try {
                    redis.kill();
                    killed.incrementAndGet();
                    Thread.sleep(down);
                    redis.start();
                } catch (IOException | InterruptedException e) {
                    soak.problem("redis: " + e);
                }
            }, period, period, java.util.concurrent.TimeUnit.MILLISECONDS);
            while (System.nanoTime() < end) {
                Sample sample = Sample.of(server.pid(), (System.nanoTime() - started) / 1e9, soak.requests.sum());
                if (sample != null) {
                    samples.add(sample);
                }
                Thread.sleep(Math.max(1, Math.min(SAMPLE_MILLIS, (end - System.nanoTime()) / 1_000_000)));
            }
            faults.shutdownNow();
            faults.awaitTermination(60, java.util.concurrent.TimeUnit.SECONDS);
            kills = killed.get();
            killPeriod = period;
            killDown = down;
            for (Thread t : threads) {
                t.join(60_000);
            }
            redis.start();
            Sample last = Sample.of(server.pid(), (System.nanoTime() - started) / 1e9, soak.requests.sum());
            if (last != null) {
                samples.add(last);
            }
        } finally {
            server.destroy();
            server.waitFor();
            redis.kill();
        }
        soak.report(quick, minutes, clients, kills, killPeriod, killDown, samples);
    }

    private void awaitUp() throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            try {
                if (get("ping", "identity").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the demo did not start");
    }

    /** The identity bodies to compare with, and the shared items dictionary. */
    private void prepare() throws IOException, InterruptedException {
        for (String path : PATHS) {
            reference(path);
        }
        HttpResponse<byte[]> item = get("items/1", "zstd, dcz");
        String link = item.headers().firstValue("Link").orElseThrow(() -> new IOException("no Link on items"));
        HttpResponse<byte[]> dictionary = get(URI.create(base.getScheme() + "://" + base.getAuthority()
                + link.substring(link.indexOf('<') + 1, link.indexOf('>'))), "identity");
        itemsDictionary = dictionary.body();
    }

    private byte[] reference(String path) throws IOException, InterruptedException {
        byte[] known = references.get(path);
        if (known != null) {
            return known;
        }
        HttpResponse<byte[]> response = get(path, "identity");
        if (response.statusCode() != 200) {
            throw new IOException(path + ": " + response.statusCode());
        }
        references.put(path, response.body());
        return response.body();
    }

    private void run(long end) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (System.nanoTime() < end) {
            String operation = switch (random.nextInt(20)) {
                case 0, 1, 2, 3, 4, 5 -> "coded response";
                case 6, 7, 8 -> "coded request body";
                case 9 -> "corrupt body";
                case 10 -> "truncated body";
                case 11 -> "bomb";
                case 12 -> "download cut short";
                case 13, 14 -> "event stream dropped";
                case 15, 16 -> "shared dictionary";
                case 17 -> "bad dictionary hash";
                default -> "delta";
            };
            try {
                switch (operation) {
                    case "coded response" -> codedResponse(random);
                    case "coded request body" -> codedRequest(random);
                    case "corrupt body", "truncated body" -> damagedRequest(random, operation.startsWith("corrupt"));
                    case "bomb" -> bomb();
                    case "download cut short" -> cutShort(random);
                    case "event stream dropped" -> eventStream(random);
                    case "shared dictionary", "bad dictionary hash" -> item(random, operation.startsWith("shared"));
                    default -> delta(random);
                }
                operations.computeIfAbsent(operation, k -> new LongAdder()).increment();
            } catch (IOException | RuntimeException e) {
                clientFailures.increment();
                problem(operation + ": " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void codedResponse(ThreadLocalRandom random) throws IOException, InterruptedException {
        String path = PATHS.get(random.nextInt(PATHS.size()));
        String coding = random.nextInt(5) == 0 ? String.join(", ", CODINGS) : CODINGS.get(random.nextInt(6));
        HttpResponse<byte[]> response = get(path, coding);
        if (expect(path, response, 200)) {
            same(path, reference(path), decode(response));
        }
    }

    private void codedRequest(ThreadLocalRandom random) throws IOException, InterruptedException {
        byte[] body = slice(random);
        String coding = CODINGS.get(random.nextInt(6));
        HttpResponse<byte[]> response = post(encode(coding, body), coding, CODINGS.get(random.nextInt(6)));
        if (expect("echo " + coding, response, 200)) {
            same("echo " + coding, body, decode(response));
        }
    }

    private void damagedRequest(ThreadLocalRandom random, boolean corrupt) throws IOException, InterruptedException {
        byte[] body = slice(random);
        String coding = CODINGS.get(random.nextInt(6));
        byte[] coded = encode(coding, body);
        byte[] damaged;
        if (corrupt) {
            damaged = coded.clone();
            for (int i = 0; i < 4; i++) {
                damaged[random.nextInt(damaged.length)] ^= (byte) (1 + random.nextInt(255));
            }
        } else {
            damaged = java.util.Arrays.copyOf(coded, coded.length / 2);
        }
        HttpResponse<byte[]> response = post(damaged, coding, "identity");
        int status = response.statusCode();
        // a flipped byte inside an unchecked literal (lzf, lz4 without checksums) may still decode: 200 then
        boolean fine = corrupt ? status == 400 || status == 200 : status == 400;
        if (!fine) {
            unexpected.increment();
            problem((corrupt ? "corrupt " : "truncated ") + coding + ": " + status);
        }
    }

    private void bomb() throws IOException, InterruptedException {
        ByteArrayOutputStream coded = new ByteArrayOutputStream();
        try (OutputStream gzip = CODECS.find("gzip").orElseThrow().encode(coded)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 24; i++) {
                gzip.write(zeros); // 24 MiB decoded, past the demo's 10 MiB
            }
        }
        expect("bomb", post(coded.toByteArray(), "gzip", "identity"), 413);
    }

    private void cutShort(ThreadLocalRandom random) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("static/any")).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", CODINGS.get(random.nextInt(6))).build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        requests.increment();
        count(response.statusCode());
        try (InputStream body = response.body()) {
            body.readNBytes(1 + random.nextInt(4096)); // then gone
        }
    }

    private void eventStream(ThreadLocalRandom random) throws IOException, InterruptedException {
        String coding = CODINGS.get(random.nextInt(6));
        HttpRequest request = HttpRequest.newBuilder(base.resolve("events?count=200&interval=20"))
                .timeout(Duration.ofSeconds(30)).header("Accept-Encoding", coding).build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        requests.increment();
        if (!expectStatus("events " + coding, response.statusCode(), 200)) {
            response.body().close();
            return;
        }
        String sent = response.headers().firstValue("Content-Encoding").orElse("identity");
        try (InputStream body = CODECS.find(sent).orElseThrow().decode(response.body())) {
            int wanted = 1 + random.nextInt(5);
            int events = 0;
            StringBuilder line = new StringBuilder();
            for (int b; events < wanted && (b = body.read()) >= 0; ) {
                if (b == '\n') {
                    if (line.toString().startsWith("data:")) {
                        events++;
                    }
                    line.setLength(0);
                } else {
                    line.append((char) b);
                }
            }
            if (events < wanted) {
                wrongBytes.increment();
                problem("events " + coding + ": the stream ended after " + events + " events");
            }
        } // dropped mid-stream
    }

    private void item(ThreadLocalRandom random, boolean good) throws IOException, InterruptedException {
        int id = 1 + random.nextInt(1000);
        String path = "items/" + id;
        byte[] hash = good ? sha256(itemsDictionary) : new byte[32];
        if (!good) {
            random.nextBytes(hash);
        }
        HttpResponse<byte[]> response = send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", "zstd, dcz").header("Available-Dictionary",
                        ":" + Base64.getEncoder().encodeToString(hash) + ":").build());
        if (!expect(path, response, 200)) {
            return;
        }
        String coding = response.headers().firstValue("Content-Encoding").orElse("identity");
        if (good != coding.equals("dcz")) {
            unexpected.increment();
            problem(path + (good ? " with its dictionary: " : " with a wrong hash: ") + coding);
            return;
        }
        same(path, reference(path), good ? dcz(response.body(), itemsDictionary) : decode(response));
    }

    private void delta(ThreadLocalRandom random) throws IOException, InterruptedException {
        long step = random.nextInt(1000);
        byte[] kept = reference("feed?at=" + step);
        HttpResponse<byte[]> next = send(HttpRequest.newBuilder(base.resolve("feed?at=" + (step + 1)))
                .timeout(Duration.ofSeconds(30)).header("Accept-Encoding", "zstd, dcz").header("Available-Dictionary",
                        ":" + Base64.getEncoder().encodeToString(sha256(kept))
                                + ":").build());
        if (!expect("feed", next, 200)) {
            return;
        }
        String coding = next.headers().firstValue("Content-Encoding").orElse("identity");
        // with Redis down a delta's dictionary may be unknown to the server: then zstd alone, never an error
        byte[] decoded = coding.equals("dcz") ? dcz(next.body(), kept) : decode(next);
        same("feed", reference("feed?at=" + (step + 1)), decoded);
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** RFC 9842 dcz: a 40-byte header, then a zstd frame against the dictionary; decoded by zstd-jni. */
    private static byte[] dcz(byte[] body, byte[] dictionary) throws IOException {
        try (ZstdInputStream in = new ZstdInputStream(new ByteArrayInputStream(body, 40, body.length - 40))) {
            in.setDict(dictionary);
            return in.readAllBytes();
        }
    }

    private byte[] slice(ThreadLocalRandom random) {
        byte[] document = references.get("static/any");
        int length = 1 + random.nextInt(Math.min(document.length, 200_000));
        int from = random.nextInt(document.length - length + 1);
        return java.util.Arrays.copyOfRange(document, from, from + length);
    }

    private static byte[] encode(String coding, byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream encoder = CODECS.find(coding).orElseThrow().encode(out)) {
            encoder.write(body);
        }
        return out.toByteArray();
    }

    /** The body decoded; a body that does not decode counts as wrong bytes, and comes back empty. */
    private byte[] decode(HttpResponse<byte[]> response) {
        try {
            return decodeStrictly(response);
        } catch (IOException | RuntimeException e) {
            wrongBytes.increment();
            problem("a " + response.headers().firstValue("Content-Encoding").orElse("identity") + " body of "
                    + response.uri() + " does not decode: " + e);
            return null;
        }
    }

    private static byte[] decodeStrictly(HttpResponse<byte[]> response) throws IOException {
        String coding = response.headers().firstValue("Content-Encoding").orElse("identity");
        ContentCodec codec = CODECS.find(coding).orElseThrow(() -> new IOException("unknown coding " + coding));
        try (InputStream in = codec.decode(new ByteArrayInputStream(response.body()))) {
            return in.readAllBytes();
        }
    }

    private HttpResponse<byte[]> get(String path, String acceptEncoding) throws IOException, InterruptedException {
        return get(base.resolve(path), acceptEncoding);
    }

    private HttpResponse<byte[]> get(URI uri, String acceptEncoding) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).build());
    }

    private HttpResponse<byte[]> post(byte[] body, String coding, String acceptEncoding)
            throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve("echo")).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Content-Encoding", coding)
                .header("Accept-Encoding", acceptEncoding).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    private HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        requests.increment();
        count(response.statusCode());
        return response;
    }

    private void count(int status) {
        if (status >= 500) {
            serverErrors.increment();
            problem("status " + status);
        }
    }

    private boolean expect(String what, HttpResponse<byte[]> response, int status) {
        return expectStatus(what, response.statusCode(), status);
    }

    private boolean expectStatus(String what, int actual, int status) {
        if (actual >= 500) {
            return false; // counted as a 5xx already
        }
        if (actual != status) {
            unexpected.increment();
            problem(what + ": " + actual + ", expected " + status);
            return false;
        }
        return true;
    }

    private void same(String what, byte[] expected, byte[] actual) {
        if (actual == null) {
            return; // counted where it failed to decode
        }
        if (!java.util.Arrays.equals(expected, actual)) {
            wrongBytes.increment();
            problem(what + ": " + actual.length + " bytes, not the " + expected.length + " expected");
        }
    }

    private void problem(String what) {
        synchronized (problems) {
            if (problems.size() < 50) {
                problems.add(what);
            }
        }
    }

    private void report(boolean quick, double minutes, int clients, int kills, long killPeriod, long killDown,
            List<Sample> samples) throws IOException {
        StringBuilder md = new StringBuilder("# An hour under load, with faults\n\n");
        md.append(String.format(Locale.ROOT, "Machine: %d cores, JDK %s, %s. Command: `cd benchmarks && java -cp "
                + "target/benchmarks.jar org.restcompress.bench.soak.SoakReport` (after `./mvnw -q install "
                + "-DskipTests`; needs `redis-server`).%n%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), java.time.LocalDate.now()));
        md.append("The demo jar (`java -Xmx512m -jar rest-demo-app.jar`, the library's defaults, a real "
                + "`redis-server` as its shared dictionary store) under ").append(clients).append(" clients for ")
                .append(fmt(minutes)).append(" minutes, each picking at random: a coded response in any coding "
                + "(decoded and compared byte for byte with the identity response), a request body in any coding "
                + "(echoed, compared), a corrupt body (4 bytes flipped: 400, or 200 where the coding has no check "
                + "and the flip decodes), a truncated body (400), a gzip bomb of 24 MiB (413), a download cut short, "
                + "an event stream dropped after a few events, a shared-dictionary item with the right hash (`dcz`, "
                + "decoded with the dictionary by zstd-jni and compared) or a wrong one (no `dcz`), and a feed step "
                + "as a delta against the step before. Redis was killed ").append(kills)
                .append(String.format(Locale.ROOT, " times (every %s s from the start, restarted %s s later).%n%n",
                        killPeriod / 1000, killDown / 1000));
        md.append("| figure | value |\n|---|---:|\n");
        md.append("| requests served | ").append(String.format(Locale.ROOT, "%,d", requests.sum())).append(" |\n");
        md.append("| wrong bytes (a decoded body that differs) | ").append(wrongBytes.sum()).append(" |\n");
        md.append("| 5xx | ").append(serverErrors.sum()).append(" |\n");
        md.append("| other unexpected statuses | ").append(unexpected.sum()).append(" |\n");
        md.append("| client-side failures (timeouts, resets) | ").append(clientFailures.sum()).append(" |\n");
        Sample warm = samples.get(Math.min(samples.size() - 1, samples.size() / 6));
        Sample last = samples.get(samples.size() - 1);
        md.append(String.format(Locale.ROOT, "| resident memory after warm-up (%.0f s) and at the end | %.0f MB, "
                + "%.0f MB |%n", warm.seconds, warm.rssKb / 1024.0, last.rssKb / 1024.0));
        md.append(String.format(Locale.ROOT, "| resident memory, lowest and highest after warm-up | %.0f MB, "
                + "%.0f MB |%n", samples.subList(samples.indexOf(warm), samples.size()).stream()
                .mapToLong(s -> s.rssKb).min().orElse(0) / 1024.0, samples.subList(samples.indexOf(warm),
                samples.size()).stream().mapToLong(s -> s.rssKb).max().orElse(0) / 1024.0));
        md.append("| open file descriptors, after warm-up and at the end | ").append(warm.fds).append(", ")
                .append(last.fds).append(" |\n");
        md.append("| threads, after warm-up and at the end | ").append(warm.threads).append(", ")
                .append(last.threads).append(" |\n\n");
        md.append("Operations: ");
        operations.forEach((k, v) -> md.append(k).append(' ').append(String.format(Locale.ROOT, "%,d", v.sum()))
                .append("; "));
        md.append("\n\n![resident memory over the run](soak-memory.png)\n\n");
        if (!problems.isEmpty()) {
            md.append("First problems seen:\n\n");
            problems.forEach(p -> md.append("- ").append(p).append('\n'));
            md.append('\n');
        }
        md.append("Every minute:\n\n| minute | requests | resident MB | file descriptors | threads |\n"
                + "|---:|---:|---:|---:|---:|\n");
        double nextMinute = 0;
        for (Sample s : samples) {
            if (s.seconds >= nextMinute || s == last) {
                md.append(String.format(Locale.ROOT, "| %.0f | %,d | %.0f | %d | %d |%n", s.seconds / 60,
                        s.requests, s.rssKb / 1024.0, s.fds, s.threads));
                nextMinute = s.seconds + 60;
            }
        }
        Path out = ResultFile.write("soak", quick, md);
        double[] x = samples.stream().mapToDouble(s -> s.seconds / 60).toArray();
        double[] y = samples.stream().mapToDouble(s -> s.rssKb / 1024.0).toArray();
        LineChart.write(out.resolveSibling(quick ? "soak-memory-quick.png" : "soak-memory.png"),
                "Demo server's resident memory under the soak", "minutes", "MB", x, y);
    }

    private static String fmt(double minutes) {
        return minutes == Math.rint(minutes) ? Long.toString((long) minutes) : Double.toString(minutes);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** One reading of the server process. */
    private record Sample(double seconds, long requests, long rssKb, long fds, long threads) {
        static Sample of(long pid, double seconds, long requests) {
            long rss = 0;
            long threads = 0;
            long fds = 0;
            try {
                for (String line : Files.readAllLines(Paths.get("/proc/" + pid + "/status"))) {
                    if (line.startsWith("VmRSS:")) {
                        rss = Long.parseLong(line.replaceAll("\\D", ""));
                    } else if (line.startsWith("Threads:")) {
                        threads = Long.parseLong(line.replaceAll("\\D", ""));
                    }
                }
                try (var list = Files.list(Paths.get("/proc/" + pid + "/fd"))) {
                    fds = list.count();
                }
            } catch (IOException | RuntimeException gone) {
                return null; // the process ended: no reading
            }
            return rss > 0 ? new Sample(seconds, requests, rss, fds, threads) : null;
        }
    }

    /** A redis-server on a fixed port, killed and started again. */
    private static final class Redis {
        private final int port;
        private final Path dir;
        private Process process;

        Redis(int port, Path dir) {
            this.port = port;
            this.dir = dir;
        }

        void start() throws IOException, InterruptedException {
            if (process != null && process.isAlive()) {
                return;
            }
            process = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--dir", dir.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
            for (int i = 0; i < 100; i++) {
                try (java.net.Socket probe = new java.net.Socket("127.0.0.1", port)) {
                    return;
                } catch (IOException notYet) {
                    Thread.sleep(50);
                }
            }
            throw new IOException("redis-server did not start on " + port);
        }

        void kill() throws InterruptedException {
            if (process != null) {
                process.destroyForcibly();
                process.waitFor();
            }
        }
    }

    static {
        // keep the JDK client from retrying a POST on a connection the server closed after a 4xx
        System.setProperty("jdk.httpclient.enableAllMethodRetry", "true");
    }
}
