package org.restcompress.bench.events;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.restcompress.bench.ResultFile;

/**
 * Writes {@code benchmarks/results/event-streams-scale.md}: 10,000 concurrent open compressed event streams on the
 * demo server ({@code GET /rest/events}, one event a second each), the server's memory per open stream in each coding
 * against identity; then 10,000 clients that connect, read the first event and leave, in rounds, the server's memory
 * after each round (it must stay flat: an encoder ends with its stream). Server: the demo jar in a JVM of its own,
 * heap fixed and pre-touched (its resident set grows by native memory only), heap measured with jcmd after a full GC.
 * Client: one selector thread in this JVM reading every stream. {@code -Dstreams=N}; {@code -Dquick}: 200 streams, and
 * the run fails when zstd needs more than 256 KiB per stream (noise at 200 streams; zstd's own parameters need 2.9 MiB)
 * or memory grows across rounds (CI's smaller run).
 */
public final class EventStreamScale {

    private static final List<String> CODINGS = List.of(System.getProperty("codings", "identity,zstd,gzip,br,lz4,lzf").split(","));
    /** Milliseconds between two events of a stream while memory is measured: 2,000 events a second in all. */
    private static final int INTERVAL = 5000;

    private EventStreamScale() {
    }

    /** One server's memory: heap used after a full GC, and the resident set. */
    record Memory(long heap, long rss) {
        Memory minus(Memory other) {
            return new Memory(heap - other.heap, rss - other.rss);
        }
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int streams = Integer.getInteger("streams", quick ? 200 : 10_000);
        int rounds = quick ? 3 : 5;
        int leaving = quick ? streams : streams / rounds; // 10,000 clients in all
        Path demoJar = Paths.get(System.getProperty("demo.jar", "../rest-demo-app/target/rest-demo-app.jar"));
        StringBuilder md = new StringBuilder()
                .append("# Event streams at scale: server memory per open stream\n\n")
                .append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, JDK ")
                .append(Runtime.version()).append(", ").append(LocalDate.now())
                .append(quick ? " (quick mode: not a measurement)" : "")
                .append(". Command: `java -cp benchmarks/target/benchmarks.jar ")
                .append("org.restcompress.bench.events.EventStreamScale` (~5 minutes; needs `ulimit -n` of ")
                .append("at least 2 x streams + 1000).\n\n")
                .append("The demo server (`rest-demo-app.jar`: RESTEasy 6.2 on Jetty 12, `-Xms3g -Xmx3g ")
                .append("-XX:+AlwaysPreTouch -XX:+UseSerialGC`, `MALLOC_ARENA_MAX=2`, a fresh one per row) holds ").append(streams)
                .append(" open `GET /rest/events?count=0&interval=").append(INTERVAL)
                .append("` streams (`SseEventSink`, a similar JSON event every ").append(INTERVAL / 1000)
                .append(" seconds each, two sender threads), each client accepting one coding and reading ")
                .append("everything (one selector thread in the benchmark's JVM). Measured once every stream has ")
                .append("received at least 2 events: the server's heap in use after a full GC (`jcmd GC.heap_info`) ")
                .append("and its resident set, heap pre-touched so that it grows by native memory only; per stream ")
                .append("is the growth over the idle server divided by the streams. *Over identity* subtracts the ")
                .append("identity row: what the coding's encoder costs, the rest is Jetty's, RESTEasy's and the ")
                .append("demo's per stream.\n\n")
                .append("| coding | streams open | per stream | heap | native | over identity |\n")
                .append("|---|---:|---:|---:|---:|---:|\n");
        double identity = 0;
        double zstd = 0;
        for (String coding : CODINGS) {
            try (Server server = Server.start(demoJar)) {
                Memory idle = server.settledMemory();
                try (Streams open = new Streams(server.port, coding, streams, "count=0&interval=" + INTERVAL)) {
                    open.awaitEvents(2, Duration.ofMinutes(10));
                    Memory used = server.settledMemory().minus(idle);
                    double perStream = (used.heap + used.rss) / 1024.0 / streams;
                    if (coding.equals("identity")) {
                        identity = perStream;
                    }
                    if (coding.equals("zstd")) {
                        zstd = perStream - identity;
                    }
                    md.append(String.format(Locale.ROOT, "| %s | %d | %.1f KiB | %.1f KiB | %.1f KiB | %s |%n",
                            coding, open.open(), perStream, used.heap / 1024.0 / streams,
                            used.rss / 1024.0 / streams, coding.equals("identity") ? "" : String.format(Locale.ROOT,
                                    "%.1f KiB", perStream - identity)));
                }
            }
        }
        md.append("\n## Clients that leave\n\n")
                .append("zstd streams: each round ").append(leaving).append(" clients connect, ")
                .append("read the first event and close their connection; two seconds later (the server's next ")
                .append("send to each fails, and the library ends its encoder there), the server's memory over ")
                .append("the idle server. Flat rounds: nothing is left behind.\n\n")
                .append("| round | clients so far | heap | native |\n|---:|---:|---:|---:|\n");
        List<Memory> after = new ArrayList<>();
        try (Server server = Server.start(demoJar)) {
            Memory idle = server.settledMemory();
            for (int round = 1; round <= rounds; round++) {
                try (Streams open = new Streams(server.port, "zstd", leaving, "count=0&interval=1000")) {
                    open.awaitEvents(1, Duration.ofMinutes(5));
                }
                Thread.sleep(Integer.getInteger("settle", 2000));
                Memory used = server.settledMemory().minus(idle);
                after.add(used);
                md.append(String.format(Locale.ROOT, "| %d | %d | %.1f MiB | %.1f MiB |%n", round,
                        round * leaving, used.heap / 1048576.0, used.rss / 1048576.0));
            }
        }
        long first = after.get(0).heap + after.get(0).rss;
        long last = after.get(after.size() - 1).heap + after.get(after.size() - 1).rss;
        md.append(String.format(Locale.ROOT, "%nFrom the first round to the last: %+.1f MiB.%n",
                (last - first) / 1048576.0));
        ResultFile.write("event-streams-scale", quick, md);
        if (quick) {
            check(zstd <= 256, "zstd over identity: " + zstd + " KiB per stream"); // 2.9 MiB unconfigured
            check(last - first <= 32L << 20, "memory grew by " + (last - first) / 1048576 + " MiB across rounds");
        }
    }

