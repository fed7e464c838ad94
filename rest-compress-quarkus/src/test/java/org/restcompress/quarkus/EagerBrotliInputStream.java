package org.restcompress.quarkus;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * brotli4j's native decoder, driven so that it hands out what a flushed block decodes to at once. brotli4j's own
 * {@code BrotliInputStream} asks its source for more input first (even with eager output on), so a streamed part
 * would only come out once the next one had arrived, which a test holding the server back never sees.
 */
final class EagerBrotliInputStream extends InputStream {

    private final InputStream in;
    private final DecoderJNI.Wrapper decoder;
    private final byte[] chunk = new byte[16 * 1024];
    private ByteBuffer output = ByteBuffer.allocate(0);
    private boolean closed;

    EagerBrotliInputStream(InputStream in) throws IOException {
        Brotli4jLoader.ensureAvailability();
        this.in = in;
        this.decoder = new DecoderJNI.Wrapper(chunk.length);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!output.hasRemaining()) {
            if (decoder.hasOutput()) {
                output = decoder.pull();
                continue;
            }
            switch (decoder.getStatus()) {
                case DONE:
                    return -1;
                case OK:
                    decoder.push(0);
                    break;
                case NEEDS_MORE_OUTPUT:
                    output = decoder.pull();
                    break;
                case NEEDS_MORE_INPUT:
                    int n = in.read(chunk);
                    if (n < 0) {
                        throw new EOFException("brotli stream truncated");
                    }
                    ByteBuffer input = decoder.getInputBuffer();
                    input.clear();
                    input.put(chunk, 0, n);
                    decoder.push(n);
                    break;
                default:
                    throw new IOException("corrupt brotli stream");
            }
        }
        int n = Math.min(len, output.remaining());
        output.get(b, off, n);
        return n;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            decoder.destroy();
            in.close();
        }
    }
}
