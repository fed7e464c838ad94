package org.restcompress.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;

/**
 * The LZ4 frame reader on frames built by hand, byte by byte from the frame format's specification: linked blocks,
 * several frames and skippable ones, checksums and content sizes, and every malformed header, block and offset
 * refused. (Streams of the lz4 tool and Python's lz4 are checked in DifferentialTest.)
 */
class Lz4FrameReaderTest {

    private static final XXHashFactory XXHASH = XXHashFactory.fastestInstance();
    private static final byte[] MAGIC = {0x04, 0x22, 0x4D, 0x18};

    /** A frame header: FLG, BD (block size id 4: 64 KB), an optional content size, and its checksum. */
    private static byte[] header(int flags, long contentSize) {
        ByteArrayOutputStream d = new ByteArrayOutputStream();
        d.write(contentSize >= 0 ? flags | 0x08 : flags);
        d.write(0x40);
        if (contentSize >= 0) {
            for (int i = 0; i < 8; i++) {
                d.write((int) (contentSize >>> (8 * i)));
            }
        }
        byte[] descriptor = d.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.writeBytes(descriptor);
        out.write((XXHASH.hash32().hash(descriptor, 0, descriptor.length, 0) >> 8) & 0xFF);
        return out.toByteArray();
    }

    private static byte[] block(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = data.length;
        out.write(n);
        out.write(n >>> 8);
        out.write(n >>> 16);
        out.write(n >>> 24);
        out.writeBytes(data);
        return out.toByteArray();
    }

    private static final byte[] END = {0, 0, 0, 0};

