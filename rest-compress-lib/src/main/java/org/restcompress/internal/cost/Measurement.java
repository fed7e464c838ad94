package org.restcompress.internal.cost;

/**
 * A link speed measured now and then, on the server ({@link LinkSpeed}) and on the client (per origin): the samples
 * averaged, each new one weighing {@link #WEIGHT}, and counting for {@link #LIFETIME_NANOS}, so that a link that
 * changes is not judged by an old measurement forever. Not thread-safe: its owner synchronizes.
 */
public final class Measurement {

    /** A measurement counts this long. */
    public static final long LIFETIME_NANOS = 10L * 60 * 1_000_000_000;
    /** A new sample's weight: links change, so the last two responses mostly decide. */
    static final double WEIGHT = 0.5;

    private double value;
    private long at;
    private boolean seen;

    /** Adds {@code sample}, taken at {@code now} ({@link System#nanoTime()}); an expired average is not averaged in. */
    public void add(double sample, long now) {
        value = fresh(now) ? value * (1 - WEIGHT) + sample * WEIGHT : sample;
        at = now;
        seen = true;
    }

    /**
     * Adds {@code sample}, or, when it only says "at least", raises the average to it but never lowers it (averaged
     * in, a body that arrived too fast to time would pull a faster link's reading down to what could be timed).
     */
    public void add(double sample, boolean atLeast, long now) {
        if (!atLeast) {
            add(sample, now);
            return;
        }
        value = fresh(now) ? Math.max(value, sample) : sample;
        at = now;
        seen = true;
    }

    /** Whether a sample was added less than {@link #LIFETIME_NANOS} before {@code now}. */
    public boolean fresh(long now) {
        return seen && now - at < LIFETIME_NANOS;
    }

    /** The average; meaningful while {@link #fresh}. */
    public double value() {
        return value;
    }
}
