package org.restcompress.internal.cost;

import java.util.function.LongSupplier;

/**
 * One coding's figures as this application's own responses show them, starting from a prior. The ratio is a moving
 * average weighted by bytes (a large body says more than a small one), decaying by {@link #DECAY} per response. The
 * compress time is the recent responses' median ({@link RecentMedian}): an average would let one slow response make
 * the coding look slow until ten more were sent in it, which a coding that looks slow never is; and samples expire, so
 * a coding judged on a bad minute is judged on its prior again later. The client's decode time cannot be observed by
 * the server: it stays the prior's (measured once by {@link Calibration}). Thread-safe.
 */
final class CodingStats {

    /** Each response keeps this share of the past ratio: about the last 10 responses count. */
    static final double DECAY = 0.9;
    /** The prior's ratio counts as this many bytes of evidence: the first real response of any size outweighs it. */
    static final double PRIOR_BYTES = 16 * 1024;
    private double in;
    private double out;
    private double decodeNanos;
    private long responses;
    /** The responses' original sizes. */
    private final TypicalSize bodies = new TypicalSize();
    /** Compress nanoseconds per original byte. */
    private final RecentMedian compress;

    CodingStats(CodingFigures prior) {
        this(prior, System::nanoTime);
    }

    CodingStats(CodingFigures prior, LongSupplier clock) {
        compress = new RecentMedian(prior.compressNanos(), clock);
        prior(prior);
    }

    synchronized void prior(CodingFigures prior) {
        decodeNanos = prior.decodeNanos();
        compress.prior(prior.compressNanos());
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
        compress.add((double) nanos / in);
        responses++;
    }

    synchronized CodingFigures figures() {
        return new CodingFigures(compress.value(), out / in, decodeNanos);
    }

    /** The recent responses' typical original size in bytes (an average), or -1 before the first. */
    double typicalBytes() {
        return bodies.bytes();
    }

    synchronized long responses() {
        return responses;
    }
}
