package org.restcompress.internal.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Holds the start of a body until it is clear whether encoding pays: once {@code threshold} bytes have been written
 * the body is encoded from its first byte on; a body that ends shorter goes out as it is. Holds at most
 * {@code threshold - 1} bytes.
 *
 * <p>A flush before the outcome is known either commits to encoding ({@code streaming}: the application is sending a stream
 * whose length nobody knows, such as events; once it has written something, so that an empty body stays unencoded)
 * or is held back (message body writers such as Jackson's flush at the end of every body, which says nothing about
 * its length).
 */
public final class DeferredOutputStream extends OutputStream {

    /**
     * What the body turns out to be, told once: its side effects happen there (response headers first, then the
     * stream to write to).
     */
    public interface Outcome {
        /** The body will be encoded: returns the encoding stream, whose close finishes the coding. */
        OutputStream encode() throws IOException;

        /** The body goes out unencoded and is exactly {@code length} bytes long. */
        void identity(int length) throws IOException;
    }

    private final OutputStream raw;
    private final int threshold;
    private final boolean streaming;
    private final Outcome outcome;
    private byte[] held = new byte[0];
    private int count;
    private OutputStream target;
    private boolean finished;
    private final byte[] one = new byte[1];

    public DeferredOutputStream(OutputStream raw, int threshold, boolean streaming, Outcome outcome) {
        this.raw = Objects.requireNonNull(raw, "raw");
        this.threshold = Math.max(threshold, 1); // an empty body never is encoded
        this.streaming = streaming;
        this.outcome = Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (finished) {
            throw new IOException("stream closed");
        }
        if (target == null) {
            if (count + len < threshold) {
                hold(b, off, len);
                return;
            }
            startEncoding();
        }
        target.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        if (finished) {
            return;
        }
        if (target == null && streaming && count > 0) {
            startEncoding();
        }
        if (target != null) {
            target.flush();
        }
    }

    /** Ends the body: decides for identity if still undecided, and finishes the coding. Idempotent. */
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        if (target == null) {
            outcome.identity(count);
            if (count > 0) {
                raw.write(held, 0, count);
            }
            held = null;
        } else {
            target.close();
        }
    }

    /** Whether the body is being encoded. */
    public boolean isEncoding() {
        return target != null;
    }

    /** Releases the encoder after a failed write (the client went away); never throws. */
    public void abandon(Throwable failure) {
        if (target != null && !finished) {
            finished = true;
            Closing.afterFailure(target, failure);
        }
        finished = true;
    }

    /** Treats a close by the message body writer as the end of the body; the container's stream stays open. */
    @Override
    public void close() throws IOException {
        finish();
    }

    private void hold(byte[] b, int off, int len) {
        if (count + len > held.length) {
            byte[] bigger = new byte[Math.min(threshold, Math.max(count + len, Math.max(256, held.length * 2)))];
            System.arraycopy(held, 0, bigger, 0, count);
            held = bigger;
        }
        System.arraycopy(b, off, held, count, len);
        count += len;
    }

    private void startEncoding() throws IOException {
        target = outcome.encode();
        if (count > 0) {
            target.write(held, 0, count);
        }
        held = null;
    }
}
