package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Strict gzip reader (RFC 1952): checks magic, method, reserved flags, the header CRC where a member has one, CRC-32
 * and length of every member, reads
 * concatenated members, and rejects bytes after the last member. (The JDK's GZIPInputStream ignores trailing garbage
 * and, before JDK 23, may stop early between members on a network stream.) An empty body decodes to nothing.
 */
final class GzipDecoder extends InflatingDecoder {

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xe0;

    private final CRC32 crc = new CRC32();
    /** Over the member's header, for its optional header CRC (FHCRC). */
    private final CRC32 headerCrc = new CRC32();
    private Inflater inflater;
    private boolean firstMember = true;

    GzipDecoder(InputStream source) {
        super(source);
    }

    @Override
    protected Inflater startStream() throws IOException {
        int id1 = readByte();
        if (id1 < 0) {
            return null; // clean end: after the last member, or an empty body
        }
        headerCrc.reset();
        headerCrc.update(id1);
        int id2 = headerByte("gzip header");
        if (id1 != 0x1f || id2 != 0x8b) {
            throw new ZipException(firstMember ? "not in gzip format" : "unexpected data after the gzip stream");
        }
        firstMember = false;
        if (headerByte("gzip header") != 8) {
            throw new ZipException("unsupported gzip compression method");
        }
        int flags = headerByte("gzip header");
        if ((flags & RESERVED) != 0) {
            throw new ZipException("reserved gzip flags are set");
        }
        skip(6, "gzip header"); // modification time, extra flags, operating system
        if ((flags & FEXTRA) != 0) {
            int length = headerByte("gzip header") | headerByte("gzip header") << 8;
            skip(length, "gzip extra field");
        }
        if ((flags & FNAME) != 0) {
            skipZeroTerminated("gzip file name");
        }
        if ((flags & FCOMMENT) != 0) {
            skipZeroTerminated("gzip comment");
        }
        if ((flags & FHCRC) != 0) { // the low 16 bits of the CRC-32 of the header so far
            int expected = requireByte("gzip header") | requireByte("gzip header") << 8;
            if (expected != (int) (headerCrc.getValue() & 0xffff)) {
                throw new ZipException("gzip header CRC mismatch: the header is corrupt");
            }
        }
        crc.reset();
        if (inflater == null) {
            inflater = new Inflater(true);
        } else {
            inflater.reset();
        }
        return inflater;
    }

    @Override
    protected void endStream(Inflater finished) throws IOException {
        long expectedCrc = readIntLE();
        long expectedSize = readIntLE();
        if (expectedCrc != crc.getValue()) {
            throw new ZipException("gzip CRC-32 mismatch: the body is corrupt");
        }
        if (expectedSize != (finished.getBytesWritten() & 0xffffffffL)) {
            throw new ZipException("gzip length mismatch: the body is corrupt");
        }
    }

    @Override
    protected void decoded(byte[] b, int off, int len) {
        crc.update(b, off, len);
    }

    private long readIntLE() throws IOException {
        long value = 0;
        for (int i = 0; i < 4; i++) {
            value |= (long) requireByte("gzip trailer") << (8 * i);
        }
        return value;
    }

    /** A byte of the header, counted in its CRC. */
    private int headerByte(String what) throws IOException {
        int b = requireByte(what);
        headerCrc.update(b);
        return b;
    }

    private void skip(int count, String what) throws IOException {
        for (int i = 0; i < count; i++) {
            headerByte(what);
        }
    }

    private void skipZeroTerminated(String what) throws IOException {
        while (headerByte(what) != 0) {
            // the header field is skipped byte by byte; it is bounded by the body itself
        }
    }
}
