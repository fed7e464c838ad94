package org.restcompress.internal.cost;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Times the writes of a response to the container's stream, to learn how fast the link drains. A write of at most
 * {@link #CHUNK} bytes that waits {@link #BLOCKED} or longer found the socket's buffer full and returned as the link
 * made room: the buffer is full when it ends. So from the end of one such write to the end of the next waiting one,
 * the link carried just the bytes written in between; those pairs' bytes over their time is the link's speed (a
 * single waiting write would overstate it: part of it may have filled room made while the encoder worked). A
 * response the buffers absorb whole (on a 10 Mbit/s link with Linux's buffers, several hundred kilobytes) shows
 * nothing: then the client's own measurement ({@code Downlink}) or the configured speed tells. Costs two clock reads
 * per chunk (per write, where the link's waits are not timed). Not thread-safe: one response is written by one
 * thread at a time.
 */
public final class WriteMeter extends OutputStream {

    /** Long writes are timed in chunks, so that filling the empty buffer is told apart from waiting for it. */
    static final int CHUNK = 64 * 1024;
    /**
     * A chunk copied into the socket's buffer takes tens of microseconds; one that waits 1 ms or more waited for the
     * link (a chunk takes 5 ms at 100 Mbit/s). Shorter waits are not told from a descheduled thread on a busy host.
     */
    static final long BLOCKED = 1_000_000;
    /** Fewer pairs of waiting writes, or less time between them, is no evidence. */
    static final int MIN_PAIRS = 2;
    static final long MIN_EVIDENCE = 5_000_000;

    private final OutputStream out;
    private final int chunk;
    private long bytes;
    private long nanos;
    /** When the last waiting write ended (its buffer full), or -1 */
    private long lastBlockEnd = -1;
    private long bytesSinceBlock;
    private long pairedBytes;
    private long pairedNanos;
    private int pairs;

    /**
     * @param out        the container's stream
     * @param timesWaits whether the link's waits are timed ({@link #bitsPerSecond()}): long writes go out in
     *                   {@link #CHUNK}s. Without, each write goes out whole, as it would without the meter: cut in
     *                   two, a 100 KB body took a second write to the socket.
     */
    public WriteMeter(OutputStream out, boolean timesWaits) {
        this.out = Objects.requireNonNull(out, "out");
        this.chunk = timesWaits ? CHUNK : Integer.MAX_VALUE;
    }

    @Override
    public void write(int b) throws IOException {
        long start = System.nanoTime();
        out.write(b);
        timed(start, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            int n = Math.min(len, chunk);
            long start = System.nanoTime();
            out.write(b, off, n);
            timed(start, n);
            off += n;
            len -= n;
        }
    }

    @Override
    public void flush() throws IOException {
        long start = System.nanoTime();
        out.flush();
        timed(start, 0);
    }

    /** The container's stream stays open: it ends the response itself. */
    @Override
    public void close() throws IOException {
        flush();
    }

    private void timed(long start, int n) {
        long end = System.nanoTime();
        long took = end - start;
        bytes += n;
        nanos += took;
        bytesSinceBlock += n;
        if (took >= BLOCKED) {
            if (lastBlockEnd >= 0 && bytesSinceBlock > 0) {
                pairedBytes += bytesSinceBlock;
                pairedNanos += end - lastBlockEnd;
                pairs++;
            }
            lastBlockEnd = end;
            bytesSinceBlock = 0;
        }
    }

    /** Bytes written. */
    public long bytes() {
        return bytes;
    }

    /** Nanoseconds spent in writes, waiting included: not the encoder's time. */
    public long nanos() {
        return nanos;
    }

    /** The link's speed in bits per second as this response showed it, or 0 when it showed nothing. */
    public double bitsPerSecond() {
        return speed(pairs, pairedBytes, pairedNanos);
    }

    /** The rule of {@link #bitsPerSecond()}, on its figures: pure, for tests. */
    static double speed(int pairs, long pairedBytes, long pairedNanos) {
        if (pairs < MIN_PAIRS || pairedNanos < MIN_EVIDENCE) {
            return 0;
        }
        return pairedBytes * 8e9 / pairedNanos;
    }

    @Override
    public String toString() {
        return "WriteMeter[" + bytes + " bytes in " + nanos / 1000 + " us; between waits " + pairedBytes
                + " bytes in " + pairedNanos / 1000 + " us]";
    }
}
