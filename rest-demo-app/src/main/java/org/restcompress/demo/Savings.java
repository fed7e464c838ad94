package org.restcompress.demo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;

/**
 * Measures what each coding saves on one of the demo's endpoints, with real requests: the server fetches the endpoint
 * from itself over loopback once per coding, as a client that accepts only that coding, and decodes what it gets.
 * Numbers are medians of a few runs after a warm-up.
 */
final class Savings {

    /** A link speed to project the loopback numbers onto: transfer time = bytes / link. */
    static final long LINK_BITS_PER_SECOND = 100_000_000L;

    private static final int WARM_UP = 2;
    private static final int RUNS = 5;

    /** What one coding did. */
    record Measurement(String coding, long bytes, double ratio, double requestMs, double decodeMs, double linkMs) {
    }

    /** The whole table: identity first, then the codings in the server's preference order. */
    record Report(String document, String path, long identityBytes, long linkBitsPerSecond,
                  List<Measurement> codings) {
    }

    private final CodecRegistry registry = CodecRegistry.load(Savings.class.getClassLoader(), token -> CodecOptions.NONE);

    /** The codings the server offers on {@code @Compressed} endpoints: identity, then by preference. */
    List<String> codings() {
        List<String> codings = new ArrayList<>(List.of("identity"));
        CompressionConfig.DEFAULT_PREFERENCE.stream().filter(registry.encodingTokens()::contains).forEach(codings::add);
        registry.encodingTokens().stream().filter(token -> !codings.contains(token)).forEach(codings::add);
        return codings;
    }

    Report measure(String document, URI endpoint) throws IOException {
        List<Measurement> results = new ArrayList<>();
        long identityBytes = -1;
        for (String coding : codings()) {
            ContentCodec codec = registry.find(coding).orElseThrow();
            double[] request = new double[RUNS];
            double[] decode = new double[RUNS];
            long bytes = 0;
            for (int run = -WARM_UP; run < RUNS; run++) {
                long start = System.nanoTime();
                byte[] body = fetch(endpoint, coding);
                long fetched = System.nanoTime();
                long decoded = drain(codec.decode(new ByteArrayInputStream(body)));
                long end = System.nanoTime();
                if (run >= 0) {
                    request[run] = (fetched - start) / 1e6;
                    decode[run] = (end - fetched) / 1e6;
                }
                bytes = body.length;
                if (coding.equals("identity")) {
                    identityBytes = decoded;
                }
            }
            double requestMs = median(request);
            double decodeMs = median(decode);
            double linkMs = requestMs + decodeMs + bytes * 8_000.0 / LINK_BITS_PER_SECOND;
            results.add(new Measurement(coding, bytes, identityBytes > 0 ? (double) bytes / identityBytes : 1,
                    round(requestMs), round(decodeMs), round(linkMs)));
        }
        return new Report(document, endpoint.getPath(), identityBytes, LINK_BITS_PER_SECOND, results);
    }

    /** The raw body, as the server sent it in {@code coding}; an error if the server chose another coding. */
    private static byte[] fetch(URI endpoint, String coding) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) endpoint.toURL().openConnection();
        try {
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(30_000);
            connection.setRequestProperty("Accept", "application/json");
            // identity;q=1 alone would still allow nothing else; "*;q=0" makes the choice exact
            connection.setRequestProperty("Accept-Encoding", coding + ", *;q=0");
            if (connection.getResponseCode() != 200) {
                throw new IOException(endpoint + " answered " + connection.getResponseCode() + " for " + coding);
            }
            String sent = connection.getHeaderField("Content-Encoding");
            if (!coding.equals(sent == null ? "identity" : sent)) {
                throw new IOException(endpoint + " answered in " + sent + " when asked for " + coding);
            }
            try (InputStream in = connection.getInputStream()) {
                return in.readAllBytes();
            }
        } finally {
            connection.disconnect();
        }
    }

    private static long drain(InputStream in) throws IOException {
        try (in) {
            return in.transferTo(OutputStream.nullOutputStream());
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double round(double millis) {
        return Math.round(millis * 100) / 100.0;
    }
}
