package org.restcompress.internal.cost;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * One coding's figures as this application's own responses show them, starting from a prior. The ratio is a moving
 * average weighted by bytes (a large body says more than a small one), decaying by {@link #DECAY} per response. The
 * compress time is the median of the last {@link #WINDOW} responses' time per byte, the prior counting as one of them
 * until the window is full: on a shared host one response now and then takes many times its due (its thread was
 * descheduled, a collection paused it, the JIT had not compiled the codec yet), and an average would let that one
 * response make the coding look slow until ten more were sent in it, which a coding that looks slow never is.
 * Compress samples older than {@link Measurement#LIFETIME_NANOS} are forgotten, so a coding judged on a bad minute is
 * judged on its prior again later. The client's decode time cannot be observed by the server: it stays the prior's
 * (measured once by {@link Calibration}). Thread-safe.
 */
final class CodingStats {

    /** Each response keeps this share of the past ratio: about the last 10 responses count. */
    static final double DECAY = 0.9;
    /** The prior's ratio counts as this many bytes of evidence: the first real response of any size outweighs it. */
    static final double PRIOR_BYTES = 16 * 1024;
    /** Compress times of this many responses, the last ones, decide. */
    static final int WINDOW = 15;

    private final LongSupplier clock;
    private double in;
    private double out;
    private double priorCompress;
    private double decodeNanos;
    private long responses;
    /** The responses' original sizes. */
    private final TypicalSize bodies = new TypicalSize();
    /** The last responses' compress nanoseconds per byte, and when each was recorded: a ring. */
    private final double[] recent = new double[WINDOW];
    private final long[] recordedAt = new long[WINDOW];
    private int next;
    /** Where the median is sorted: figures() runs for every candidate of every auto request, under the lock. */
    private final double[] sorted = new double[WINDOW + 1];

    CodingStats(CodingFigures prior) {
        this(prior, System::nanoTime);
    }

    CodingStats(CodingFigures prior, LongSupplier clock) {
        this.clock = clock;
        prior(prior);
    }

    synchronized void prior(CodingFigures prior) {
        decodeNanos = prior.decodeNanos();
        priorCompress = prior.compressNanos();
        if (responses == 0) {
            in = PRIOR_BYTES;
            out = prior.ratio() * PRIOR_BYTES;
        }
    }

    /** One response: {@code in} original bytes became {@code out} coded ones in {@code nanos} of compressing. */
    synchronized void record(long in, long out, long nanos) {
        if (in <= 0 || out <= 0 || nanos < 0) {
            return;
        }
        this.in = this.in * DECAY + in;
        this.out = this.out * DECAY + out;
        bodies.record(in);
        recent[next] = (double) nanos / in;
        recordedAt[next] = clock.getAsLong();
        next = (next + 1) % WINDOW;
        responses++;
    }

    synchronized CodingFigures figures() {
        return new CodingFigures(compressNanos(), out / in, decodeNanos);
    }

    /** The median of the fresh samples, the prior among them while the window is not full. Holds the lock. */
    private double compressNanos() {
        long now = clock.getAsLong();
        int n = 0;
        for (int i = 0; i < (int) Math.min(responses, WINDOW); i++) {
            if (now - recordedAt[i] < Measurement.LIFETIME_NANOS) {
                sorted[n++] = recent[i];
            }
        }
        if (n < WINDOW) {
            sorted[n++] = priorCompress;
        }
        Arrays.sort(sorted, 0, n);
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The recent responses' typical original size in bytes (an average), or -1 before the first. */
    double typicalBytes() {
        return bodies.bytes();
    }

    synchronized long responses() {
        return responses;
    }
}
