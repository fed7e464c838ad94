package org.restcompress.bench.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.restcompress.bench.Corpus;
import org.restcompress.bench.ResultFile;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.DeflateCodec;
import org.restcompress.internal.codec.GzipCodec;
import org.restcompress.internal.codec.Lz4Codec;
import org.restcompress.internal.codec.LzfCodec;
import org.restcompress.internal.codec.ZstdCodec;

/**
 * Writes {@code benchmarks/results/event-streams.md}: for each coding at the settings responses use, at the library's
 * event stream defaults and at others, the memory one open event stream holds (heap and native, measured in a fresh
 * JVM per setting with 300 streams open, each past 200 events and 4 MiB), the bytes per event with the context kept from event
 * to event and with each event compressed on its own, and the time to encode a stream against the coding's response
 * settings (all settings timed in turns in this JVM, medians). Events: the first 200 of the corpus's
 * {@code events-feed.json}, framed as the JAX-RS SSE writers frame them. {@code -Dquick} for a smoke run.
 */
public final class EventStreamReport {

    /** One row: a codec made by the library with these {@code restcompress.<coding>.*} settings. */
    record Setting(String coding, String label, Map<String, String> options, boolean events) {
        ContentCodec codec() {
            ContentCodec base = switch (coding) {
                case "gzip" -> new GzipCodec();
                case "deflate" -> new DeflateCodec();
                case "zstd" -> new ZstdCodec();
                case "br" -> new BrotliCodec();
                case "lz4" -> new Lz4Codec();
                case "lzf" -> new LzfCodec();
                default -> throw new IllegalArgumentException(coding);
            };
            ContentCodec configured = base.configure(CodecOptions.of(coding,
                    name -> Optional.ofNullable(options.get(name))));
            return events ? configured.forEventStreams() : configured;
        }
    }

    static final List<Setting> SETTINGS = List.of(
            new Setting("gzip", "level 6 (responses and events: the JDK fixes window and memory level)", Map.of(), true),
            new Setting("gzip", "level 1", Map.of("level", "1"), true),
            new Setting("deflate", "level 6 (responses and events)", Map.of(), true),
            new Setting("zstd", "responses: level 3, zstd's own parameters", Map.of(), false),
            new Setting("zstd", "**events (default)**: window-log 12, hash and chain log 10", Map.of(), true),
            new Setting("zstd", "events: window-log 10, hash-log 9", Map.of("event-window-log", "10",
                    "event-hash-log", "9"), true),
            new Setting("zstd", "events: window-log 14, hash-log 12", Map.of("event-window-log", "14",
                    "event-hash-log", "12"), true),
            new Setting("zstd", "events: window-log 17, hash-log 15", Map.of("event-window-log", "17",
                    "event-hash-log", "15"), true),
            new Setting("br", "responses: quality 4, window 22", Map.of(), false),
            new Setting("br", "**events (default)**: quality 4, window 16", Map.of(), true),
            new Setting("br", "events: quality 1, window 16", Map.of("quality", "1"), true),
            new Setting("br", "events: quality 5, window 12", Map.of("quality", "5", "event-window", "12"), true),
            new Setting("lz4", "64 KB blocks (responses and events: lz4-java's smallest)", Map.of(), true),
            new Setting("lzf", "responses: 64 KB chunks", Map.of(), false),
            new Setting("lzf", "**events (default)**: 8 KB chunks", Map.of(), true),
            new Setting("lzf", "events: 16 KB chunks", Map.of("event-chunk-size", "16384"), true));

    private static final int EVENTS = 200;

