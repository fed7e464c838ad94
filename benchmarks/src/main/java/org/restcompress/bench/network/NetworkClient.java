package org.restcompress.bench.network;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;

/**
 * The client side of {@link NetworkReport}, run inside the client's network namespace: fetches each document in each
 * coding (a client accepting only that coding), decodes it, and prints one tab-separated line per coding: document,
 * coding, bytes on the wire, decoded bytes, median milliseconds from request to decoded body.
 *
 * <p>Arguments: base URL, runs, then document paths.
 */
public final class NetworkClient {

    static final List<String> CODINGS = List.of("identity", "zstd", "lz4", "lzf", "br", "gzip", "deflate");

    private static final CodecRegistry CODECS = CodecRegistry.load(NetworkClient.class.getClassLoader(),
            token -> CodecOptions.NONE);

    private NetworkClient() {
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args[0]);
        int runs = Integer.parseInt(args[1]);
        for (String document : Arrays.asList(args).subList(2, args.length)) {
            for (String coding : CODINGS) {
                double[] millis = new double[runs];
                long wire = 0;
                long decoded = 0;
                for (int run = -1; run < runs; run++) { // one warm-up
                    long start = System.nanoTime();
                    long[] sizes = fetch(base.resolve(document), coding);
                    double ms = (System.nanoTime() - start) / 1e6;
                    if (run >= 0) {
                        millis[run] = ms;
                    }
                    wire = sizes[0];
                    decoded = sizes[1];
                }
                System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%d\t%.2f%n", document, coding, wire, decoded,
                        Stats.median(millis));
            }
        }
    }

    /** Wire and decoded sizes of one response, decoded as it arrives. */
    private static long[] fetch(URI url, String coding) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        c.setRequestProperty("Accept-Encoding", coding + ", *;q=0");
        c.setReadTimeout(120_000);
        String sent = c.getHeaderField("Content-Encoding");
        if (c.getResponseCode() != 200 || !Objects.equals(coding, sent == null ? "identity" : sent)) {
            throw new IOException(url + ": " + c.getResponseCode() + " in " + sent + ", asked for " + coding);
        }
        ContentCodec codec = CODECS.find(coding).orElseThrow();
        try (CountingInputStream wire = new CountingInputStream(c.getInputStream());
             InputStream body = codec.decode(wire)) {
            long decoded = body.transferTo(OutputStream.nullOutputStream());
            return new long[] {wire.count, decoded};
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
