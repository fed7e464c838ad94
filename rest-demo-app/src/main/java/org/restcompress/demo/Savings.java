package org.restcompress.demo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.negotiation.EncodingChooser;

/**
 * Measures what each coding saves on one of the demo's endpoints, with real requests: the server fetches the endpoint
 * from itself over loopback once per coding, as a client that accepts only that coding, and decodes what it gets.
 * Numbers are medians of a few runs after a warm-up. A measurement costs a few seconds of CPU, so results are kept
 * for a minute and shared by every caller; asking for a fresh one is honoured at most every few seconds.
 */
final class Savings {

    /** A link speed to project the loopback numbers onto: transfer time = bytes / link. */
    static final long LINK_BITS_PER_SECOND = 100_000_000L;

    static final int WARM_UP = 2;
    static final int RUNS = 5;
    static final Duration MAX_AGE = Duration.ofMinutes(1);
    static final Duration MIN_INTERVAL = Duration.ofSeconds(5);

    /** What one coding did. {@code linkMs}: request + decode + the body's time on the link, as if one after another. */
    record Measurement(String coding, long bytes, double ratio, double requestMs, double decodeMs, double linkMs) {
    }

    /** The whole table: identity first, then the codings in the server's preference order. */
    record Report(String document, String path, long identityBytes, long linkBitsPerSecond, int runs,
                  String measuredAt, List<Measurement> codings) {
    }

    private final CodecRegistry registry = CodecRegistry.load(Savings.class.getClassLoader(), token -> CodecOptions.NONE);
    private final Map<String, Report> reports = new HashMap<>();
    private final Map<String, Instant> measured = new HashMap<>();

    /**
     * The latest report of {@code document}, measured now if there is none younger than {@link #MAX_AGE}, or if
     * {@code fresh} is asked and the last is older than {@link #MIN_INTERVAL}. One measurement at a time: callers
     * arriving meanwhile wait for it and share it.
     */
    synchronized Report report(String document, URI endpoint, boolean fresh) throws IOException {
        Instant last = measured.get(document);
        Duration age = last == null ? null : Duration.between(last, Instant.now());
        if (age != null && age.compareTo(MAX_AGE) < 0 && (!fresh || age.compareTo(MIN_INTERVAL) < 0)) {
            return reports.get(document);
        }
        Report report = measure(document, endpoint);
        reports.put(document, report);
        measured.put(document, Instant.now());
        return report;
    }

    /** The codings the server offers on {@code @Compressed} endpoints: identity, then by preference. */
    List<String> codings() {
        List<String> codings = new ArrayList<>(List.of("identity"));
        EncodingChooser preference = new EncodingChooser(CompressionConfig.DEFAULT_PREFERENCE);
        codings.addAll(preference.byPreference(registry.encodingTokens()));
        return codings;
    }

    private Report measure(String document, URI endpoint) throws IOException {
        List<Measurement> results = new ArrayList<>();
        byte[] identity = null;
        for (String coding : codings()) {
            ContentCodec codec = registry.find(coding).orElseThrow();
            double[] request = new double[RUNS];
            double[] decode = new double[RUNS];
            long bytes = 0;
            for (int run = -WARM_UP; run < RUNS; run++) {
                long start = System.nanoTime();
                byte[] body = fetch(endpoint, coding);
                long fetched = System.nanoTime();
                byte[] decoded = codec.decode(new ByteArrayInputStream(body)).readAllBytes();
                long end = System.nanoTime();
                if (identity == null) {
                    identity = decoded;
                } else if (!Arrays.equals(identity, decoded)) {
                    throw new IOException(endpoint.getPath() + " in " + coding + " does not decode to the document");
                }
                if (run >= 0) {
                    request[run] = (fetched - start) / 1e6;
                    decode[run] = (end - fetched) / 1e6;
                }
                bytes = body.length;
            }
            double requestMs = median(request);
            double decodeMs = median(decode);
            double linkMs = requestMs + decodeMs + bytes * 8_000.0 / LINK_BITS_PER_SECOND;
            results.add(new Measurement(coding, bytes, (double) bytes / identity.length,
                    round(requestMs), round(decodeMs), round(linkMs)));
        }
        return new Report(document, endpoint.getPath(), identity.length, LINK_BITS_PER_SECOND, RUNS,
                Instant.now().toString(), results);
    }

    /**
     * The raw body, as the server sent it in {@code coding}; an error if the server chose another coding. Straight
     * to the address given (no proxy, no redirect).
     */
    private static byte[] fetch(URI endpoint, String coding) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) endpoint.toURL().openConnection(Proxy.NO_PROXY);
        try {
            connection.setInstanceFollowRedirects(false);
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(30_000);
            connection.setRequestProperty("Accept", "application/json");
            // identity;q=1 alone would still allow nothing else; "*;q=0" makes the choice exact
            connection.setRequestProperty("Accept-Encoding", coding + ", *;q=0");
            if (connection.getResponseCode() != 200) {
                throw new IOException(endpoint.getPath() + " answered " + connection.getResponseCode() + " for "
                        + coding);
            }
            String sent = connection.getHeaderField("Content-Encoding");
            if (!coding.equals(sent == null ? "identity" : sent)) {
                throw new IOException(endpoint.getPath() + " answered in " + sent + " when asked for " + coding);
            }
            try (InputStream in = connection.getInputStream()) {
                return in.readAllBytes();
            }
        } finally {
            connection.disconnect();
        }
    }

    /** The middle value; the mean of the two middle ones for an even count. */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double round(double millis) {
        return Math.round(millis * 100) / 100.0;
    }
}