    private EventStreamReport() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("probe")) {
            probe(SETTINGS.get(Integer.parseInt(args[1])), Integer.parseInt(args[2]));
            return;
        }
        boolean quick = System.getProperty("quick") != null;
        int streams = quick ? 20 : 300;
        int rounds = quick ? 3 : 21;
        List<byte[]> events = events();
        double raw = events.stream().mapToInt(e -> e.length).average().orElse(0);

        double[][] times = new double[SETTINGS.size()][rounds];
        for (int round = 0; round < rounds; round++) { // settings in turns, so drift falls on all alike
            for (int k = 0; k < SETTINGS.size(); k++) {
                int i = (k + round) % SETTINGS.size();
                ContentCodec codec = SETTINGS.get(i).codec();
                long start = System.nanoTime();
                for (int repeat = 0; repeat < 10; repeat++) {
                    stream(codec, events);
                }
                times[i][round] = (System.nanoTime() - start) / 10.0;
            }
        }

        StringBuilder md = new StringBuilder()
                .append("# Event streams: memory per open stream, bytes per event\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "")
                .append(". Command: `java -cp benchmarks/target/benchmarks.jar ")
                .append("org.restcompress.bench.events.EventStreamReport` (~3 minutes).\n\n")
                .append("Events: the first ").append(EVENTS).append(" of `testdata/corpus/events-feed.json`, each ")
                .append("framed as a JAX-RS SSE writer frames it (`id: n`, `data: {...}`, a blank line), ")
                .append(String.format(Locale.ROOT, "%.0f", raw)).append(" bytes on average. ")
                .append("Each row is the library's codec with those settings (`restcompress.<coding>.*`; ")
                .append("*events* rows are what `forEventStreams()` gives an `SseEventSink`'s stream). ")
                .append("**Memory per stream**: a fresh JVM (heap fixed and pre-touched, so that its resident ")
                .append("size grows only by native memory) opens ").append(streams).append(" streams and sends ")
                .append("every event through each, flushing after each event, then 4 MiB more (the events again, ")
                .append("64 KB at a time: a long-lived stream, past every window); heap is the growth of the used heap ")
                .append("after a full GC, native the growth of the resident set, both divided by the streams. ")
                .append("**Bytes per event**: the whole stream's bytes over its events, with the context kept ")
                .append("(one stream, a flush after each event, as the library sends them) and reset (each event ")
                .append("compressed on its own, as a new stream). **Size** and **time** are against the coding's ")
                .append("first row (time: one stream of all the events, every setting timed in turns, medians of ")
                .append(rounds).append(" rounds).\n\n")
                .append("| coding | settings | memory per stream | heap | native | bytes/event, context kept ")
                .append("| bytes/event, reset per event | size vs first row | time vs first row |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        String coding = null;
        double baseSize = 0;
        double baseTime = 0;
        for (int i = 0; i < SETTINGS.size(); i++) {
            Setting setting = SETTINGS.get(i);
            long[] memory = measureInFreshJvm(i, streams);
            ContentCodec codec = setting.codec();
            double kept = stream(codec, events) / (double) EVENTS;
            double reset = 0;
            for (byte[] event : events) {
                reset += stream(codec, List.of(event));
            }
            reset /= EVENTS;
            double time = Stats.median(times[i]);
            if (!setting.coding().equals(coding)) {
                coding = setting.coding();
                baseSize = kept;
                baseTime = time;
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %.1f KiB | %.1f KiB | %.1f KiB | %.0f | %.0f | %.2f | %.2f |%n",
                    setting.coding(), setting.label(), (memory[0] + memory[1]) / 1024.0, memory[0] / 1024.0,
                    memory[1] / 1024.0, kept, reset, kept / baseSize, time / baseTime));
        }
        md.append(String.format(Locale.ROOT, "%nWithout compression an event is %.0f bytes.%n", raw));
        ResultFile.write("event-streams", quick, md);
    }

    /** The corpus's events, framed as SSE. */
    static List<byte[]> events() throws IOException {
        JsonNode feed = new ObjectMapper().readTree(Corpus.read("events-feed.json"));
        List<byte[]> events = new ArrayList<>();
        for (JsonNode event : feed.get("events")) {
            if (events.size() == EVENTS) {
                break;
            }
            events.add(("id: " + events.size() + "\ndata: " + event + "\n\n").getBytes(StandardCharsets.UTF_8));
        }
        return events;
    }

    /** The bytes one stream of {@code events} takes, flushed after each and ended. */
    static long stream(ContentCodec codec, List<byte[]> events) throws IOException {
        Counter counter = new Counter();
        try (OutputStream out = codec.encode(counter)) {
            for (byte[] event : events) {
                out.write(event);
                out.flush();
            }
        }
        return counter.bytes;
    }

    /** {heap, native} bytes per stream, from a child JVM running {@link #probe}. */
    private static long[] measureInFreshJvm(int setting, int streams) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), EventStreamReport.class.getName(), "probe",
                Integer.toString(setting), Integer.toString(streams)).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (child.waitFor() != 0) {
            throw new IOException("probe " + setting + " failed:\n" + output);
        }
        String[] last = output.strip().lines().reduce((a, b) -> b).orElse("").split(" ");
        return new long[] {Long.parseLong(last[0]), Long.parseLong(last[1])};
    }

    /** In a fresh JVM: opens {@code n} streams, sends every event through each, prints heap and native per stream. */
    private static void probe(Setting setting, int n) throws IOException {
        List<byte[]> events = events();
        ContentCodec codec = setting.codec();
        stream(codec, events); // classes loaded, native libraries too
        long heap0 = heap();
        long rss0 = rss("self");
        List<OutputStream> open = new ArrayList<>(n);
        Counter sink = new Counter();
        byte[] more = bulk(events);
        for (int i = 0; i < n; i++) {
            OutputStream out = codec.encode(sink);
            for (byte[] event : events) {
                out.write(event);
                out.flush();
            }
            for (int written = 0; written < LONG_STREAM; written += more.length) {
                out.write(more); // a long-lived stream: buffers that grow with the data (windows) have grown
            }
            out.flush();
            open.add(out);
        }
        long heap = (heap() - heap0) / n;
        long rss = (rss("self") - rss0) / n;
        for (OutputStream out : open) {
            out.close();
        }
        System.out.println(heap + " " + Math.max(0, rss));
    }

    /** What a stream has sent when its memory is measured: past every window (brotli's default is 4 MiB). */
    private static final int LONG_STREAM = 4 << 20;

    /** The events again, 64 KB at a time. */
    private static byte[] bulk(List<byte[]> events) {
        java.io.ByteArrayOutputStream bulk = new java.io.ByteArrayOutputStream();
        for (int i = 0; bulk.size() < 64 * 1024; i++) {
            bulk.writeBytes(events.get(i % events.size()));
        }
        return bulk.toByteArray();
    }

    private static long heap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** The resident set size of {@code process} (a pid, or {@code self}), from /proc (Linux). */
    static long rss(String process) throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc", process, "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IOException("no VmRSS in /proc/" + process + "/status");
    }

    /** Counts what it is given. */
    static final class Counter extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