    private static void check(boolean holds, String what) {
        if (!holds) {
            throw new AssertionError(what);
        }
    }

    /** The demo server in a JVM of its own. */
    static final class Server implements AutoCloseable {
        final Process process;
        final int port;

        private Server(Process process, int port) {
            this.process = process;
            this.port = port;
        }

        static Server start(Path demoJar) throws Exception {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Files.createDirectories(Paths.get("target"));
            ProcessBuilder builder = new ProcessBuilder(java("java"), "-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch",
                    "-XX:+UseSerialGC", "-jar", demoJar.toString()).redirectErrorStream(true)
                    .redirectOutput(new File("target/event-streams-server.log"));
            builder.environment().put("PORT", Integer.toString(port));
            // two malloc arenas, as JVM deployments commonly set: fewer arenas holding freed native memory
            builder.environment().put("MALLOC_ARENA_MAX", "2");
            Server server = new Server(builder.start(), port);
            HttpClient client = HttpClient.newHttpClient();
            URI ping = URI.create("http://127.0.0.1:" + port + "/rest/ping");
            for (int i = 0; ; i++) {
                try {
                    if (client.send(HttpRequest.newBuilder(ping).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        break;
                    }
                } catch (IOException e) {
                    if (i > 300 || !server.process.isAlive()) {
                        server.close();
                        throw new IOException("the demo server did not start: see target/event-streams-server.log");
                    }
                }
                Thread.sleep(100);
            }
            // warm: the codecs and the event path loaded before the idle measurement
            for (String coding : CODINGS) {
                try (Streams warm = new Streams(port, coding, 5, "count=3&interval=10")) {
                    warm.awaitEvents(1, Duration.ofSeconds(30));
                }
            }
            return server;
        }

        /**
         * Memory after a full GC, once the resident set stops moving; the heap the least of three such readings
         * (what the sender threads and Jetty's buffer pool hold at one moment is not per stream).
         */
        Memory settledMemory() throws Exception {
            Memory last = memory();
            for (int i = 0; i < 10; i++) {
                Thread.sleep(500);
                Memory now = memory();
                boolean settled = Math.abs(now.rss - last.rss) < (1 << 20);
                last = now;
                if (settled) {
                    break;
                }
            }
            long heap = last.heap;
            for (int i = 0; i < 2; i++) {
                Thread.sleep(500);
                heap = Math.min(heap, memory().heap);
            }
            return new Memory(heap, last.rss);
        }

        private Memory memory() throws Exception {
            String pid = Long.toString(process.pid());
            run(java("jcmd"), pid, "GC.run");
            long heap = 0;
            for (String line : run(java("jcmd"), pid, "GC.heap_info").split("\n")) {
                int used = line.indexOf("used ");
                if (used > 0 && line.trim().matches("^(def new|tenured) generation.*")) { // SerialGC's two
                    heap += Long.parseLong(line.substring(used + 5).replaceAll("K.*", "").trim()) * 1024;
                }
            }
            return new Memory(heap, EventStreamReport.rss(pid));
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }

        private static String run(String... command) throws IOException, InterruptedException {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return out;
        }

        private static String java(String tool) {
            return Paths.get(System.getProperty("java.home"), "bin", tool).toString();
        }
    }

