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

    /** Responses in a row that could not confirm the average before it is dropped ({@link #unconfirmed}). */
    public static final int MAX_UNCONFIRMED = 16;

    /** Small bodies' bytes pooled into one reading ({@link #pool}). */
    static final long POOL_BYTES = 64 * 1024;

    private double value;
    /** Second halves of small bodies, while no reading is fresh. */
    private long pooledBytes;
    private long pooledNanos;
    private long at;
    private boolean seen;
    private int unconfirmed;
    /** Whether the last sample came from a coded body. */
    private boolean coded;
    /** The average as a {@code Downlink} value, once asked for; {@code null} after it changed. */
    private String downlink;

    /** Adds {@code sample}, taken at {@code now} ({@link System#nanoTime()}); an expired average is not averaged in. */
    public void add(double sample, long now) {
        add(sample, false, now);
    }

    /**
     * A response that would have shown the link had it come as it is, but did not: its coding made it too small to
     * time. After {@link #MAX_UNCONFIRMED} in a row the average is dropped. Otherwise one bad reading (a client's
     * first responses, read while its JIT had not compiled the reads, measured a veth as 61 Mbit/s) makes a server
     * choosing by cost send a coding whose small bodies can never correct it, for as long as the reading lives.
     * Without it the server assumes its own figure, and the next body large enough to time measures afresh.
     */
    public void unconfirmed() {
        if (seen && ++unconfirmed >= MAX_UNCONFIRMED) {
            seen = false;
            unconfirmed = 0;
        }
    }

    /**
     * Adds {@code sample}, or, when it only says "at least", raises the average to it but never lowers it (averaged
     * in, a body that arrived too fast to time would pull a faster link's reading down to what could be timed).
     */
    public void add(double sample, boolean atLeast, long now) {
        add(sample, atLeast, false, now);
    }

    /**
     * {@link #add(double, boolean, long)} for a body that came as it is ({@code uncoded}) or coded. An uncoded body's
     * reading is the link's, where a coded body's may be its encoder's pace (a server's lz4 produced 470 Mbit/s, which
     * a client read on a veth that carries 2 Gbit/s). So after coded bodies it replaces their average rather than
     * being averaged with readings that were perhaps paced; after uncoded ones it is averaged in, as a single reading
     * varies. A server choosing by cost sends such a body now and then as a probe ({@link AutoCoding}).
     */
    public void add(double sample, boolean atLeast, boolean uncoded, long now) {
        double was = value;
        if (!fresh(now)) {
            value = sample;
        } else if (atLeast) {
            value = Math.max(value, sample);
        } else {
            value = uncoded && coded ? sample : value * (1 - WEIGHT) + sample * WEIGHT;
        }
        coded = !uncoded;
        pooledBytes = 0; // what was pooled before a reading says nothing once it expires
        pooledNanos = 0;
        if (value != was) {
            downlink = null;
        }
        at = now;
        seen = true;
        unconfirmed = 0;
    }

    /**
     * A body whose coding hid the link ({@link ReceiveMeter#hidTheLink}: too small to time on the wire, timeable as it
     * is): with a fresh reading, it could not confirm it ({@link #unconfirmed}); with none, its second half is pooled
     * with the next ones', and once they hold {@link #POOL_BYTES}, their pace is taken as one reading of a coded body.
     * Without it a client whose server chose a coding that makes its bodies small (zstd's 21 KB for 100 KB of JSON)
     * never learns its link, and so never gets the body as it is, however fast the link: the NetworkReport's hinted
     * client sent no {@code Downlink} in 600 such requests. A pooled pace may be a buffer's rather than the link's; the
     * body as it is that a fast one brings is large enough to time alone, and its reading replaces the pooled one.
     */
    public void pool(long bytes, long nanos, long now) {
        if (fresh(now)) {
            unconfirmed();
            return;
        }
        pooledBytes += bytes;
        pooledNanos += nanos;
        if (pooledBytes >= POOL_BYTES) {
            add(pooledBytes * 8e9 / Math.max(pooledNanos, ReceiveMeter.MIN_NANOS), pooledNanos < ReceiveMeter.MIN_NANOS,
                    false, now);
            pooledBytes = 0;
            pooledNanos = 0;
        }
    }

    /** Whether a sample was added less than {@link #LIFETIME_NANOS} before {@code now}. */
    public boolean fresh(long now) {
        return seen && now - at < LIFETIME_NANOS;
    }

    /** The average; meaningful while {@link #fresh}. */
    public double value() {
        return value;
    }

    /**
     * The average as a client sends it, {@link LinkSpeed#downlinkValue}: formatted once for all the requests until it
     * changes (a client reading only "at least" keeps it for good), not in each request.
     */
    public String downlinkValue() {
        if (downlink == null) {
            downlink = LinkSpeed.downlinkValue(value);
        }
        return downlink;
    }
}
