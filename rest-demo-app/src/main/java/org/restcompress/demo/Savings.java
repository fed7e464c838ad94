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
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.negotiation.EncodingChooser;
import org.restcompress.ConfigKeys;

/**
 * Measures what each coding saves on one of the demo's endpoints, with real requests: the server fetches the endpoint
 * from itself over loopback as a client that accepts only one coding at a time, and decodes what it gets.
 *
 * <p>The codings take turns. A round fetches and decodes every coding once, starting one coding further on than the
 * round before, so that no coding is measured while the JVM is colder or busier than it is for the others. Warm-up
 * rounds come first, until the JIT has compiled every coding's whole path (the request, the server's encoding, the
 * client's decoding): at least {@link #MIN_WARM_UP} rounds taking at least {@link #WARM_UP}, or
 * {@link #COLD_WARM_UP} on the first measurement since the application started (none of the path is compiled then:
 * on a cold server the first identity request took 20 times as long as once warm), and more for as long as rounds
 * keep getting faster, up to {@link #MAX_WARM_UP}. The numbers are medians of the {@link #RUNS} rounds after that.
 * The report says how much warm-up ran and whether it settled.
 *
 * <p>A measurement costs a few seconds of CPU, so results are kept for a minute and shared by every caller; asking
 * for a fresh one is honoured at most every few seconds.
 */
final class Savings {

    /** A link speed to project the loopback numbers onto: transfer time = bytes / link. */
    static final long LINK_BITS_PER_SECOND = 100_000_000L;

    /** Measured rounds. */
    static final int RUNS = 5;
    /** Warm-up rounds at the least, however fast. */
    static final int MIN_WARM_UP = 2;
    /** Warm-up at the least, in whole rounds, on a JVM that has measured before. */
    static final Duration WARM_UP = Duration.ofMillis(300);
    /**
     * Warm-up at the least, in whole rounds, on the first measurement since the application started. On this
     * project's 2-core machine the static document's rounds stopped getting faster after about 1.4 s (four rounds; its
     * first identity request took over 200 ms, 10 to 15 ms once warm).
     */
    static final Duration COLD_WARM_UP = Duration.ofMillis(1500);
    /** No warm-up round starts after this long: the first visitor waits for the whole measurement. */
    static final Duration MAX_WARM_UP = Duration.ofMillis(2500);
    /** A round faster than this share of the fastest one before it: still getting faster, the JIT still at work. */
    static final double STILL_FALLING = 0.9;

    static final Duration MAX_AGE = Duration.ofMinutes(1);
    static final Duration MIN_INTERVAL = Duration.ofSeconds(5);

    /** What one coding did. {@code linkMs}: request + decode + the body's time on the link, as if one after another. */
    record Measurement(String coding, long bytes, double ratio, double requestMs, double decodeMs, double linkMs) {
    }

    /**
     * The whole table: identity first, then the codings in the server's preference order. {@code coldStart}: the
     * first measurement since the application started, on a JVM that had compiled none of it. {@code warmUpRounds}:
     * how many times every coding was fetched and decoded before the measured rounds; {@code warmUpMs}: how long that
     * took. {@code settled}: the warm-up ended because rounds had stopped getting faster, not because
     * {@link #MAX_WARM_UP} ran out (if not, the numbers may still include compiling). {@code rounds}: the codings of
     * each measured round in the order they were fetched, every coding once per round.
     */
    record Report(String document, String path, long identityBytes, long linkBitsPerSecond, int runs,
                  boolean coldStart, int warmUpRounds, long warmUpMs, boolean settled, List<List<String>> rounds,
                  String measuredAt, List<Measurement> codings) {
    }

