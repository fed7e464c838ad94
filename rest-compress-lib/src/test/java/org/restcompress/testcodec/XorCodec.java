package org.restcompress.testcodec;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;

/**
 * A user's own content coding, as an application would write it outside the library: found through
 * {@code META-INF/services}, bound with the application's own {@link Xor} annotation. It XORs every byte.
 */
public final class XorCodec implements ContentCodec {

    public static final String TOKEN = "x-xor";
    private static final int KEY = 0x5a;

    @Override
    public String token() {
        return TOKEN;
    }

    /** Set by a test: the encoder fails to start, as one whose native context cannot be had. */
    public static volatile boolean refuseToStart;

    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        if (refuseToStart) {
            throw new IOException("x-xor cannot start");
        }
        return new FilterOutputStream(sink) {
            @Override
            public void write(int b) throws IOException {
                out.write(b ^ KEY);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                byte[] x = new byte[len];
                for (int i = 0; i < len; i++) {
                    x[i] = (byte) (b[off + i] ^ KEY);
                }
                out.write(x);
            }
        };
    }

    @Override
    public InputStream decode(InputStream source) {
        return new FilterInputStream(source) {
            @Override
            public int read() throws IOException {
                int b = in.read();
                return b < 0 ? b : (b ^ KEY);
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = in.read(b, off, len);
                for (int i = 0; i < n; i++) {
                    b[off + i] ^= KEY;
                }
                return n;
            }
        };
    }
}