    /** Literals only: the whole block one last sequence. */
    private static byte[] literals(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Math.min(bytes.length, 15) << 4);
        if (bytes.length >= 15) {
            out.write(bytes.length - 15); // short enough for one extension byte here
        }
        out.writeBytes(bytes);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static byte[] decode(byte[] body) throws IOException {
        try (InputStream in = new Lz4Codec().decode(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    /**
     * The second block copies 8 bytes from the first: a match into the history of linked blocks (FLG 0x40), then the
     * five literals the block format ends with. The lz4 tool decodes the same bytes to the same text.
     */
    @Test
    void aLinkedBlockRefersToTheBlockBeforeIt() throws IOException {
        byte[] second = {0x04, 0x08, 0x00, 0x50, 'X', 'Y', 'Z', 'W', 'V'}; // match 8 back, 8 long; 5 literals
        byte[] frame = concat(header(0x40, -1), block(literals("abcdefgh")), block(second), END);
        assertArrayEquals("abcdefghabcdefghXYZWV".getBytes(StandardCharsets.US_ASCII), decode(frame));
    }

    @Test
    void aMatchOutsideWhatTheBlockMaySeeIsRefused() throws IOException {
        byte[] before = {0x04, 0x09, 0x00, 0x50, 'X', 'Y', 'Z', 'W', 'V'}; // 9 back: before anything decoded
        IOException e = assertThrows(IOException.class, () -> decode(concat(header(0x40, -1),
                block(literals("abcdefgh")), block(before), END)));
        assertTrue(e.getMessage().contains("before the window"), e.getMessage());
        byte[] zero = {0x04, 0x00, 0x00, 0x50, 'X', 'Y', 'Z', 'W', 'V'};
        assertThrows(IOException.class, () -> decode(concat(header(0x40, -1), block(literals("abcdefgh")),
                block(zero), END)));
        // independent blocks (FLG 0x60) may not refer to the block before: the same, valid, linked block refused
        byte[] second = {0x04, 0x08, 0x00, 0x50, 'X', 'Y', 'Z', 'W', 'V'};
        e = assertThrows(IOException.class, () -> decode(concat(header(0x60, -1), block(literals("abcdefgh")),
                block(second), END)));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
        // a match ending inside the last five bytes of the block's room, as the reference decoder refuses it
        byte[] intoTheEnd = {0x00, 0x08, 0x00}; // no literals, a match, and the block ends: no last literals
        assertThrows(IOException.class, () -> decode(concat(header(0x40, -1), block(literals("abcdefgh")),
                block(intoTheEnd), END)));
    }

    /** Tiny linked blocks: the history moves to the window's start once per 64 KB decoded, not once per block. */
    @Test
    void tinyLinkedBlocksDoNotEachCopyTheHistory() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(header(0x40, -1));
        int blocks = 300_000;
        for (int i = 0; i < blocks; i++) {
            body.writeBytes(new byte[] {1, 0, 0, (byte) 0x80, (byte) ('a' + i % 26)}); // one stored byte
        }
        body.writeBytes(END);
        Lz4FrameReader reader = new Lz4FrameReader(new ByteArrayInputStream(body.toByteArray()),
                net.jpountz.lz4.LZ4Factory.fastestInstance().safeDecompressor(), XXHASH);
        byte[] decoded = reader.readAllBytes();
        assertEquals(blocks, decoded.length);
        assertTrue(reader.compactions <= blocks / (64 * 1024) + 1, reader.compactions + " moves of the history");
    }

    /**
     * Memory follows what arrives, not what a header claims: a frame of 4 MB blocks whose first block claims 4 MB and
     * sends 100 bytes, or decodes 200 bytes, costs tens of kilobytes, not the 8 MB a frame of such blocks may need.
     */
    @Test
    void aClaimOfLargeBlocksCostsOnlyWhatArrives() throws IOException {
        byte[] descriptor = {0x60, 0x70}; // independent blocks of at most 4 MB
        byte[] frame = concat(MAGIC, descriptor,
                new byte[] {(byte) ((XXHASH.hash32().hash(descriptor, 0, 2, 0) >> 8) & 0xFF)});
        byte[] claim = concat(frame, le(4 << 20), new byte[100]); // a 4 MB block, cut short after 100 bytes
        long before = allocated();
        assertThrows(IOException.class, () -> decode(claim));
        assertTrue(allocated() - before < 1 << 20, (allocated() - before) + " bytes allocated");
        byte[] small = concat(frame, block(literals("x".repeat(200))), END);
        before = allocated();
        assertEquals(200, decode(small).length);
        assertTrue(allocated() - before < 1 << 20, (allocated() - before) + " bytes allocated");
    }

    /** After a failure, every read fails the same way: nothing later in the body is read out. */
    @Test
    void aFailureIsFinal() throws IOException {
        byte[] badContent = concat(header(0x60 | 0x04, -1), block(literals("first")), END, le(1),
                header(0x60, -1), block(literals("second")), END);
        try (InputStream in = new Lz4Codec().decode(new ByteArrayInputStream(badContent))) {
            IOException first = assertThrows(IOException.class, in::readAllBytes);
            IOException again = assertThrows(IOException.class, () -> in.read(new byte[10]));
            assertSame(first, again);
        }
    }

    @Test
    void framesFollowOneAnotherAndSkippableFramesAreSkipped() throws IOException {
        byte[] skippable = {0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 'a', 'b', 'c'};
        byte[] body = concat(skippable, header(0x60, -1), block(literals("one ")), END, skippable,
                header(0x60, 4), block(literals("two!")), END, skippable);
        assertArrayEquals("one two!".getBytes(StandardCharsets.US_ASCII), decode(body));
        assertArrayEquals(new byte[0], decode(new byte[0]), "no frame at all: an empty body");
    }

    @Test
    void everyMalformedFrameIsRefused() {
        byte[] good = concat(header(0x60, 4), block(literals("four")), END);
        byte[] badMagic = good.clone();
        badMagic[0] = 0x05;
        byte[] badHeaderChecksum = good.clone();
        badHeaderChecksum[4 + 2 + 8] ^= 1;
        byte[] wrongSize = concat(header(0x60, 5), block(literals("four")), END);
        byte[] dictionaryId = concat(MAGIC, new byte[] {0x61, 0x40, 1, 2, 3, 4, 0});
        byte[] tooBig = concat(header(0x60, -1), new byte[] {0, 0, 2, 0}, new byte[1 << 17]);
        byte[] storedTooBig = concat(header(0x60, -1), new byte[] {0, 0, 2, (byte) 0x80});
        byte[] cut = java.util.Arrays.copyOf(good, good.length - 3);
        byte[] skippableCut = {0x50, 0x2A, 0x4D, 0x18, 100, 0, 0, 0, 1};
        byte[] version = concat(header(0x80 | 0x20, -1), END);
        byte[] reservedFlag = concat(header(0x60 | 0x02, -1), END);
        byte[] smallBlockId = concat(MAGIC, new byte[] {0x60, 0x30, 0});
        byte[] longerThanItsSize = concat(header(0x60, 3), block(literals("four")), END);
        byte[] trailingGarbage = concat(good, new byte[] {1, 2, 3, 4, 5});
        for (byte[] body : new byte[][] {badMagic, badHeaderChecksum, wrongSize, dictionaryId, tooBig,
            storedTooBig, cut, skippableCut, version, reservedFlag, smallBlockId, longerThanItsSize,
            trailingGarbage}) {
            assertThrows(IOException.class, () -> decode(body));
        }
    }

    @Test
    void blockAndContentChecksumsAreChecked() throws IOException {
        byte[] data = literals("checked");
        int blockSum = XXHASH.hash32().hash(data, 0, data.length, 0);
        int contentSum = XXHASH.hash32().hash("checked".getBytes(StandardCharsets.US_ASCII), 0, 7, 0);
        byte[] frame = concat(header(0x60 | 0x10 | 0x04, -1), block(data), le(blockSum), END, le(contentSum));
        assertArrayEquals("checked".getBytes(StandardCharsets.US_ASCII), decode(frame));
        byte[] badBlock = concat(header(0x60 | 0x10, -1), block(data), le(blockSum + 1), END);
        byte[] badContent = concat(header(0x60 | 0x04, -1), block(data), END, le(contentSum + 1));
        assertThrows(IOException.class, () -> decode(badBlock));
        assertThrows(IOException.class, () -> decode(badContent));
    }

    /** Each frame declares 4 MB blocks: the reader's buffers are sized once at most, not per frame. */
    @Test
    void manyEmptyFramesCostOneFramesBuffers() throws IOException {
        byte[] descriptor = {0x60, 0x70};
        byte[] frame = concat(MAGIC, descriptor,
                new byte[] {(byte) ((XXHASH.hash32().hash(descriptor, 0, 2, 0) >> 8) & 0xFF)}, END);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int i = 0; i < 20_000; i++) {
            body.writeBytes(frame);
        }
        long before = allocated();
        assertArrayEquals(new byte[0], decode(body.toByteArray()));
        long allocated = allocated() - before;
        assertTrue(allocated < 64L << 20, allocated + " bytes allocated for 20,000 empty 4 MB frames");
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    private static byte[] le(int value) {
        return new byte[] {(byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)};
    }

    /** What our encoder writes, with flushes (several blocks), decodes through the fast path to the same bytes. */
    @Test
    void ourOwnFramesRoundTrip() throws IOException {
        byte[] data = new byte[300_000];
        new java.util.Random(7).nextBytes(data);
        System.arraycopy(data, 0, data, 150_000, 100_000);
        ByteArrayOutputStream coded = new ByteArrayOutputStream();
        try (OutputStream out = new Lz4Codec().encode(coded)) {
            out.write(data, 0, 100_000);
            out.flush();
            out.write(data, 100_000, 200_000);
        }
        assertArrayEquals(data, decode(coded.toByteArray()));
    }
}
