package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The write and read meters: their rules on figures, and their streams passing every byte on. */
class MetersTest {

    @Test
    void writeMeterNeedsTwoWaitsAndTimeBetweenThem() {
        assertEquals(0, WriteMeter.speed(1, 1_000_000, 100_000_000), 0); // one pair says too little
        assertEquals(0, WriteMeter.speed(5, 1_000_000, 4_000_000), 0); // 4 ms between waits: too little
        assertEquals(80e6, WriteMeter.speed(2, 1_000_000, 100_000_000), 1); // 1 MB in 100 ms
    }

    @Test
    void writeMeterSeesALinkThatMakesItWait() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OutputStream slow = new OutputStream() { // a full socket buffer: each chunk waits 2 ms or more
            @Override
            public void write(int b) {
                sink.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                sleep(2);
                sink.write(b, off, len);
            }
        };
        WriteMeter meter = new WriteMeter(slow, true);
        byte[] body = new byte[10 * WriteMeter.CHUNK + 5];
        body[7] = 7;
        meter.write(body); // one write of many chunks, timed chunk by chunk
        meter.close();
        assertArrayEquals(body, sink.toByteArray());
        assertEquals(body.length, meter.bytes());
        double speed = meter.bitsPerSecond();
        // at most a chunk per 2 ms; the first chunk is not counted (the buffer might have had room before it)
        assertTrue(speed > 0 && speed <= WriteMeter.CHUNK * 8e9 / 2e6, Double.toString(speed));
        assertTrue(meter.nanos() >= 11 * 2_000_000L);
    }

    @Test
    void writeMeterNotTimingTheLinkPassesEachWriteWhole() throws IOException {
        List<Integer> writes = new ArrayList<>();
        OutputStream socket = new OutputStream() {
            @Override
            public void write(int b) {
                writes.add(1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                writes.add(len);
            }
        };
        new WriteMeter(socket, false).write(new byte[3 * WriteMeter.CHUNK]);
        assertEquals(List.of(3 * WriteMeter.CHUNK), writes); // as without the meter: one write to the container
        writes.clear();
        new WriteMeter(socket, true).write(new byte[3 * WriteMeter.CHUNK]);
        assertEquals(List.of(WriteMeter.CHUNK, WriteMeter.CHUNK, WriteMeter.CHUNK), writes);
    }

    @Test
    void writeMeterSeesNothingWhenNothingWaits() throws IOException {
        WriteMeter meter = new WriteMeter(OutputStream.nullOutputStream(), true);
        meter.write(new byte[1 << 20]);
        meter.write(3);
        meter.flush();
        assertEquals(0, meter.bitsPerSecond(), 0);
        assertEquals((1 << 20) + 1, meter.bytes());
    }

    @Test
    void receiveMeterNeedsEnoughBytesAndReadsTooFastAsAtLeast() {
        assertEquals(0, ReceiveMeter.speed(ReceiveMeter.MIN_BYTES - 1, 1_000_000_000), 0);
        assertEquals(8e6, ReceiveMeter.speed(1_000_000, 1_000_000_000), 1);
        double floor = ReceiveMeter.MIN_BYTES * 8e9 / ReceiveMeter.MIN_NANOS; // 2.6 Gbit/s
        assertEquals(floor, ReceiveMeter.speed(ReceiveMeter.MIN_BYTES, 0), 1);
        assertEquals(floor, ReceiveMeter.speed(ReceiveMeter.MIN_BYTES, ReceiveMeter.MIN_NANOS - 1), 1);
    }

    @Test
    void receiveMeterReportsOnceAtTheEndAndNotTheFirstWait() throws IOException {
        byte[] body = new byte[200_000];
        body[9] = 9;
        List<Double> reports = new ArrayList<>();
        InputStream slow = new ByteArrayInputStream(body) {
            private boolean first = true;

            @Override
            public synchronized int read(byte[] b, int off, int len) {
                sleep(first ? 200 : 1); // the server's time to the first byte, then the link's
                first = false;
                return super.read(b, off, Math.min(len, 8192));
            }
        };
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        try (ReceiveMeter meter = new ReceiveMeter(slow, (bps, atLeast) -> reports.add(atLeast ? -1 : bps))) {
            meter.transferTo(copy);
            assertEquals(-1, meter.read());
        }
        assertArrayEquals(body, copy.toByteArray());
        assertEquals(1, reports.size());
        // 25 reads of 8 KB at 1 ms or more each: at most 8 KB per ms; the 200 ms wait for the first is not the link's
        assertTrue(reports.get(0) <= 8192 * 8e9 / 1e6 && reports.get(0) > 8192 * 8e9 / 100e6, reports.toString());
    }

    @Test
    void receiveMeterTimesTheSecondHalfOnly() {
        // 100 KB: a 25 KB bucket at once, then 75 KB at 100 Mbit/s (6 ms). The whole body would read 133 Mbit/s.
        long[] bytesAt = {0, 25_000, 50_000, 75_000, 100_000};
        long[] nanosAt = {0, 10_000, 2_010_000, 4_010_000, 6_010_000};
        assertEquals(100e6, ReceiveMeter.secondHalf(bytesAt, nanosAt, 5, 100_000, 6_010_000), 1);
        // a 21 KB body all from the bucket: its second half is too small to say anything
        assertEquals(0, ReceiveMeter.secondHalf(new long[] {0, 8192, 16_384}, new long[] {0, 2_000, 4_000}, 3, 21_000,
                5_000), 0);
        // a decoder reading 24 KB blocks: from the last point before the half, so the 38 KB body still says something
        assertEquals(38_063 * 8e9 / 1_000_000, ReceiveMeter.secondHalf(new long[] {0, 7, 24_011, 24_015},
                new long[] {0, 0, 600_000, 600_000}, 4, 38_070, 1_000_000), 1);
        // no point past the half: the rest after the last one counts (more than half the body)
        assertEquals(8e6, ReceiveMeter.secondHalf(new long[] {0, 10_000}, new long[] {0, 0}, 2, 1_010_000,
                1_000_000_000), 1);
    }

    @Test
    void receiveMeterSlicesLongReads() throws IOException {
        List<Double> reports = new ArrayList<>();
        try (ReceiveMeter meter = new ReceiveMeter(new ByteArrayInputStream(new byte[100_000]),
                (bps, atLeast) -> reports.add(bps))) {
            assertEquals(ReceiveMeter.SLICE, meter.read(new byte[65_536], 0, 65_536)); // the connection had it all
            assertEquals(100_000 - ReceiveMeter.SLICE, meter.readAllBytes().length);
        }
        // timed from the last 8 KB point before the half: at most (memory speed) that much over MIN_NANOS
        assertEquals(1, reports.size());
        assertTrue(reports.get(0) <= (100_000 - 6 * 8192.0) * 8e9 / ReceiveMeter.MIN_NANOS + 1, reports.toString());
    }

    @Test
    void receiveMeterSlicesALongBodyLess() throws IOException {
        byte[] block = new byte[65_536]; // as a decoder asks
        int reads = 0;
        try (ReceiveMeter meter = new ReceiveMeter(new ByteArrayInputStream(new byte[1_000_000]), (bps, atLeast) -> {
        })) {
            while (meter.read(block, 0, block.length) > 0) {
                reads++;
            }
        }
        // 8 KB slices throughout would take 123 reads, 64 KB blocks alone 16; an eighth of the body so far, 35
        assertTrue(reads > 16 && reads <= 40, reads + " reads");
    }

    @Test
    void receiveMeterSkipsABurstAtTheStartOfALongBody() throws IOException {
        // 40 reads of 8 KB after the first: 20 from buffers at once, then 20 paced at 1 ms or more each. More than
        // POINTS reads, so the progress points are thinned on the way.
        byte[] body = new byte[41 * 8192];
        List<Double> reports = new ArrayList<>();
        InputStream bursty = new ByteArrayInputStream(body) {
            private int reads;

            @Override
            public synchronized int read(byte[] b, int off, int len) {
                if (reads++ > 20) {
                    sleep(1);
                }
                return super.read(b, off, Math.min(len, 8192));
            }
        };
        try (ReceiveMeter meter = new ReceiveMeter(bursty, (bps, atLeast) -> reports.add(atLeast ? -1 : bps))) {
            meter.transferTo(OutputStream.nullOutputStream());
        }
        assertEquals(1, reports.size());
        // at most 8 KB per ms, as the paced half came; counted whole, the body would read about twice that
        assertTrue(reports.get(0) <= 8192 * 8e9 / 1e6 && reports.get(0) > 8192 * 8e9 / 100e6, reports.toString());
    }

    @Test
    void receiveMeterSaysNothingOfABodyClosedEarly() throws IOException {
        List<Double> reports = new ArrayList<>();
        try (ReceiveMeter meter = new ReceiveMeter(new ByteArrayInputStream(new byte[1 << 20]),
                (bps, atLeast) -> reports.add(bps))) {
            meter.readNBytes(1000);
            assertFalse(meter.endedUntold(), "not ended: nothing to say of it either");
        }
        assertTrue(reports.isEmpty());
    }

    @Test
    void receiveMeterTellsWhenABodyEndedTooSmallToTime() throws IOException {
        List<Double> reports = new ArrayList<>();
        ReceiveMeter small = new ReceiveMeter(new ByteArrayInputStream(new byte[20_000]),
                (bps, atLeast) -> reports.add(bps));
        small.transferTo(OutputStream.nullOutputStream());
        assertTrue(small.endedUntold());
        ReceiveMeter large = new ReceiveMeter(new ByteArrayInputStream(new byte[100_000]),
                (bps, atLeast) -> reports.add(bps));
        large.transferTo(OutputStream.nullOutputStream());
        assertFalse(large.endedUntold());
        assertEquals(1, reports.size());
        // a 100 KB body as it is would have been timed; a 20 KB one would not
        assertTrue(ReceiveMeter.timeable(2 * ReceiveMeter.MIN_BYTES));
        assertFalse(ReceiveMeter.timeable(2 * ReceiveMeter.MIN_BYTES - 1));
        assertTrue(small.hidTheLink(100_000), "20 KB on the wire, 100 KB decoded: the coding hid the link");
        assertFalse(small.hidTheLink(20_000), "as it is it would not have been timed either");
        assertFalse(large.hidTheLink(100_000), "timed");
    }

    @Test
    void bodiesWhoseCodingHidTheLinkArePooledIntoOneReadingWhileNothingIsKnown() throws IOException {
        ReceiveMeter small = new ReceiveMeter(new ByteArrayInputStream(new byte[20_000]), (bps, atLeast) -> {
            throw new AssertionError("a 20 KB body is too small to time alone");
        });
        small.transferTo(OutputStream.nullOutputStream());
        assertTrue(small.untimedBytes() > 0 && small.untimedBytes() < ReceiveMeter.MIN_BYTES, "its second half");

        Measurement link = new Measurement();
        for (int i = 0; i < 6; i++) { // 60 KB in 6 ms: not yet enough bytes
            link.pool(10_000, 1_000_000, i);
            assertFalse(link.fresh(i));
        }
        link.pool(10_000, 1_000_000, 6);
        assertTrue(link.fresh(6), "70 KB pooled make a reading");
        assertEquals(80e6, link.value(), 1, "70 KB in 7 ms");
        for (int i = 0; i < Measurement.MAX_UNCONFIRMED - 1; i++) {
            link.pool(1_000, 1, 7 + i); // a reading is fresh: such bodies cannot confirm it, and are not pooled
        }
        assertEquals(80e6, link.value(), 1);
        assertTrue(link.fresh(30));
        link.pool(1_000, 1, 30);
        assertFalse(link.fresh(31), "dropped once no body confirmed it");
        link.pool(30_000, 1, 32); // what was pooled before the reading is not counted
        link.pool(30_000, 1, 33);
        assertFalse(link.fresh(34), "60 KB since the drop");
        link.pool(10_000, 100_000, 34);
        assertEquals(70_000 * 8e9 / 100_002, link.value(), 1, "pooled afresh");
        Measurement fast = new Measurement();
        for (int i = 0; i < 7; i++) {
            fast.pool(10_000, 1_000, i); // at memory speed: "at least", as a single fast body is
        }
        assertEquals(70_000 * 8e9 / ReceiveMeter.MIN_NANOS, fast.value(), 1);
    }

    @Test
    void serverCpuCountsWorkNotWaiting() {
        long start = ServerCpu.threadNanos();
        assertTrue(start >= 0, "a platform thread's CPU time is measured on this JDK");
        sleep(200);
        long slept = ServerCpu.threadNanos() - start;
        assertTrue(slept < 100_000_000, "waiting is not the server's work: " + slept);
        // spinning is: 10 ms of it shows, however long a loaded machine takes to give the thread that much
        long spin = ServerCpu.threadNanos();
        long until = System.nanoTime() + 10_000_000_000L;
        long sum = 0;
        while (ServerCpu.threadNanos() - spin <= 10_000_000 && System.nanoTime() < until) {
            sum += Long.numberOfTrailingZeros(System.nanoTime());
        }
        assertTrue(ServerCpu.threadNanos() - spin > 10_000_000 && sum >= 0, "spinning is work");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
