package org.restcompress.internal.cost;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The client's side of the link's speed: times the reads of a response body from the connection after the first
 * (the wait for that one is the server's time, not the link's), and reports bits per second once the body has ended.
 * Only time spent inside reads counts, so a slow reader (or decoder) does not make the link look slow. The speed is
 * that of the body's second half, of at least {@link #MIN_BYTES}: the first kilobytes may come at once from buffers
 * in front of the link (a shaper's token bucket), which tells their size, not the link's speed. A half faster than
 * {@link #MIN_NANOS} is reported as "at least" that long: it may raise a slower reading, never lower a faster one.
 * Reads are sliced to an eighth of the bytes so far, at least {@link #SLICE}, so the half is found within a sixteenth
 * of the body; progress is kept at {@link #POINTS} points, thinned as it grows. The measurements behind each choice
 * are in docs/choosing-the-coding.md ("Link"). Reports once. Not thread-safe.
 */
public final class ReceiveMeter extends FilterInputStream {

    /** A second half shorter than this arrives in one burst from the sender's buffers, too fast to tell the link. */
    static final long MIN_BYTES = 16 * 1024;
    /** Shorter is too fast to time: buffered bytes come at memory speed; 16 KB in 50 us is 2.6 Gbit/s. */
    static final long MIN_NANOS = 50_000;
    /** Progress points kept, at most: enough to find the second half within a sixteenth of the body. */
    static final int POINTS = 32;
    /** Reads of at most this much, or an eighth of the body so far: halves told apart however a decoder reads. */
    static final int SLICE = 8192;

    private final Reading report;
    private boolean started;
    private boolean reported;
    private boolean told;
    private long bytes;
    private long nanos;
    /** Bytes and read time so far, every {@code stride}-th timed read; point 0 is the start. */
    private final long[] bytesAt = new long[POINTS];
    private final long[] nanosAt = new long[POINTS];
    private int points = 1;
    private int stride = 1;
    private int reads;
    /** A body too small to time alone: its second half's bytes and read time, for {@link Measurement#pool}. */
    private long untimedBytes;
    private long untimedNanos;

    /** Where a body's reading goes. */
    @FunctionalInterface
    public interface Reading {
        /**
         * @param bitsPerSecond the link's speed as the body showed it
         * @param atLeast       whether it arrived too fast to time: the link is at least that fast, maybe faster
         */
        void accept(double bitsPerSecond, boolean atLeast);
    }

    public ReceiveMeter(InputStream in, Reading report) {
        super(in);
        this.report = report;
    }

    @Override
    public int read() throws IOException {
        long start = System.nanoTime();
        int b = in.read();
        counted(start, b < 0 ? -1 : 1);
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        long start = System.nanoTime();
        int n = in.read(b, off, (int) Math.min(len, Math.max(SLICE, bytes / 8)));
        counted(start, n);
        return n;
    }

    private void counted(long start, int n) {
        if (n < 0) {
            end();
        } else if (started) {
            bytes += n;
            nanos += System.nanoTime() - start;
            if (++reads % stride == 0) {
                point();
            }
        } else if (n > 0) {
            started = true; // the first bytes' wait was the server's; they may have arrived long before it ended
        }
    }

    private void point() {
        if (points == POINTS) { // keep every other point, and take half as many from now on
            for (int i = 1; i < POINTS / 2; i++) {
                bytesAt[i] = bytesAt[2 * i];
                nanosAt[i] = nanosAt[2 * i];
            }
            points = POINTS / 2;
            stride *= 2;
        }
        bytesAt[points] = bytes;
        nanosAt[points] = nanos;
        points++;
    }

    /** A body closed before its end says nothing reliable: only the end reports. */
    private void end() {
        if (!reported) {
            reported = true;
            int from = halfPoint(bytesAt, points, bytes);
            long timedBytes = bytes - bytesAt[from];
            long timedNanos = nanos - nanosAt[from];
            double speed = speed(timedBytes, timedNanos);
            if (speed > 0) {
                told = true;
                report.accept(speed, timedNanos < MIN_NANOS);
            } else {
                untimedBytes = timedBytes;
                untimedNanos = timedNanos;
            }
        }
    }

    /**
     * Whether the coding hid the link: the body ended too small on the wire to time, though its {@code decodedBytes}
     * sent as they are would have been timed. Such a body cannot confirm the reading it was chosen by
     * ({@link Measurement#unconfirmed}).
     */
    public boolean hidTheLink(long decodedBytes) {
        return endedUntold() && timeable(decodedBytes);
    }

    /** The second half's bytes of a body that ended too small to time ({@link #hidTheLink}); 0 otherwise. */
    public long untimedBytes() {
        return untimedBytes;
    }

    /** The time spent reading them. */
    public long untimedNanos() {
        return untimedNanos;
    }

    /** Whether the body ended and was too small to tell the link: it reported nothing. */
    boolean endedUntold() {
        return reported && !told;
    }

    /** Whether a body of {@code bytes} has a second half large enough to time, had it come as it is. */
    static boolean timeable(long bytes) {
        return bytes / 2 >= MIN_BYTES;
    }

    /**
     * The speed from the last point at or before half of {@code bytes} to the end ({@code bytes} in {@code nanos}),
     * points ascending from (0, 0): at least the second half, however coarse the reads (a decoder may read 64 KB
     * blocks).
     */
    static double secondHalf(long[] bytesAt, long[] nanosAt, int points, long bytes, long nanos) {
        int i = halfPoint(bytesAt, points, bytes);
        return speed(bytes - bytesAt[i], nanos - nanosAt[i]);
    }

    private static int halfPoint(long[] bytesAt, int points, long bytes) {
        int i = 0;
        while (i + 1 < points && bytesAt[i + 1] <= bytes / 2) {
            i++;
        }
        return i;
    }

    /** Bits per second, at most {@code bytes} over {@link #MIN_NANOS}, or 0 when too few bytes to say. */
    static double speed(long bytes, long nanos) {
        return bytes >= MIN_BYTES ? bytes * 8e9 / Math.max(nanos, MIN_NANOS) : 0;
    }
}
