package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;

/** {@code InputStream.read()} for streams whose bulk read does the work (and may return 0 before the end). */
public final class SingleByte {

    private SingleByte() {
    }

    /** One byte through {@code stream.read(one, 0, 1)}, or -1 at the end; {@code one} is the caller's scratch. */
    public static int read(InputStream stream, byte[] one) throws IOException {
        int n;
        do {
            n = stream.read(one, 0, 1);
        } while (n == 0);
        return n < 0 ? -1 : one[0] & 0xff;
    }
}
