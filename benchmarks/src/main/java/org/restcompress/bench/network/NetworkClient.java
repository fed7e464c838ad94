package org.restcompress.bench.network;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Locale;
import java.util.Objects;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.cost.ReceiveMeter;
import org.restcompress.codec.ContentCodec;

/**
 * The client side of {@link NetworkReport}, run inside the client's network namespace: fetches each document in each
 * coding (a client accepting only that coding), decodes it, and prints one tab-separated line per coding: document,
 * coding, bytes on the wire (median), decoded bytes, median milliseconds from request to decoded body, and the codings
 * the server sent, and for auto the server's last {@code Compression-Decision} (the server runs with
 * {@code restcompress.debug}). Row {@code auto} is a client accepting every coding (as browsers do, identity implicitly) from a
 * server with {@code preference=auto}, sending {@code Downlink} as the library's client does, after
 * {@link #AUTO_WARM_UP} requests to let the server learn. The rows take turns, request by request, each round
 * starting one row later (the first request of a round is slower here).
 *
 * <p>Arguments: base URL, runs, then document paths.
 */
public final class NetworkClient {

    static final List<String> CODINGS = List.of("identity", "zstd", "lz4", "lzf", "br", "gzip", "deflate");
    /** The rows, measured in turn. */
    static final List<String> ROWS = List.of("auto", "identity", "zstd", "lz4", "lzf", "br", "gzip", "deflate");
    static final String AUTO = "auto";
    static final int AUTO_WARM_UP = 5;
    /** The auto client's measured link, bits per second, 0 until measured. */
    private static double downlink;

    private static final CodecRegistry CODECS = CodecRegistry.load(NetworkClient.class.getClassLoader(),
            token -> CodecOptions.NONE);

    private NetworkClient() {
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args[0]);
        int runs = Integer.parseInt(args[1]);
        for (String document : Arrays.asList(args).subList(2, args.length)) {
            URI url = base.resolve(document);
            for (int i = 0; i < AUTO_WARM_UP; i++) {
                fetch(url, AUTO);
            }
            for (String coding : ROWS.subList(1, ROWS.size())) {
                fetch(url, coding); // one warm-up each
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
            for (int run = 0; run < runs; run++) {
                for (int i = 0; i < ROWS.size(); i++) {
                    String coding = ROWS.get((i + run) % ROWS.size()); // each round starts one row later
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
            c.setRequestProperty("Downlink", String.format(Locale.ROOT, "%.3f", downlink / 1e6));
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
