package org.restcompress.internal.cost;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.DoubleConsumer;

/**
 * The client's side of the link's speed: times the reads of a response body from the connection after the first
 * (the wait for that one is the server's time, not the link's, and its bytes arrived while it lasted), and reports
 * bits per second once the body has ended, if at least {@link #MIN_BYTES} were timed. Only time spent inside reads
 * counts, so a slow reader (or decoder) does not make the link look slow. A body that arrived in less than
 * {@link #MIN_NANOS} is read as taking that long: a reading too short to trust says only that the link is at least
 * that fast, and it must still be said, or a client whose link got faster would keep its old, slow reading while the
 * small coded bodies that reading earns arrive too fast to replace it. Reports once. Not thread-safe.
 */
public final class ReceiveMeter extends FilterInputStream {

    /** Shorter bodies arrive in one burst from the sender's buffers, too fast to tell a link's speed. */
    static final long MIN_BYTES = 16 * 1024;
    static final long MIN_NANOS = 200_000;

    private final DoubleConsumer report;
    private boolean started;
    private boolean reported;
    private long bytes;
    private long nanos;

    public ReceiveMeter(InputStream in, DoubleConsumer report) {
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
        int n = in.read(b, off, len);
        counted(start, n);
        return n;
    }

    private void counted(long start, int n) {
        if (n < 0) {
            end();
        } else if (started) {
            bytes += n;
            nanos += System.nanoTime() - start;
        } else if (n > 0) {
            started = true; // the first bytes' wait was the server's; they may have arrived long before it ended
        }
    }

    /** A body closed before its end says nothing reliable: only the end reports. */
    private void end() {
        if (!reported) {
            reported = true;
            double speed = speed(bytes, nanos);
            if (speed > 0) {
                report.accept(speed);
            }
        }
    }

    /** Bits per second, at most {@code bytes} over {@link #MIN_NANOS}, or 0 when the body is too small to say. */
    static double speed(long bytes, long nanos) {
        return bytes >= MIN_BYTES ? bytes * 8e9 / Math.max(nanos, MIN_NANOS) : 0;
    }
}
