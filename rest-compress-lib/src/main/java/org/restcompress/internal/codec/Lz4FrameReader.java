package org.restcompress.internal.codec;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.StreamingXXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Reads a body of LZ4 frames (the frame format of lz4 1.9's specification) strictly: one frame after another and
 * skippable frames between them, as the {@code lz4} tool and other encoders write them; blocks independent or linked
 * (each may refer to the 64 KB before it, which lz4-java's own frame reader refuses); block and content checksums and
 * the content size checked where the frame has them; a frame with a dictionary id refused (there is none to use).
 * Independent blocks go through lz4-java's bounds-checked decompressor, linked ones through the block decoder here,
 * as strict: every length and offset is checked against what the block and the window hold.
 *
 * <p>Memory: one block buffer and one window (a block, and for linked blocks twice the 64 KB of history besides), at
 * most the largest block size a frame declared (4 MB: about 8.1 MB in all) and kept across frames, so that a body of
 * many frames costs no more than one. Both grow with what arrives, not with what a header claims: the block buffer as
 * its bytes come, the window to what they can decode to (LZ4 makes at most 255 bytes of one), so a header that
 * declares 4 MB blocks and sends none costs nothing.
 */
final class Lz4FrameReader extends BulkInputStream {

    private static final int MAGIC = 0x184D2204;
    private static final int SKIPPABLE = 0x184D2A50;
    private static final int HISTORY = 64 * 1024;
    /** The block format's end rules: the last 5 bytes are literals, the last match starts 12 before the end. */
    private static final int LAST_LITERALS = 5;
    private static final int MIN_MATCH_START = 12;
    /** A sequence that is not the last leaves at least 8 input bytes: an offset, a token, 5 literals. */
    private static final int LAST_INPUT = 8;
    /** The most bytes one byte of a block decodes to: a match length's bytes of 255 each. */
    private static final long MAX_EXPANSION = 255;
    private static final int FIRST_BLOCK_BUFFER = 16 * 1024;

    private final InputStream in;
    private final LZ4SafeDecompressor decompressor;
    private final XXHashFactory hashes;
    private final byte[] word = new byte[8];
    /** Where skippable frames' bytes go, once there is one. */
    private byte[] skip;
    /** The history of the frame's linked blocks, then the block being read out: [readPos, writePos) unread. */
    private byte[] window = new byte[0];
    private byte[] block = new byte[0];
    private int readPos;
    private int writePos;
    private boolean inFrame;
    private boolean independent;
    private boolean blockChecksums;
    private int blockMax;
    private long contentSize;
    private long produced;
    /** The frame's content checksum as it goes, when it has one: {@link #contentHash}, reset per frame. */
    private StreamingXXHash32 content;
    private StreamingXXHash32 contentHash;
    private boolean ended;
    /** The failure that ended decoding: every later read fails with it. */
    private IOException failed;
    /** How often the history was moved to the window's start: for tests of its cost. */
    int compactions;

    Lz4FrameReader(InputStream in, LZ4SafeDecompressor decompressor, XXHashFactory hashes) {
        this.in = in;
        this.decompressor = decompressor;
        this.hashes = hashes;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (failed != null) {
            throw failed;
        }
        if (len == 0) {
            return 0;
        }
        try {
            while (readPos == writePos) {
                if (ended || !nextBlock()) {
                    ended = true;
                    return -1;
                }
            }
        } catch (IOException e) {
            failed = e;
            throw e;
        }
        int n = Math.min(len, writePos - readPos);
        System.arraycopy(window, readPos, b, off, n);
        readPos += n;
        return n;
    }

    @Override
    public int available() {
        return writePos - readPos;
    }

    @Override
    public void close() throws IOException {
        if (contentHash != null) {
            contentHash.close(); // lz4-java's native hash frees its state here, not only when collected
            contentHash = null;
        }
        in.close();
    }

    /** Decodes the next block into the window; false at the end of the body (between frames). */
    private boolean nextBlock() throws IOException {
        while (!inFrame) {
            int first = in.read();
            if (first < 0) {
                return false; // the body ends between frames
            }
            word[0] = (byte) first;
            readFully(word, 1, 3);
            int magic = littleEndian(word, 0);
            if ((magic & 0xFFFFFFF0) == SKIPPABLE) {
                readFully(word, 0, 4);
                skipFully(Integer.toUnsignedLong(littleEndian(word, 0)));
            } else if (magic == MAGIC) {
                header();
            } else {
                throw new IOException("not an LZ4 frame (magic " + Integer.toHexString(magic) + ")");
            }
        }
        readFully(word, 0, 4);
        int size = littleEndian(word, 0);
        if (size == 0) { // the end mark
            endFrame();
            return true;
        }
        boolean stored = size < 0;
        size &= 0x7FFFFFFF;
        if (size > blockMax) {
            throw new IOException("LZ4 block of " + size + " bytes in a frame of " + blockMax + "-byte blocks");
        }
        readBlock(size);
        if (blockChecksums) {
            readFully(word, 0, 4);
            if (hashes.hash32().hash(block, 0, size, 0) != littleEndian(word, 0)) {
                throw new IOException("LZ4 block checksum mismatch");
            }
        }
        if (independent) {
            writePos = 0;
        } else if (writePos > 2 * HISTORY) {
            // keep the 64 KB the next block may refer to; the window holds two histories and a block, so this copy
            // comes at most once per 64 KB decoded (a run of tiny linked blocks cannot make each one a 64 KB copy)
            System.arraycopy(window, writePos - HISTORY, window, 0, HISTORY);
            writePos = HISTORY;
            compactions++;
        }
        int room = stored ? size : (int) Math.min(blockMax, MAX_EXPANSION * size + LAST_INPUT * 8);
        if (window.length < writePos + room) {
            window = Arrays.copyOf(window, Math.max(writePos + room, Math.min(2 * window.length,
                    (independent ? 0 : 2 * HISTORY) + blockMax)));
        }
        readPos = writePos;
        int n;
        if (stored) {
            System.arraycopy(block, 0, window, writePos, size);
            n = size;
        } else if (independent) {
            try {
                n = decompressor.decompress(block, 0, size, window, writePos, room);
            } catch (RuntimeException e) { // lz4-java reports a malformed block unchecked
                throw new IOException("corrupt LZ4 block: " + e.getMessage(), e);
            }
        } else {
            n = decodeLinked(block, size, window, writePos, room);
        }
        produced += n;
        if (contentSize >= 0 && produced > contentSize) {
            throw new IOException("LZ4 frame longer than its content size (" + contentSize + " bytes)");
        }
        if (content != null) {
            content.update(window, writePos, n);
        }
        writePos += n;
        return true;
    }

    private void header() throws IOException {
        byte[] descriptor = new byte[14];
        readFully(descriptor, 0, 2);
        int flags = descriptor[0] & 0xFF;
        int bd = descriptor[1] & 0xFF;
        if (flags >>> 6 != 1 || (flags & 0x02) != 0 || (bd & 0x8F) != 0 || (bd >>> 4) < 4) {
            throw new IOException("malformed LZ4 frame descriptor");
        }
        if ((flags & 0x01) != 0) {
            throw new IOException("LZ4 frame with a dictionary id: no dictionary is used for lz4 here");
        }
        int length = 2;
        contentSize = -1;
        if ((flags & 0x08) != 0) {
            readFully(descriptor, length, 8);
            contentSize = littleEndian(descriptor, length) & 0xFFFFFFFFL
                    | (long) littleEndian(descriptor, length + 4) << 32;
            if (contentSize < 0) {
                throw new IOException("LZ4 content size out of range");
            }
            length += 8;
        }
        independent = (flags & 0x20) != 0;
        int check = in.read();
        if (check < 0) {
            throw new EOFException("LZ4 frame descriptor cut short");
        }
        if (((hashes.hash32().hash(descriptor, 0, length, 0) >> 8) & 0xFF) != check) {
            throw new IOException("LZ4 frame descriptor checksum mismatch");
        }
        blockChecksums = (flags & 0x10) != 0;
        content = null;
        if ((flags & 0x04) != 0) {
            if (contentHash == null) {
                contentHash = hashes.newStreamingHash32(0);
            }
            contentHash.reset();
            content = contentHash;
        }
        blockMax = 1 << (8 + 2 * (bd >>> 4)); // the buffers grow to it as blocks come (nextBlock)
        readPos = 0;
        writePos = 0;
        produced = 0;
        inFrame = true;
    }

    private void endFrame() throws IOException {
        if (content != null) {
            readFully(word, 0, 4);
            if (content.getValue() != littleEndian(word, 0)) {
                throw new IOException("LZ4 content checksum mismatch");
            }
        }
        if (contentSize >= 0 && produced != contentSize) {
            throw new IOException("LZ4 frame of " + produced + " bytes, its header said " + contentSize);
        }
        inFrame = false;
        readPos = 0;
        writePos = 0;
    }

    /**
     * Decodes one LZ4 block into {@code dst} at {@code start}, where a match may reach back into the history before
     * it (from index 0): the sequences' literals and matches, every length and offset checked.
     */
    static int decodeLinked(byte[] src, int srcLen, byte[] dst, int start, int max) throws IOException {
        int s = 0;
        int d = start;
        int end = start + max;
        while (true) {
            if (s >= srcLen) {
                throw new IOException("corrupt LZ4 block: it ends inside a sequence");
            }
            int token = src[s++] & 0xFF;
            int literals = token >>> 4;
            if (literals == 15) {
                int more;
                do {
                    if (s >= srcLen) {
                        throw new IOException("corrupt LZ4 block: a literal length runs past the block");
                    }
                    more = src[s++] & 0xFF;
                    literals += more;
                } while (more == 255);
            }
            if (literals > srcLen - s || literals > end - d) {
                throw new IOException("corrupt LZ4 block: literals beyond the block or its size");
            }
            System.arraycopy(src, s, dst, d, literals);
            s += literals;
            d += literals;
            if (s == srcLen) {
                return d - start; // the last sequence: literals only
            }
            // as the reference decoder: a sequence this near the end must be the last one
            if (d > end - MIN_MATCH_START || s > srcLen - LAST_INPUT) {
                throw new IOException("corrupt LZ4 block: a match too near the end of the block");
            }
            if (srcLen - s < 2) {
                throw new IOException("corrupt LZ4 block: a match offset cut short");
            }
            int offset = (src[s] & 0xFF) | (src[s + 1] & 0xFF) << 8;
            s += 2;
            if (offset == 0) {
                throw new IOException("corrupt LZ4 block: a match at offset 0");
            }
            if (offset > d) {
                throw new IOException("corrupt LZ4 block: a match before the window");
            }
            int length = token & 0x0F;
            if (length == 15) {
                int more;
                do {
                    if (s >= srcLen) {
                        throw new IOException("corrupt LZ4 block: a match length runs past the block");
                    }
                    more = src[s++] & 0xFF;
                    length += more;
                } while (more == 255);
            }
            length += 4;
            if (length > end - LAST_LITERALS - d) {
                throw new IOException("corrupt LZ4 block: a match into the block's last literals");
            }
            int from = d - offset;
            if (offset >= length) {
                System.arraycopy(dst, from, dst, d, length);
            } else { // overlapping: a run
                for (int i = 0; i < length; i++) {
                    dst[d + i] = dst[from + i];
                }
            }
            d += length;
        }
    }

    /** Reads a block of {@code size} bytes into {@link #block}, which grows as they arrive, not before. */
    private void readBlock(int size) throws IOException {
        int have = 0;
        while (have < size) {
            if (have == block.length) {
                block = Arrays.copyOf(block, Math.min(size, Math.max(FIRST_BLOCK_BUFFER, 2 * block.length)));
            }
            int n = in.read(block, have, Math.min(size, block.length) - have);
            if (n < 0) {
                throw new EOFException("LZ4 frame cut short");
            }
            have += n;
        }
    }

    private void readFully(byte[] b, int off, int len) throws IOException {
        if (in.readNBytes(b, off, len) < len) {
            throw new EOFException("LZ4 frame cut short");
        }
    }

    private void skipFully(long n) throws IOException {
        if (skip == null) {
            skip = new byte[8192];
        }
        while (n > 0) {
            int read = in.read(skip, 0, (int) Math.min(n, skip.length));
            if (read < 0) {
                throw new EOFException("skippable LZ4 frame cut short");
            }
            n -= read;
        }
    }

    private static int littleEndian(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }
}
