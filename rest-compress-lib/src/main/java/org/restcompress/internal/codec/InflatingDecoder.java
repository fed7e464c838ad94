package org.restcompress.internal.codec;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Reads a deflate-based format with an {@link Inflater} it owns and ends on close or end of input. Subclasses read
 * the framing around the deflate data (gzip header and trailer, zlib sniffing) through {@link #readByte()}, which
 * shares one buffer with the inflater, so that nothing is read past the end of the coded body.
 */
abstract class InflatingDecoder extends BulkInputStream {

    private final InputStream source;
    private final byte[] buffer = new byte[DeflaterEncoder.BUFFER_SIZE];
    private int position;
    private int limit;
    private Inflater inflater;
    private boolean inflating;
    private boolean ended;
    private boolean closed;

    InflatingDecoder(InputStream source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /**
     * Reads what comes before a deflate stream and returns the inflater to read it with (a new one, or the previous
     * one reset), or {@code null} when the coded body has ended cleanly. The last inflater returned is ended here.
     */
    protected abstract Inflater startStream() throws IOException;

    /** Reads and checks what follows a finished deflate stream. */
    protected abstract void endStream(Inflater finished) throws IOException;

    /** Sees every decoded byte, in order (for checksums). */
    protected void decoded(byte[] b, int off, int len) {
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("stream closed");
        }
        if (len == 0) {
            return 0;
        }
        while (!ended) {
            if (!inflating) {
                Inflater next = startStream();
                if (next == null) {
                    end();
                    break;
                }
                inflater = next;
                inflating = true;
            }
            int n = inflate(b, off, len);
            if (n > 0) {
                decoded(b, off, n);
                return n;
            }
            if (inflater.finished()) {
                inflating = false;
                endStream(inflater);
            } else if (inflater.needsDictionary()) {
                throw new ZipException("deflate stream needs a preset dictionary");
            } else if (inflater.needsInput() && !fill()) {
                throw new EOFException("truncated: input ended inside the deflate stream");
            }
        }
        return -1;
    }

    private int inflate(byte[] b, int off, int len) throws ZipException {
        inflater.setInput(buffer, position, limit - position);
        try {
            return inflater.inflate(b, off, len);
        } catch (DataFormatException e) {
            throw new ZipException("corrupt deflate data: " + e.getMessage());
        } finally {
            position = limit - inflater.getRemaining();
        }
    }

    /** The next byte of framing, or -1 at the end of the input. */
    protected final int readByte() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return buffer[position++] & 0xff;
    }

    /** The next byte of framing, which must be there. */
    protected final int requireByte(String what) throws IOException {
        int b = readByte();
        if (b < 0) {
            throw new EOFException("truncated: input ended inside the " + what);
        }
        return b;
    }

    /** Looks at the next byte of framing without consuming it; -1 at the end of the input. */
    protected final int peekByte(int ahead) throws IOException {
        while (limit - position <= ahead) {
            if (position > 0) {
                System.arraycopy(buffer, position, buffer, 0, limit - position);
                limit -= position;
                position = 0;
            }
            int n = source.read(buffer, limit, buffer.length - limit);
            if (n < 0) {
                return -1;
            }
            limit += n;
        }
        return buffer[position + ahead] & 0xff;
    }

    private boolean fill() throws IOException {
        if (position < limit) {
            return true;
        }
        int n;
        do {
            n = source.read(buffer, 0, buffer.length);
        } while (n == 0);
        position = 0;
        limit = Math.max(n, 0);
        return n > 0;
    }

    private void end() {
        ended = true;
        if (inflater != null) {
            inflater.end();
        }
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            end();
            source.close();
        }
    }
}
