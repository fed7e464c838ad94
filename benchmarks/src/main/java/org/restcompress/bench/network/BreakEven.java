package org.restcompress.bench.network;

import java.util.Locale;

/**
 * The 2014 model of a coding on a link: compress, send, decompress, one after another. Coding A beats coding B when
 * the bandwidth exceeds (ratio_A - ratio_B) / (1/speed_B - 1/speed_A), with 1/speed = 1/compress + 1/decompress
 * (identity: 0). The model ignores that a streaming server overlaps compressing with sending, so it overstates the
 * time of slow codings on slow links.
 */
final class BreakEven {

    /** A coding's measured behaviour: compressed/original, and MB/s (10^6 bytes) each way. */
    record Coding(String name, double ratio, double compressMBps, double decompressMBps) {

        static Coding identity() {
            return new Coding("identity", 1, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        }

        /** Seconds of CPU per byte of the original: 1/speed in the formula. */
        double secondsPerByte() {
            return 1 / (compressMBps * 1e6) + 1 / (decompressMBps * 1e6);
        }

        /** Seconds per byte of the original on a link of {@code bitsPerSecond}, by the model. */
        double secondsPerByte(double bitsPerSecond) {
            return secondsPerByte() + 8 * ratio / bitsPerSecond;
        }
    }

    private BreakEven() {
    }

    /**
     * The link speed in bits per second at which {@code a} and {@code b} take equally long; the faster codec wins
     * above it, the smaller output below it. Not positive and finite when one of them wins at every speed.
     */
    static double bitsPerSecond(Coding a, Coding b) {
        return 8 * (a.ratio() - b.ratio()) / (b.secondsPerByte() - a.secondsPerByte());
    }

    /** The faster of the two on this link by the model, or "tie" when they differ by less than {@code band}. */
    static String faster(Coding a, Coding b, double bitsPerSecond, double band) {
        return winner(a.name(), a.secondsPerByte(bitsPerSecond), b.name(), b.secondsPerByte(bitsPerSecond), band);
    }

    /** The faster of two measured times, or "tie" when they differ by less than {@code band} (a fraction). */
    static String winner(String a, double timeA, String b, double timeB, double band) {
        if (Math.abs(timeA - timeB) < band * Math.max(timeA, timeB)) {
            return "tie";
        }
        return timeA < timeB ? a : b;
    }

    /** "lz4 above 150 Mbit/s", or "zstd at any speed". */
    static String describe(Coding a, Coding b) {
        double even = bitsPerSecond(a, b);
        if (!(even > 0) || Double.isInfinite(even)) {
            return faster(a, b, 1e8, 0) + " at any speed";
        }
        String fast = a.secondsPerByte() < b.secondsPerByte() ? a.name() : b.name();
        return String.format(Locale.ROOT, "%s above %.0f Mbit/s", fast, even / 1e6);
    }
}
