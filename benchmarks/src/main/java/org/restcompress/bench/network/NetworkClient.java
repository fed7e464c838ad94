package org.restcompress.bench.network;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.cost.Measurement;
import org.restcompress.internal.cost.ReceiveMeter;
import org.restcompress.codec.ContentCodec;

/**
 * The client side of {@link NetworkReport}, run inside the client's network namespace: fetches each document in each
 * coding (a client accepting only that coding), decodes it, and prints one tab-separated line per coding: document,
 * coding, bytes on the wire (median), decoded bytes, median milliseconds from request to decoded body, and the codings
 * the server sent, for auto the last {@code Downlink} it sent (Mbit/s), and every request's milliseconds (for the
 * report's intervals). Row {@code auto} is a client accepting
 * every coding (as browsers do, identity implicitly) from a server with {@code preference=auto}, sending
 * {@code Downlink} as the library's client does. Up to
 * {@link #WARM_UP_ROUNDS} rounds of every row (at most 20 s) come first, so that both JVMs run compiled code and the
 * server has seen a few of its own responses. The rows take turns, request by request, in a new order each round,
 * each request {@link #PAUSE_MILLIS} after the last.
 *
 * <p>Arguments: base URL, runs, then document paths. Each document takes as many rounds as fit
 * {@link #MEASURE_NANOS}, from the runs (the 100 KB one {@link #SMALL_RUNS} times as many) to {@link #MOST_RUNS}
 * times as many.
 */
public final class NetworkClient {

    static final List<String> CODINGS = List.of("identity", "zstd", "lz4", "lzf", "br", "gzip", "deflate");
    /** The rows, measured in turn. */
    static final List<String> ROWS = List.of("auto", "no-hint", "identity", "zstd", "lz4", "lzf", "br", "gzip",
            "deflate");
    /** A client accepting every coding that sends {@code Downlink} (once the server asked), as the library's does. */
    static final String AUTO = "auto";
    /** A client accepting every coding that says nothing of its link, as curl does. */
    static final String NO_HINT = "no-hint";
    /**
     * The 100 KB document is measured this many times as often: its requests take a few milliseconds, and this
     * machine's pauses (a collection, a descheduled thread) lengthen a quarter of them by as much again, so a median
     * of few moves by a tenth from run to run.
     */
    static final int SMALL_RUNS = 10;
    /**
     * At most this many times the runs, as the budget allows. On the fast links a request's time varies by half
     * (8.5 to 12.8 ms for the middle half of the 1.8 MB document's, unshaped). With 150 requests a row, the auto row
     * sending identity measured 1.05x to 1.12x the identity row in four runs of the 100 KB document, with 600 1.01x
     * and 1.04x; with 123, 1.10x in a run of the 1.8 MB one.
     */
    static final int MOST_RUNS = 40;
    /** Warm-up rounds of every row before measuring, at most, and the time they may take. */
    static final int WARM_UP_ROUNDS = Integer.getInteger("warmUp", 200);
    static final long WARM_UP_NANOS = 20_000_000_000L;
    /** The time the measured rounds of a document may take, at least the base number of rounds. */
    static final long MEASURE_NANOS = 120_000_000_000L;
    /**
     * Each measured request starts on an idle link, as a REST call mostly does: after this pause the token bucket is
     * full again (16 KB at 10 Mbit/s takes 13 ms). Back to back, a request found the bucket as the one before left
     * it, and the same row measured twice in one run differed by 7 %; with the pause, by 0.2 %.
     */
    static final long PAUSE_MILLIS = 20;
    /** The auto client's measured link. */
    private static final Measurement downlink = new Measurement();

    private static final CodecRegistry CODECS = CodecRegistry.load(NetworkClient.class.getClassLoader(),
            token -> CodecOptions.NONE);

