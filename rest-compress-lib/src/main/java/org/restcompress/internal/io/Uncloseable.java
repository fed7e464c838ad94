package org.restcompress.internal.io;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Shields a container's stream from codecs that close what they wrap: the container owns its streams. */
public final class Uncloseable {

    private Uncloseable() {
    }

    public static OutputStream output(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() {
                // Left open, and not flushed either: the container writes what it holds together with the end of
                // the response, where a flush here would cost a write (and a chunk) of its own.
            }
        };
    }
}
