package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;

/** A stream whose bulk read does the work (and may return 0 before the end): a single byte is one bulk read. */
public abstract class BulkInputStream extends InputStream {

    private final byte[] one = new byte[1];

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;

    @Override
    public int read() throws IOException {
        int n;
        do {
            n = read(one, 0, 1);
        } while (n == 0);
        return n < 0 ? -1 : one[0] & 0xff;
    }
}
