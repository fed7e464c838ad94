package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * gzip framing (RFC 1952) around a raw deflate stream: a minimal header (with a random-length comment when padding is
 * asked for), then CRC-32 and length as the trailer.
 */
final class GzipEncoder extends DeflaterEncoder {

    private static final byte[] HEADER = {
        0x1f, (byte) 0x8b, // magic
        Deflater.DEFLATED, // compression method
        0,                 // flags: no name, comment or extra field
        0, 0, 0, 0,        // no modification time
        0,                 // extra flags
        (byte) 255         // operating system: unknown
    };

    private static final int FCOMMENT = 16;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] PADDING_CHARS = "abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.US_ASCII);

    private final CRC32 crc = new CRC32();
    private final int padding;
    private boolean headerWritten;
    private final byte[] one = new byte[1];

    GzipEncoder(OutputStream sink, Deflater rawDeflater, int padding) {
        super(sink, rawDeflater);
        this.padding = padding;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        writeHeaderOnce();
        super.write(b, off, len);
        crc.update(b, off, len);
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public void flush() throws IOException {
        writeHeaderOnce();
        super.flush();
    }

    @Override
    protected void writeTrailer() throws IOException {
        writeHeaderOnce();
        // CRC-32 and the input's size modulo 2^32, little-endian
        out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt((int) crc.getValue())
                .putInt((int) def.getBytesRead()).array());
    }

    @Override
    public void finish() throws IOException {
        writeHeaderOnce();
        super.finish();
    }

    /** Written lazily, so that creating the encoder writes nothing (the response can still change its mind). */
    private void writeHeaderOnce() throws IOException {
        if (!headerWritten) {
            headerWritten = true;
            if (padding == 0) {
                out.write(HEADER);
                return;
            }
            byte[] header = HEADER.clone();
            header[3] = FCOMMENT;
            int length = RANDOM.nextInt(padding + 1);
            byte[] comment = new byte[length + 1]; // zero-terminated
            for (int i = 0; i < length; i++) {
                comment[i] = PADDING_CHARS[RANDOM.nextInt(PADDING_CHARS.length)];
            }
            out.write(header);
            out.write(comment);
        }
    }
}
