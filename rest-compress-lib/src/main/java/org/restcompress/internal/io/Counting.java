package org.restcompress.internal.io;

import java.io.IOException;
import java.io.OutputStream;

/** Counts the bytes that go through to {@code out}; everything else passes as it is, close included. */
public final class Counting extends OutputStream {

    private final OutputStream out;
    private long count;

    public Counting(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        count += len;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** Bytes written through so far. */
    public long count() {
        return count;
    }
}