    /** Open event streams, read by one selector thread: headers checked, events counted. */
    static final class Streams implements AutoCloseable {
        private final Selector selector = Selector.open();
        private final List<Stream> streams = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final java.util.Queue<Stream> opened = new java.util.concurrent.ConcurrentLinkedQueue<>();
        private final String coding;
        private final Thread reader;
        private volatile boolean closing;
        private volatile IOException failure;

        Streams(int port, String coding, int count, String query) throws IOException {
            this.coding = coding;
            byte[] request = ("GET /rest/events?" + query + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nAccept: text/event-stream\r\nAccept-Encoding: " + coding + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            reader = new Thread(this::read, "event-stream-reader");
            reader.setDaemon(true);
            reader.start(); // reading from the first stream on, so that no server write waits for this loop
            for (int i = 0; i < count; i++) {
                SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
                channel.write(ByteBuffer.wrap(request));
                channel.configureBlocking(false);
                Stream stream = new Stream(channel);
                streams.add(stream);
                opened.add(stream);
                selector.wakeup();
            }
        }

        /** One connection: its header (until the blank line), then counting events by their chunks. */
        private final class Stream {
            final SocketChannel channel;
            final StringBuilder header = new StringBuilder();
            boolean headerDone;
            volatile int chunks;

            Stream(SocketChannel channel) {
                this.channel = channel;
            }

            void consume(ByteBuffer bytes) throws IOException {
                if (!headerDone) {
                    while (bytes.hasRemaining() && !headerDone) {
                        header.append((char) bytes.get());
                        headerDone = header.length() >= 4 && header.lastIndexOf("\r\n\r\n") == header.length() - 4;
                    }
                    if (headerDone) {
                        String h = header.toString().toLowerCase(Locale.ROOT);
                        boolean encoded = h.contains("content-encoding: " + coding);
                        if (!h.startsWith("http/1.1 200") || encoded == coding.equals("identity")) {
                            throw new IOException("unexpected response: " + header);
                        }
                    }
                }
                if (bytes.hasRemaining()) {
                    chunks++; // every event is flushed on its own: one read per event, give or take
                }
            }
        }

        private void read() {
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            try {
                while (!closing) {
                    selector.select(200);
                    for (Stream stream; (stream = opened.poll()) != null; ) {
                        stream.channel.register(selector, SelectionKey.OP_READ, stream);
                    }
                    for (SelectionKey key : selector.selectedKeys()) {
                        Stream stream = (Stream) key.attachment();
                        buffer.clear();
                        int n = stream.channel.read(buffer);
                        if (n < 0) {
                            key.cancel();
                            continue;
                        }
                        buffer.flip();
                        stream.consume(buffer);
                    }
                    selector.selectedKeys().clear();
                }
            } catch (IOException e) {
                if (!closing) {
                    failure = e;
                }
            }
        }

        void awaitEvents(int events, Duration timeout) throws Exception {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                if (failure != null) {
                    throw failure;
                }
                if (streams.stream().allMatch(s -> s.chunks >= events)) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("streams without " + events + " events after " + timeout + ": "
                            + streams.stream().filter(s -> s.chunks < events).count());
                }
                Thread.sleep(100);
            }
        }

        int open() {
            return (int) streams.stream().filter(s -> s.channel.isOpen()).count();
        }

        @Override
        public void close() throws Exception {
            closing = true;
            reader.join(5000);
            for (Stream stream : streams) {
                stream.channel.close();
            }
            selector.close();
        }
    }
}
