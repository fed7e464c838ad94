package org.restcompress.internal.cost;

import java.util.function.LongSupplier;

/**
 * One resource method's bodies as auto needs to know them before the next is written: their typical size (whether it
 * will stream, {@link AutoCoding#streamed}) and the server's work per byte of them besides the codec's (producing the
 * body, handing it to the socket: {@link ServerCpu}), which every coding pays in the same thread as its own. A
 * method's bodies are mostly alike. Also what auto keeps per method: its last decision, and its probes' pacing.
 * Thread-safe.
 */
public final class MethodBodies {

    private final TypicalSize size = new TypicalSize();
    private final RecentMedian work;
    private final LongSupplier clock;
    /** Responses measured, and since the last one measured: racy, as they only pace the measuring. */
    private int measured;
    private int unmeasured;
    private volatile long measuredAt;
    /** Auto's last decision for this method ({@link AutoCoding.Made}), reused while its inputs repeat. */
    volatile AutoCoding.Made last;
    /** What the method's coded responses have put aside for probes, in ns per byte ({@link #probe}). */
    private double probeCredit;
    /** Probes in a row that changed nothing, at most {@link #MAX_BACKOFF}: each halves how often they come. */
    private int backoff;
    private boolean probed;

    public MethodBodies() {
        this(System::nanoTime);
    }

    MethodBodies(LongSupplier clock) {
        this.clock = clock;
        work = new RecentMedian(RecentMedian.NONE, clock);
    }

    /**
     * After a method's first {@link RecentMedian#WINDOW} measured responses, one in this many is measured: the median
     * then spans its last 120 responses, and the others skip two reads of the thread's CPU clock ({@link ServerCpu}, a
     * system call each: a fifth to a quarter of what auto added to a body sent as it is, hinted-path-profile.md).
     */
    static final int MEASURE_EVERY = 8;

    /**
     * Whether this response's server work is measured: each of the method's first {@link RecentMedian#WINDOW}, then
     * one in {@link #MEASURE_EVERY}, and any after a pause in which the median's samples could have grown old.
     */
    public boolean measuresWork() {
        if (measured >= RecentMedian.WINDOW && ++unmeasured < MEASURE_EVERY
                && clock.getAsLong() - measuredAt < Measurement.LIFETIME_NANOS / RecentMedian.WINDOW) {
            return false;
        }
        unmeasured = 0;
        return true;
    }

    /**
     * One response: {@code originalBytes} before coding, for which the server's thread spent {@code workNanos} of CPU
     * besides the codec's (negative: not measured).
     */
    public void record(long originalBytes, long workNanos) {
        size.record(originalBytes);
        if (originalBytes > 0 && workNanos >= 0) {
            if (originalBytes >= AutoCoding.TELLING_BYTES) { // a small body's fixed costs would read as large per byte
                work.add((double) workNanos / originalBytes);
            }
            measured++;
            measuredAt = clock.getAsLong();
        }
    }

    /** A probe comes at most this many times less often ({@code 2^MAX_BACKOFF}) when probes keep changing nothing. */
    static final int MAX_BACKOFF = 3;

    /**
     * Whether this response is a probe: each response whose decision may need one adds {@code earned} to the credit,
     * and a probe, costing {@code cost}, is sent once the credit covers it (twice as much after each probe that
     * changed nothing, {@link #decided}). So probes cost at most a set share of the method's time, however much each
     * costs.
     */
    synchronized boolean probe(double earned, double cost) {
        double due = cost * (1 << backoff);
        probeCredit = Math.min(probeCredit + earned, due); // not a run of probes once they cost less
        if (probeCredit < due) {
            return false;
        }
        probeCredit = 0;
        probed = true;
        return true;
    }

    /**
     * The method's decision was made again, {@code changed} from the last one or not. The first after a probe, if
     * unchanged, takes the probe to have confirmed the link: probes come less often. Any change brings them back as
     * often as at first: that first decision may be another client's, made before the probed client read its probe
     * and sent the faster link it showed.
     */
    synchronized void decided(boolean changed) {
        if (changed) {
            backoff = 0;
        } else if (probed) {
            backoff = Math.min(backoff + 1, MAX_BACKOFF);
        }
        probed = false;
    }

    /** The typical size in bytes, or -1 before the first response. */
    public double bytes() {
        return size.bytes();
    }

    /** The server's nanoseconds of work per original byte besides the codec's, 0 before the first response. */
    public double workNanos() {
        return work.value();
    }
}
