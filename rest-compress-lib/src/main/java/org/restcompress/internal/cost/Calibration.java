package org.restcompress.internal.cost;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.restcompress.codec.ContentCodec;

/**
 * Each coding's figures before this application's responses show them: built in for the codings the library ships
 * (measured by its benchmarks on the 2014 corpus's 1.8 MB JSON document, benchmarks/results/network.md), then
 * measured here, once, on a generated JSON document, for every coding present (an application's own included).
 * Decode speeds stay these: the server cannot observe its clients decode.
 */
public final class Calibration {

    /** Built-in figures: MB/s compress, ratio, MB/s decode (JDK 17, 2 cores, 2026-11). */
    static final Map<String, CodingFigures> BUILT_IN = Map.of(
            "zstd", CodingFigures.ofSpeeds(351, 0.208, 810),
            "lz4", CodingFigures.ofSpeeds(577, 0.375, 2091),
            "lzf", CodingFigures.ofSpeeds(425, 0.342, 565),
            "br", CodingFigures.ofSpeeds(126, 0.224, 617),
            "gzip", CodingFigures.ofSpeeds(43, 0.186, 490),
            "deflate", CodingFigures.ofSpeeds(44, 0.186, 446));

    /** The generated document's size: long enough to time, short enough to cost milliseconds. */
    static final int SAMPLE_BYTES = 256 * 1024;
    private static final int ROUNDS = 3;
    static final int WARM_UP_ROUNDS = 4;

    private Calibration() {
    }

    /** The built-in figures of {@code coding}, or {@code null} for one the library does not ship. */
    public static CodingFigures builtIn(String coding) {
        return BUILT_IN.get(coding);
    }

    /**
     * Measures each codec on a generated JSON document: the fastest of a few rounds, after {@link #WARM_UP_ROUNDS} to
     * warm up. A codec written in Java runs interpreted at first, several times slower than it will (lz4's first pass
     * here reads a third of its speed): figures from that would keep a fast coding from ever being chosen. Ends after
     * the current round once {@code stop} says so (what is left out).
     */
    static Map<String, CodingFigures> measure(Iterable<ContentCodec> codecs, BooleanSupplier stop) throws IOException {
        byte[] sample = sample(SAMPLE_BYTES);
        Map<String, CodingFigures> figures = new LinkedHashMap<>();
        for (ContentCodec codec : codecs) {
            long compress = Long.MAX_VALUE;
            long decode = Long.MAX_VALUE;
            byte[] coded = null;
            for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
                if (stop.getAsBoolean()) {
                    return figures;
                }
                ByteArrayOutputStream sink = new ByteArrayOutputStream(sample.length);
                long t0 = System.nanoTime();
                try (OutputStream out = codec.encode(sink)) {
                    out.write(sample);
                }
                long t1 = System.nanoTime();
                coded = sink.toByteArray();
                long t2 = System.nanoTime();
                long decoded = codec.decode(new ByteArrayInputStream(coded)).transferTo(OutputStream.nullOutputStream());
                long t3 = System.nanoTime();
                if (decoded != sample.length) {
                    throw new IOException(codec.token() + " decoded " + decoded + " of " + sample.length + " bytes");
                }
                if (round >= WARM_UP_ROUNDS) {
                    compress = Math.min(compress, t1 - t0);
                    decode = Math.min(decode, t3 - t2);
                }
            }
            figures.put(codec.token(), new CodingFigures((double) compress / sample.length,
                    (double) coded.length / sample.length, (double) decode / sample.length));
        }
        return figures;
    }

    /**
     * A JSON array of records like a REST API's: the same keys in every record, some values repeating (statuses,
     * tags), others not (ids, times, amounts); deterministic.
     */
    static byte[] sample(int size) {
        Random random = new Random(2014);
        String[] statuses = {"active", "pending", "suspended", "closed"};
        String[] tags = {"retail", "wholesale", "priority", "export", "internal", "partner"};
        StringBuilder s = new StringBuilder(size + 512).append('[');
        for (int id = 1; s.length() < size; id++) {
            s.append(id > 1 ? "," : "").append("{\"id\":").append(100000 + id * 7)
                    .append(",\"name\":\"customer-").append(Long.toString(random.nextLong() & 0xffffffL, 36))
                    .append("\",\"status\":\"").append(statuses[random.nextInt(statuses.length)])
                    .append("\",\"created\":\"2026-").append(1 + random.nextInt(12)).append('-')
                    .append(1 + random.nextInt(28)).append("T").append(random.nextInt(24)).append(":")
                    .append(random.nextInt(60)).append(":00Z\",\"balance\":")
                    .append(random.nextInt(1_000_000) / 100.0).append(",\"tags\":[\"")
                    .append(tags[random.nextInt(tags.length)]).append("\",\"").append(tags[random.nextInt(tags.length)])
                    .append("\"],\"address\":{\"city\":\"City ").append(random.nextInt(50))
                    .append("\",\"country\":\"").append(random.nextBoolean() ? "NL" : "DE").append("\"}}");
        }
        return s.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }
}
