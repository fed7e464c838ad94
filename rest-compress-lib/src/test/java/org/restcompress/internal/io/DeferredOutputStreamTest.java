package org.restcompress.internal.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeferredOutputStreamTest {

    private final ByteArrayOutputStream raw = new ByteArrayOutputStream();
    private final List<String> events = new ArrayList<>();

    /** "Encodes" by upper-casing, so the test sees which bytes went through the encoder. */
    private DeferredOutputStream stream(int threshold, boolean streaming) {
        return new DeferredOutputStream(raw, threshold, streaming, new DeferredOutputStream.Outcome() {
            @Override
            public OutputStream encode() {
                events.add("encode");
                return new OutputStream() {
                    @Override
                    public void write(int b) {
                        raw.write(Character.toUpperCase(b));
                    }

                    @Override
                    public void flush() {
                        events.add("flush");
                    }

                    @Override
                    public void close() {
                        events.add("close");
                    }
                };
            }

            @Override
            public void identity(int length) {
                events.add("identity " + length);
            }
        });
    }

    @Test
    void shortBodyGoesOutAsItIs() throws IOException {
        DeferredOutputStream out = stream(10, false);
        out.write("abc".getBytes());
        out.write("def".getBytes());
        assertEquals(0, raw.size(), "held until the end");
        out.finish();
        assertEquals("abcdef", raw.toString());
        assertEquals(List.of("identity 6"), events);
    }

    @Test
    void reachingTheThresholdEncodesFromTheFirstByte() throws IOException {
        DeferredOutputStream out = stream(10, false);
        out.write("abcdef".getBytes());
        out.write("ghij".getBytes());
        assertTrue(out.isEncoding());
        out.write("k".getBytes());
        out.finish();
        assertEquals("ABCDEFGHIJK", raw.toString());
        assertEquals(List.of("encode", "close"), events);
    }

    @Test
    void oneByteBelowTheThresholdIsNotEncoded() throws IOException {
        DeferredOutputStream out = stream(10, false);
        out.write("abcdefghi".getBytes());
        out.finish();
        assertEquals("abcdefghi", raw.toString());
    }

    @Test
    void emptyBodyIsNeverEncoded() throws IOException {
        DeferredOutputStream out = stream(0, true);
        out.finish();
        assertEquals(List.of("identity 0"), events);
    }

    @Test
    void flushOfAWrittenBodyIsHeldBack() throws IOException {
        DeferredOutputStream out = stream(10, false);
        out.write("abc".getBytes());
        out.flush();
        assertEquals(0, raw.size());
        assertFalse(out.isEncoding());
        out.close();
        assertEquals("abc", raw.toString());
    }

    @Test
    void flushOfAStreamCommitsToEncoding() throws IOException {
        DeferredOutputStream out = stream(1000, true);
        out.write("event".getBytes());
        out.flush();
        assertEquals("EVENT", raw.toString());
        assertEquals(List.of("encode", "flush"), events);
        out.finish();
        out.finish();
        assertEquals(List.of("encode", "flush", "close"), events);
    }

    @Test
    void anEmptyFlushOfAStreamCommitsToNothing() throws IOException {
        DeferredOutputStream out = stream(1000, true);
        out.flush();
        assertFalse(out.isEncoding());
        out.finish();
        assertEquals(List.of("identity 0"), events, "an empty body stays unencoded");
    }

    @Test
    void flushAfterTheEndIsHarmless() throws IOException {
        DeferredOutputStream out = stream(1, true);
        out.write('x');
        out.close();
        out.flush();
        assertEquals(List.of("encode", "close"), events);
    }

    @Test
    void largeSingleWriteIsPassedThrough() throws IOException {
        DeferredOutputStream out = stream(4, false);
        byte[] big = new byte[100_000];
        java.util.Arrays.fill(big, (byte) 'a');
        out.write(big);
        out.finish();
        byte[] expected = new byte[100_000];
        java.util.Arrays.fill(expected, (byte) 'A');
        assertArrayEquals(expected, raw.toByteArray());
    }

    @Test
    void abandonClosesTheEncoderOnce() throws IOException {
        DeferredOutputStream out = stream(1, false);
        out.write('x');
        out.abandon(new IOException("broken pipe"));
        out.abandon(new IOException("again"));
        assertEquals(List.of("encode", "close"), events);
    }
}
