package org.restcompress.bench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.restcompress.bench.network.BreakEven.Coding;

/** The 2014 formula with the speeds of benchmarks/results/network.md. */
class BreakEvenTest {

    private static final Coding IDENTITY = Coding.identity();
    private static final Coding ZSTD = new Coding("zstd", 0.208, 336, 836);
    private static final Coding LZ4 = new Coding("lz4", 0.375, 544, 1442);
    private static final Coding LZF = new Coding("lzf", 0.342, 405, 553);
    private static final Coding GZIP = new Coding("gzip", 0.186, 42, 461);

    @Test
    void identityWinsAboveTheSpeedAtWhichCompressingCostsMoreThanItSaves() {
        // 8 * (1 - 0.208) / (1/336e6 + 1/836e6) = 1,519 Mbit/s
        assertEquals(1518.6e6, BreakEven.bitsPerSecond(IDENTITY, ZSTD), 0.1e6);
        assertEquals("identity above 1519 Mbit/s", BreakEven.describe(IDENTITY, ZSTD));
        assertEquals("zstd", BreakEven.faster(IDENTITY, ZSTD, 1e9, 0));
        assertEquals("identity", BreakEven.faster(IDENTITY, ZSTD, 2e9, 0));
    }

    @Test
    void theFasterCodecWinsAboveTheBreakEvenAndTheSmallerBelow() {
        assertEquals("zstd above 8 Mbit/s", BreakEven.describe(ZSTD, GZIP));
        assertEquals("zstd above 8 Mbit/s", BreakEven.describe(GZIP, ZSTD), "symmetric");
        assertEquals("gzip", BreakEven.faster(ZSTD, GZIP, 5e6, 0));
        assertEquals("zstd", BreakEven.faster(ZSTD, GZIP, 10e6, 0));
        assertEquals("lz4 above 151 Mbit/s", BreakEven.describe(LZ4, LZF));
    }

    @Test
    void smallerAndFasterWinsAtAnySpeed() {
        assertEquals("zstd at any speed", BreakEven.describe(ZSTD, LZF));
        assertEquals("zstd at any speed", BreakEven.describe(LZF, ZSTD));
    }

    @Test
    void differencesInsideTheBandAreTies() {
        assertEquals("tie", BreakEven.winner("a", 100, "b", 104, 0.05));
        assertEquals("a", BreakEven.winner("a", 100, "b", 106, 0.05));
        assertEquals("b", BreakEven.winner("a", 106, "b", 100, 0.05));
    }
}
