package org.restcompress.internal.server;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Writes through, and hands each write to {@code copy} as well: a kept form, a recorded dictionary. */
final class Tee extends FilterOutputStream {

    interface Copy {
        void write(byte[] b, int off, int len);
    }

    private final Copy copy;

    Tee(OutputStream out, Copy copy) {
        super(out);
        this.copy = copy;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        copy.write(b, off, len);
    }
}
