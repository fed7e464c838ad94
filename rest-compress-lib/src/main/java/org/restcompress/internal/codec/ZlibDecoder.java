package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Reads the {@code deflate} coding: zlib-wrapped (RFC 1950, Adler-32 checked by the inflater) when the first two
 * bytes are a valid zlib header, raw deflate (RFC 1951) otherwise, as browsers and curl also do. Bytes after the end
 * of the stream are rejected. An empty body decodes to nothing.
 */
final class ZlibDecoder extends InflatingDecoder {

    private boolean started;

    ZlibDecoder(InputStream source) {
        super(source);
    }

    @Override
    protected Inflater startStream() throws IOException {
        if (started) {
            if (readByte() >= 0) {
                throw new ZipException("unexpected data after the deflate stream");
            }
            return null;
        }
        started = true;
        int cmf = peekByte(0);
        if (cmf < 0) {
            return null;
        }
        int flg = peekByte(1);
        return new Inflater(!isZlibHeader(cmf, flg));
    }

    @Override
    protected void endStream(Inflater finished) {
        // zlib's Adler-32 trailer was checked by the inflater; what follows is checked by startStream
    }

    static boolean isZlibHeader(int cmf, int flg) {
        return flg >= 0 && (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
    }
}
