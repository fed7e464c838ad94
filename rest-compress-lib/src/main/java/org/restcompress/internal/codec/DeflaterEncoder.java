package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * A deflating stream that owns its {@link Deflater}: {@code flush()} is a zlib sync flush (the bytes so far become
 * decodable), and {@code close()} ends the deflater even when writing the final block fails (client gone).
 */
class DeflaterEncoder extends DeflaterOutputStream {

    /**
     * Compressed output goes to the container in pieces of this size. Small enough for containers to gather them into
     * their own buffer (Jetty copies writes of up to 8 KB, and writes larger ones to the socket at once).
     */
    static final int BUFFER_SIZE = 8 * 1024;

    private boolean closed;

    DeflaterEncoder(OutputStream sink, Deflater deflater) {
        super(sink, deflater, BUFFER_SIZE, true);
    }

    /** Called after the deflate stream's final block is written, before the sink is closed. */
    protected void writeTrailer() throws IOException {
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            finish();
            writeTrailer();
        } finally {
            def.end();
            out.close();
        }
    }
}
