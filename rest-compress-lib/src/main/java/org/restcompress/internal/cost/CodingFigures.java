package org.restcompress.internal.cost;

/**
 * What one coding costs per byte of the original body: the server's compress time, the share of bytes left to send,
 * and the client's decode time. Identity is {@code (0, 1, 0)}.
 *
 * @param compressNanos nanoseconds to compress one byte of the original
 * @param ratio         coded size / original size
 * @param decodeNanos   nanoseconds to decode back to one byte of the original
 */
public record CodingFigures(double compressNanos, double ratio, double decodeNanos) {

    public static final CodingFigures IDENTITY = new CodingFigures(0, 1, 0);

    public CodingFigures {
        if (!(compressNanos >= 0) || !(ratio > 0) || !(decodeNanos >= 0) || Double.isInfinite(compressNanos)
                || Double.isInfinite(ratio) || Double.isInfinite(decodeNanos)) {
            throw new IllegalArgumentException("figures must be finite and non-negative, ratio positive: "
                    + compressNanos + ", " + ratio + ", " + decodeNanos);
        }
    }

    /** From speeds in MB/s (10^6 bytes of the original per second), as benchmarks report them. */
    public static CodingFigures ofSpeeds(double compressMBps, double ratio, double decodeMBps) {
        return new CodingFigures(1e3 / compressMBps, ratio, 1e3 / decodeMBps);
    }
}