    private final CodecRegistry registry = CodecRegistry.load(Savings.class.getClassLoader(), token -> CodecOptions.NONE);
    private final Map<String, Report> reports = new HashMap<>();
    private final Map<String, Instant> measured = new HashMap<>();
    private boolean started;

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
        boolean cold = !started;
        started = true; // a failed first attempt has warmed up as well
        Report report = measure(document, endpoint, cold);
        reports.put(document, report);
        measured.put(document, Instant.now());
        return report;
    }

    /** The codings the server offers on {@code @Compressed} endpoints: identity, then by preference. */
    List<String> codings() {
        List<String> codings = new ArrayList<>(List.of("identity"));
        EncodingChooser preference = new EncodingChooser(ConfigKeys.DEFAULT_PREFERENCE);
        codings.addAll(preference.byPreference(registry.encodingTokens()));
        return codings;
    }

    private Report measure(String document, URI endpoint, boolean cold) throws IOException {
        List<String> codings = codings();
        Rounds rounds = new Rounds(endpoint, codings);
        long least = (cold ? COLD_WARM_UP : WARM_UP).toNanos();
        long most = MAX_WARM_UP.toNanos();
        long start = System.nanoTime();
        int warmUp = 0;
        long fastest = Long.MAX_VALUE;
        boolean settled = false;
        for (long spent = 0; warmUp < MIN_WARM_UP || (spent < most && (spent < least || !settled));
                spent = System.nanoTime() - start) {
            long took = rounds.run(rotated(codings, warmUp), -1);
            settled = took >= STILL_FALLING * fastest;
            fastest = Math.min(fastest, took);
            warmUp++;
        }
        long warmUpMs = (System.nanoTime() - start) / 1_000_000;
        List<List<String>> order = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            List<String> round = rotated(codings, warmUp + run);
            rounds.run(round, run);
            order.add(round);
        }
        List<Measurement> results = new ArrayList<>();
        long identity = rounds.identity.length;
        for (int c = 0; c < codings.size(); c++) {
            double requestMs = median(rounds.request[c]);
            double decodeMs = median(rounds.decode[c]);
            double linkMs = requestMs + decodeMs + rounds.bytes[c] * 8_000.0 / LINK_BITS_PER_SECOND;
            results.add(new Measurement(codings.get(c), rounds.bytes[c], (double) rounds.bytes[c] / identity,
                    round(requestMs), round(decodeMs), round(linkMs)));
        }
        return new Report(document, endpoint.getPath(), identity, LINK_BITS_PER_SECOND, RUNS, cold, warmUp,
                warmUpMs, settled, List.copyOf(order), Instant.now().toString(), results);
    }

    /** {@code codings}, starting at the {@code first}-th (modulo their number) and wrapping round. */
    static List<String> rotated(List<String> codings, int first) {
        List<String> rotated = new ArrayList<>(codings.subList(first % codings.size(), codings.size()));
        rotated.addAll(codings.subList(0, first % codings.size()));
        return List.copyOf(rotated);
    }

    /** The rounds of one measurement, and what the measured ones found, by the coding's place in the table. */
    private final class Rounds {

        final URI endpoint;
        final List<String> codings;
        final List<ContentCodec> codecs = new ArrayList<>();
        final long[] bytes;
        final double[][] request;
        final double[][] decode;
        /** The document as identity delivered it: every coding must decode to it. */
        byte[] identity;

        Rounds(URI endpoint, List<String> codings) {
            this.endpoint = endpoint;
            this.codings = codings;
            for (String coding : codings) {
                codecs.add(registry.find(coding).orElseThrow());
            }
            bytes = new long[codings.size()];
            request = new double[codings.size()][RUNS];
            decode = new double[codings.size()][RUNS];
        }

        /**
         * Fetches and decodes every coding once, in {@code order}; records the times as run {@code run} (a warm-up
         * round when negative). Returns how long the round took, in nanoseconds.
         */
        long run(List<String> order, int run) throws IOException {
            long began = System.nanoTime();
            for (String coding : order) {
                int c = codings.indexOf(coding);
                long start = System.nanoTime();
                byte[] body = fetch(endpoint, coding);
                long fetched = System.nanoTime();
                byte[] decoded;
                try {
                    decoded = codecs.get(c).decode(new ByteArrayInputStream(body)).readAllBytes();
                } catch (IOException e) { // which coding, and how much came: what a 502 should say
                    throw new IOException(endpoint.getPath() + " in " + coding + " (" + body.length
                            + " bytes) does not decode: " + e.getMessage(), e);
                }
                long end = System.nanoTime();
                if (identity == null) {
                    identity = decoded; // the first round starts with identity
                } else if (!Arrays.equals(identity, decoded)) {
                    throw new IOException(endpoint.getPath() + " in " + coding + " does not decode to the document");
                }
                bytes[c] = body.length;
                if (run >= 0) {
                    request[c][run] = (fetched - start) / 1e6;
                    decode[c][run] = (end - fetched) / 1e6;
                }
            }
            return System.nanoTime() - began;
        }
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
