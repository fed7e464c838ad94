package org.restcompress.internal.cost;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * A time per byte as recent responses show it: the median of the last {@link #WINDOW} samples younger than
 * {@link Measurement#LIFETIME_NANOS}, a prior (if any) counting as one of them until the window is full. On a shared
 * host one response now and then takes many times its due (its thread was descheduled, a collection paused it, the JIT
 * had not compiled the code yet); an average would let that one response decide until ten more came, the median
 * ignores it. Thread-safe.
 */
final class RecentMedian {

    /** The last this many samples decide. */
    static final int WINDOW = 15;

    private final LongSupplier clock;
    private double prior;
    private long samples;
    private final double[] recent = new double[WINDOW];
    private final long[] recordedAt = new long[WINDOW];
    private int next;
    /** Where the median is sorted: it is asked for once per decision, under the lock. */
    private final double[] sorted = new double[WINDOW + 1];

    /** No prior: the first sample decides, and until then the value is 0. */
    static final double NONE = Double.NaN;

    /** @param prior the value before any sample, or {@link #NONE} */
    RecentMedian(double prior, LongSupplier clock) {
        this.prior = prior;
        this.clock = clock;
    }

    synchronized void prior(double prior) {
        this.prior = prior;
    }

    synchronized void add(double sample) {
        recent[next] = sample;
        recordedAt[next] = clock.getAsLong();
        next = (next + 1) % WINDOW;
        samples++;
    }

    synchronized double value() {
        return value(0);
    }

    /**
     * As {@link #value()}, or 0 while fewer than {@code atLeast} samples are young enough to count (the prior is not
     * one): a median and whether it rests on enough, read at once.
     */
    synchronized double value(int atLeast) {
        long now = clock.getAsLong();
        int n = 0;
        for (int i = 0; i < (int) Math.min(samples, WINDOW); i++) {
            if (now - recordedAt[i] < Measurement.LIFETIME_NANOS) {
                sorted[n++] = recent[i];
            }
        }
        if (n < atLeast) {
            return 0;
        }
        if (n < WINDOW && !Double.isNaN(prior)) {
            sorted[n++] = prior;
        }
        if (n == 0) {
            return 0;
        }
        Arrays.sort(sorted, 0, n);
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
