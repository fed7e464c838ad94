package org.restcompress.internal.cost;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Counts the bytes given to an encoder and the time spent in it (its writes to the container's stream included: the
 * caller subtracts them, as measured by a {@link WriteMeter} beneath). Not thread-safe.
 */
public final class TimedEncoder extends OutputStream {

    private final OutputStream encoder;
    private long bytes;
    private long nanos;

    /** @param setupNanos the time it took to make {@code encoder}, counted as its own */
    public TimedEncoder(OutputStream encoder, long setupNanos) {
        this.encoder = Objects.requireNonNull(encoder, "encoder");
        this.nanos = setupNanos;
    }

    @Override
    public void write(int b) throws IOException {
        long start = System.nanoTime();
        try {
            encoder.write(b);
            bytes++;
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        long start = System.nanoTime();
        try {
            encoder.write(b, off, len);
            bytes += len;
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    @Override
    public void flush() throws IOException {
        long start = System.nanoTime();
        try {
            encoder.flush();
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    @Override
    public void close() throws IOException {
        long start = System.nanoTime();
        try {
            encoder.close();
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    /** Bytes given to the encoder. */
    public long bytes() {
        return bytes;
    }

    /** Nanoseconds spent making the encoder and in its methods. */
    public long nanos() {
        return nanos;
    }
}
