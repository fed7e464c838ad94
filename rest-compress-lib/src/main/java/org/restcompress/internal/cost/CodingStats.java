package org.restcompress.internal.cost;

/**
 * One coding's figures as this application's own responses show them: moving averages of compress time and ratio,
 * weighted by bytes (a large body says more than a small one) and decaying by {@link #DECAY} per response, starting
 * from a prior. The client's decode time cannot be observed by the server: it stays the prior's (measured once by
 * {@link Calibration}). Thread-safe.
 */
final class CodingStats {

    /** Each response keeps this share of the past: about the last 10 responses count. */
    static final double DECAY = 0.9;
    /** The prior counts as this many bytes of evidence: the first real response of any size outweighs it. */
    static final double PRIOR_BYTES = 16 * 1024;

    private double in;
    private double out;
    private double nanos;
    private double decodeNanos;
    private long responses;

    CodingStats(CodingFigures prior) {
        prior(prior);
    }

    synchronized void prior(CodingFigures prior) {
        decodeNanos = prior.decodeNanos();
        if (responses == 0) {
            in = PRIOR_BYTES;
            out = prior.ratio() * PRIOR_BYTES;
            nanos = prior.compressNanos() * PRIOR_BYTES;
        }
    }

    /** One response: {@code in} original bytes became {@code out} coded ones in {@code nanos} of compressing. */
    synchronized void record(long in, long out, long nanos) {
        if (in <= 0 || out <= 0 || nanos < 0) {
            return;
        }
        this.in = this.in * DECAY + in;
        this.out = this.out * DECAY + out;
        this.nanos = this.nanos * DECAY + nanos;
        responses++;
    }

    synchronized CodingFigures figures() {
        return new CodingFigures(nanos / in, out / in, decodeNanos);
    }

    synchronized long responses() {
        return responses;
    }
}
