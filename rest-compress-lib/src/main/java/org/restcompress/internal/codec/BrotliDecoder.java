package org.restcompress.internal.codec;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Reads the {@code br} coding through brotli4j's native decoder, handing out decoded bytes as soon as there are any.
 * (brotli4j's own BrotliInputStream asks for more input first, which stalls a flushed streaming response until the
 * next event.) Truncated input and bytes after the end of the stream are errors; the native decoder is destroyed at
 * the end, on error, and on close.
 */
final class BrotliDecoder extends BulkInputStream {

    private static final int CHUNK = 16 * 1024;

    private final InputStream source;
    private final DecoderJNI.Wrapper decoder;
    private final byte[] chunk = new byte[CHUNK];
    private ByteBuffer output;
    private boolean released;
    private boolean ended;
    /** A dictionary the native decoder reads from: kept reachable while it may. */
    private final ByteBuffer dictionary;

    /** {@code dictionary}: a direct buffer attached as a raw prefix dictionary, or {@code null}. */
    BrotliDecoder(InputStream source, ByteBuffer dictionary) throws IOException {
        this.source = Objects.requireNonNull(source, "source");
        this.decoder = new DecoderJNI.Wrapper(CHUNK);
        this.dictionary = dictionary;
        if (dictionary != null && !decoder.attachDictionary(dictionary)) {
            decoder.destroy();
            throw new IOException("brotli: the dictionary could not be attached");
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (ended) {
                return -1;
            }
            if (released) {
                throw new IOException("stream closed"); // also after a failure: never a second answer
            }
            if (output != null && output.hasRemaining()) { // points into native memory: only while not released
                int n = Math.min(len, output.remaining());
                output.get(b, off, n);
                return n;
            }
            output = null;
            step();
        }
    }

    /** Advances the decoder by one step: output pulled, input pushed, or the end reached. */
    private void step() throws IOException {
        switch (decoder.getStatus()) {
            case NEEDS_MORE_OUTPUT:
                output = decoder.pull();
                break;
            case NEEDS_MORE_INPUT:
                if (decoder.hasOutput()) {
                    output = decoder.pull(); // what the input so far makes decodable, now
                } else {
                    push();
                }
                break;
            case OK:
                decoder.push(0);
                break;
            case DONE:
                if (decoder.hasOutput()) {
                    output = decoder.pull();
                } else {
                    finish();
                }
                break;
            default:
                release();
                throw new IOException("corrupt brotli data");
        }
    }

    private void push() throws IOException {
        int n;
        do {
            n = source.read(chunk, 0, chunk.length);
        } while (n == 0);
        if (n < 0) {
            release();
            throw new EOFException("truncated: input ended inside the brotli stream");
        }
        ByteBuffer input = decoder.getInputBuffer();
        input.clear();
        input.put(chunk, 0, n);
        decoder.push(n);
    }

    private void finish() throws IOException {
        release();
        if (source.read() >= 0) {
            throw new IOException("unexpected data after the brotli stream");
        }
        ended = true;
    }

    private void release() {
        if (!released) {
            released = true;
            output = null;
            decoder.destroy();
        }
    }

    @Override
    public void close() throws IOException {
        release();
        source.close();
    }
}