    private NetworkClient() {
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args[0]);
        int baseRuns = Integer.parseInt(args[1]);
        for (String document : Arrays.asList(args).subList(2, args.length)) {
            URI url = base.resolve(document);
            // the small document's requests take milliseconds, where this machine's noise is largest
            boolean small = document.equals(NetworkReport.DOCUMENTS.get("100KB"));
            // Both JVMs start cold (this one per link): the first requests of a row run its decoder, and the server's
            // encoder, in the interpreter. Rounds of every row until both are compiled, or the budget is spent (on a
            // slow link, where the CPU matters least).
            long warmUntil = System.nanoTime() + WARM_UP_NANOS;
            long roundNanos = 0;
            for (int round = 0; round < WARM_UP_ROUNDS && (round == 0 || System.nanoTime() < warmUntil); round++) {
                long start = System.nanoTime();
                for (String coding : ROWS) {
                    fetch(url, coding);
                }
                roundNanos = System.nanoTime() - start + ROWS.size() * PAUSE_MILLIS * 1_000_000;
            }
            // Where a round is cheap (a fast link), a median of 15 moved by a tenth between two rows sending the same
            // coding: take as many as fit the budget.
            int least = small ? baseRuns * SMALL_RUNS : baseRuns;
            int runs = (int) Math.max(least, Math.min(baseRuns * MOST_RUNS, MEASURE_NANOS / roundNanos));
            // Round-robin, so that a noisy moment on this shared machine costs every row alike.
            Map<String, double[]> millis = new LinkedHashMap<>();
            Map<String, double[]> wire = new LinkedHashMap<>();
            Map<String, Long> decoded = new LinkedHashMap<>();
            Map<String, Map<String, Integer>> sent = new LinkedHashMap<>();
            Map<String, String> downlinks = new LinkedHashMap<>();
            for (String coding : ROWS) {
                millis.put(coding, new double[runs]);
                wire.put(coding, new double[runs]);
                sent.put(coding, new TreeMap<>());
            }
            Random order = new Random(2014);
            for (int run = 0; run < runs; run++) {
                // In a new order each round: a row always after the same one would inherit its costs (gzip's
                // collections, the server still finishing it), and the first of a round is slower here.
                List<String> round = new ArrayList<>(ROWS);
                Collections.shuffle(round, order);
                for (String coding : round) {
                    Thread.sleep(PAUSE_MILLIS);
                    long start = System.nanoTime();
                    Fetched fetched = fetch(url, coding);
                    millis.get(coding)[run] = (System.nanoTime() - start) / 1e6;
                    if (fetched.downlink != null) {
                        downlinks.put(coding, fetched.downlink);
                    }
                    wire.get(coding)[run] = fetched.wire;
                    decoded.put(coding, fetched.decoded);
                    sent.get(coding).merge(fetched.coding, 1, Integer::sum);
                }
            }
            for (String coding : ROWS) {
                StringBuilder codings = new StringBuilder();
                sent.get(coding).forEach((c, n) -> codings.append(codings.length() > 0 ? " " : "").append(c)
                        .append('x').append(n));
                StringBuilder each = new StringBuilder();
                for (double ms : millis.get(coding)) {
                    each.append(each.length() > 0 ? "," : "").append(String.format(Locale.ROOT, "%.3f", ms));
                }
                System.out.printf(Locale.ROOT, "%s\t%s\t%.0f\t%d\t%.2f\t%s\t%s\t%s%n", document, coding,
                        Stats.median(wire.get(coding)), decoded.get(coding), Stats.median(millis.get(coding)),
                        codings, downlinks.getOrDefault(coding, "-"), each);
            }
        }
    }

    /** One response: its sizes, coding, and (auto) the Downlink its request sent. */
    private record Fetched(long wire, long decoded, String coding, String downlink) {
    }

    /**
     * As the library's client keeps it (ClientLinks): averaged, raised by readings that only say "at least", and by a
     * faster reading of a body that came as it is.
     */
    private static void measured(double bitsPerSecond, boolean atLeast, boolean uncoded) {
        downlink.add(bitsPerSecond, atLeast, uncoded, System.nanoTime());
    }

    /** Wire and decoded sizes of one response, decoded as it arrives, and its coding. */
    private static Fetched fetch(URI url, String coding) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        boolean auto = coding.equals(AUTO);
        boolean any = auto || coding.equals(NO_HINT);
        c.setRequestProperty("Accept-Encoding", any ? String.join(", ", CODINGS.subList(1, CODINGS.size()))
                : coding + ", *;q=0");
        c.setReadTimeout(120_000);
        String hint = auto && downlink.fresh(System.nanoTime()) ? downlink.downlinkValue() : null;
        if (hint != null) { // as the library's client does: how fast the last ones came
            c.setRequestProperty("Downlink", hint);
        }
        String header = c.getHeaderField("Content-Encoding");
        String sent = header == null ? "identity" : header;
        if (c.getResponseCode() != 200 || !any && !Objects.equals(coding, sent)) {
            throw new IOException(url + ": " + c.getResponseCode() + " in " + sent + ", asked for " + coding);
        }
        ContentCodec codec = CODECS.find(sent).orElseThrow(() -> new IOException("unknown coding " + sent));
        boolean uncoded = header == null;
        ReceiveMeter meter = auto ? new ReceiveMeter(c.getInputStream(),
                (bitsPerSecond, atLeast) -> measured(bitsPerSecond, atLeast, uncoded)) : null;
        try (CountingInputStream wire = new CountingInputStream(meter != null ? meter : c.getInputStream());
             InputStream body = codec.decode(wire)) {
            long decoded = body.transferTo(OutputStream.nullOutputStream());
            if (meter != null && meter.hidTheLink(decoded)) {
                // as the library's client does: a reading no body confirms is dropped; without one, such bodies are
                // pooled into one
                downlink.pool(meter.untimedBytes(), meter.untimedNanos(), System.nanoTime());
            }
            return new Fetched(wire.count, decoded, sent, hint);
        }
    }

    /** Counts the bytes read through it: the body's bytes on the wire. */
    static final class CountingInputStream extends FilterInputStream {
        long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count += Math.max(0, n);
            return n;
        }
    }
}
