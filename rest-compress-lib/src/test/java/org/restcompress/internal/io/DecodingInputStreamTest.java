package org.restcompress.internal.io;

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
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.DeflateCodec;
import org.restcompress.internal.codec.GzipCodec;
import org.restcompress.internal.codec.LzfCodec;
import org.restcompress.ContentTooLargeException;
import org.restcompress.CorruptContentException;

class DecodingInputStreamTest {

    private static byte[] encode(List<ContentCodec> applied, byte[] data) throws IOException {
        byte[] bytes = data;
        for (ContentCodec codec : applied) {
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            try (OutputStream out = codec.encode(sink)) {
                out.write(bytes);
            }
            bytes = sink.toByteArray();
        }
        return bytes;
    }

    @Test
    void decodesStackedCodingsLastAppliedFirst() throws IOException {
        byte[] data = "stacked codings: gzip applied first, then lzf".repeat(100).getBytes(StandardCharsets.UTF_8);
        List<ContentCodec> applied = List.of(new GzipCodec(), new LzfCodec());
        try (DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(encode(applied, data)),
                applied, 1_000_000)) {
            assertArrayEquals(data, in.readAllBytes());
        }
    }

    @Test
    void stopsAtTheLimit() throws IOException {
        byte[] zeros = new byte[5_000_000];
        List<ContentCodec> gzip = List.of(new GzipCodec());
        DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(encode(gzip, zeros)), gzip, 1000);
        byte[] big = new byte[1 << 20];
        ContentTooLargeException e = assertThrows(ContentTooLargeException.class, () -> {
            while (in.read(big, 0, big.length) >= 0) {
                // keep reading
            }
        });
        assertEquals(1000, e.limit());
        assertTrue(in.decodedCount() <= 1000, "the caller never sees a byte past the limit");
        assertSame(e, in.failure());
        assertThrows(ContentTooLargeException.class, in::read, "the failure sticks");
    }

    @Test
    void exactlyTheLimitIsAccepted() throws IOException {
        List<ContentCodec> lzf = List.of(new LzfCodec());
        byte[] data = new byte[1000];
        try (DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(encode(lzf, data)), lzf,
                1000)) {
            assertEquals(1000, in.readAllBytes().length);
        }
    }

    @Test
    void aLimitOfLongMaxValueMeansUnlimited() throws IOException {
        List<ContentCodec> gzip = List.of(new GzipCodec());
        byte[] data = new byte[100_000];
        try (DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(encode(gzip, data)), gzip,
                Long.MAX_VALUE)) {
            assertEquals(100_000, in.readAllBytes().length);
        }
    }

    /** Millions of empty gzip members decode to nothing: the middle layer's output must count, or this never ends. */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void everyStackedLayerCountsAgainstTheLimit() throws IOException {
        byte[] emptyMember = encode(List.of(new GzipCodec()), new byte[0]);
        ByteArrayOutputStream members = new ByteArrayOutputStream();
        for (int i = 0; i < 200_000; i++) { // 4 MB of empty members, against a 1 MB limit
            members.write(emptyMember);
        }
        List<ContentCodec> twice = List.of(new GzipCodec(), new GzipCodec());
        byte[] body = encode(List.of(new GzipCodec()), members.toByteArray());
        assertTrue(body.length < 50_000, body.length + " bytes");
        DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(body), twice, 1 << 20);
        assertThrows(ContentTooLargeException.class, in::readAllBytes);
        assertEquals(0, in.decodedCount(), "the final output was empty all along");
    }

    /**
     * A body that arrives a byte at a time, as over a slow network: decoders that return 0 in between (zstd-jni)
     * must not reach readers, which take 0 for an error (InputStreamReader) or the end (Jackson).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("org.restcompress.internal.codec.CodecTest#compressing")
    void tricklingInputReadsThroughAReader(ContentCodec codec) throws IOException {
        String text = "{\"trickle\":\"" + "x".repeat(30_000) + "\"}";
        byte[] encoded = encode(List.of(codec), text.getBytes(StandardCharsets.UTF_8));
        InputStream trickle = new ByteArrayInputStream(encoded) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        try (DecodingInputStream in = DecodingInputStream.open(trickle, List.of(codec), 1_000_000);
             java.io.Reader reader = new java.io.InputStreamReader(in, StandardCharsets.UTF_8)) {
            StringBuilder read = new StringBuilder();
            char[] chars = new char[4096];
            for (int n; (n = reader.read(chars)) >= 0; ) {
                read.append(chars, 0, n);
            }
            assertEquals(text, read.toString());
        }
    }

    @Test
    void namesTheCodingThatFailed() throws IOException {
        byte[] data = "x".repeat(5000).getBytes(StandardCharsets.US_ASCII);
        List<ContentCodec> applied = List.of(new DeflateCodec(), new LzfCodec());
        byte[] innerBroken = encode(List.of(new LzfCodec()), Arrays.copyOf(encode(List.of(new DeflateCodec()), data),
                5));
        DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(innerBroken), applied, 100_000);
        CorruptContentException e = assertThrows(CorruptContentException.class, in::readAllBytes);
        assertEquals("deflate", e.coding());
        assertTrue(e.getMessage().startsWith("corrupt deflate content: truncated"), e.getMessage());

        byte[] outerBroken = Arrays.copyOf(encode(applied, data), 10);
        DecodingInputStream in2 = DecodingInputStream.open(new ByteArrayInputStream(outerBroken), applied, 100_000);
        assertEquals("lzf", assertThrows(CorruptContentException.class, in2::readAllBytes).coding());
    }

    @Test
    void connectionErrorsPassThroughUnclassified() throws IOException {
        IOException reset = new IOException("connection reset");
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw reset;
            }
        };
        DecodingInputStream in = DecodingInputStream.open(failing, List.of(new GzipCodec()), 1000);
        assertSame(reset, assertThrows(IOException.class, in::read));
        assertEquals(null, in.failure());
    }

    @Test
    void drainVerifiesWhatTheReaderLeft() throws IOException {
        List<ContentCodec> gzip = List.of(new GzipCodec());
        byte[] encoded = encode(gzip, "{\"a\":1}".getBytes(StandardCharsets.US_ASCII));
        encoded[encoded.length - 8] ^= 1; // CRC
        DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(encoded), gzip, 1000);
        assertEquals('{', in.read());
        assertThrows(CorruptContentException.class, in::drain);
    }

    @Test
    void neverClosesTheUnderlyingStream() throws IOException {
        boolean[] closed = {false};
        InputStream raw = new ByteArrayInputStream(new byte[0]) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        DecodingInputStream in = DecodingInputStream.open(raw, List.of(new GzipCodec()), 10);
        assertEquals(-1, in.read());
        in.close();
        assertEquals(false, closed[0]);
    }
}
