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
import org.restcompress.internal.cost.LinkSpeed;
import org.restcompress.internal.cost.ReceiveMeter;
import org.restcompress.codec.ContentCodec;

/**
 * The client side of {@link NetworkReport}, run inside the client's network namespace: fetches each document in each
 * coding (a client accepting only that coding), decodes it, and prints one tab-separated line per coding: document,
 * coding, bytes on the wire (median), decoded bytes, median milliseconds from request to decoded body, and the codings
 * the server sent, and for auto the server's last {@code Compression-Decision} (the server runs with
 * {@code restcompress.debug}). Row {@code auto} is a client accepting every coding (as browsers do, identity implicitly) from a
 * server with {@code preference=auto}, sending {@code Downlink} as the library's client does, after
 * {@link #AUTO_WARM_UP} requests to let the server learn, and then up to {@link #WARM_UP_ROUNDS} rounds of every row
 * (at most 20 s) so that both JVMs run compiled code. The rows take turns, request by request, in a new order
 * each round.
 *
 * <p>Arguments: base URL, runs ({@link #SMALL_RUNS} times as many for the 100 KB document), then document paths.
 */
public final class NetworkClient {

    static final List<String> CODINGS = List.of("identity", "zstd", "lz4", "lzf", "br", "gzip", "deflate");
    /** The rows, measured in turn. */
    static final List<String> ROWS = List.of("auto", "identity", "zstd", "lz4", "lzf", "br", "gzip", "deflate");
    static final String AUTO = "auto";
    static final int AUTO_WARM_UP = 5;
    /** The 100 KB document is measured this many times as often. */
    static final int SMALL_RUNS = 3;
    /** Warm-up rounds of every row before measuring, at most, and the time they may take. */
    static final int WARM_UP_ROUNDS = Integer.getInteger("warmUp", 200);
    static final long WARM_UP_NANOS = 20_000_000_000L;
    /** The auto client's measured link, bits per second, 0 until measured. */
    private static double downlink;

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
            int runs = document.equals(NetworkReport.DOCUMENTS.get("100KB")) ? baseRuns * SMALL_RUNS : baseRuns;
            for (int i = 0; i < AUTO_WARM_UP; i++) {
                fetch(url, AUTO);
            }
            // Both JVMs start cold (this one per link): the first requests of a row run its decoder, and the server's
            // encoder, in the interpreter. Rounds of every row until both are compiled, or the budget is spent (on a
            // slow link, where the CPU matters least).
            long warmUntil = System.nanoTime() + WARM_UP_NANOS;
            for (int round = 0; round < WARM_UP_ROUNDS && (round == 0 || System.nanoTime() < warmUntil); round++) {
                for (String coding : ROWS) {
                    fetch(url, coding);
                }
            }
            // Round-robin, so that a noisy moment on this shared machine costs every row alike.
            Map<String, double[]> millis = new LinkedHashMap<>();
            Map<String, double[]> wire = new LinkedHashMap<>();
            Map<String, Long> decoded = new LinkedHashMap<>();
            Map<String, Map<String, Integer>> sent = new LinkedHashMap<>();
            Map<String, String> decisions = new LinkedHashMap<>();
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
                    long start = System.nanoTime();
                    Fetched fetched = fetch(url, coding);
                    millis.get(coding)[run] = (System.nanoTime() - start) / 1e6;
                    if (fetched.decision != null) {
                        decisions.put(coding, fetched.decision);
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
                System.out.printf(Locale.ROOT, "%s\t%s\t%.0f\t%d\t%.2f\t%s\t%s%n", document, coding,
                        Stats.median(wire.get(coding)), decoded.get(coding), Stats.median(millis.get(coding)),
                        codings, decisions.getOrDefault(coding, "-"));
            }
        }
    }

    /** One response: its sizes, coding, and (auto) the server's Compression-Decision. */
    private record Fetched(long wire, long decoded, String coding, String decision) {
    }

    /** Wire and decoded sizes of one response, decoded as it arrives, and its coding. */
    private static Fetched fetch(URI url, String coding) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        boolean auto = coding.equals(AUTO);
        c.setRequestProperty("Accept-Encoding", auto ? String.join(", ", CODINGS.subList(1, CODINGS.size()))
                : coding + ", *;q=0");
        c.setReadTimeout(120_000);
        if (auto && downlink > 0) { // as the library's client does (ClientLinks): how fast the last ones arrived
            c.setRequestProperty("Downlink", LinkSpeed.downlinkValue(downlink));
        }
        String header = c.getHeaderField("Content-Encoding");
        String sent = header == null ? "identity" : header;
        if (c.getResponseCode() != 200 || !auto && !Objects.equals(coding, sent)) {
            throw new IOException(url + ": " + c.getResponseCode() + " in " + sent + ", asked for " + coding);
        }
        ContentCodec codec = CODECS.find(sent).orElseThrow(() -> new IOException("unknown coding " + sent));
        InputStream raw = auto ? new ReceiveMeter(c.getInputStream(),
                bps -> downlink = downlink > 0 ? (downlink + bps) / 2 : bps) : c.getInputStream();
        try (CountingInputStream wire = new CountingInputStream(raw);
             InputStream body = codec.decode(wire)) {
            long decoded = body.transferTo(OutputStream.nullOutputStream());
            return new Fetched(wire.count, decoded, sent, auto ? c.getHeaderField("Compression-Decision") : null);
        }
    }

    private static final class CountingInputStream extends FilterInputStream {
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
