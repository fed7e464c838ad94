package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CodingStatsTest {

    private final CodingStats stats = new CodingStats(new CodingFigures(2, 0.3, 1));

    @Test
    void startsFromThePrior() {
        assertEquals(new CodingFigures(2, 0.3, 1), stats.figures());
        assertEquals(0, stats.responses());
    }

    @Test
    void aRealResponseOutweighsThePrior() {
        stats.record(1_000_000, 200_000, 5_000_000); // 5 ns per byte, ratio 0.2
        CodingFigures f = stats.figures();
        assertEquals(5, f.compressNanos(), 0.1);
        assertEquals(0.2, f.ratio(), 0.01);
        assertEquals(1, f.decodeNanos(), 0); // the server cannot see its clients decode: the prior's
    }

    @Test
    void theLastResponsesCountMostAndLargerOnesMore() {
        for (int i = 0; i < 50; i++) {
            stats.record(100_000, 50_000, 100_000); // ratio 0.5, 1 ns/byte
        }
        assertEquals(0.5, stats.figures().ratio(), 0.01);
        stats.record(1_000_000, 100_000, 1_000_000); // one large response at 0.1
        assertEquals(0.1 + 0.4 * (0.9 * 1_000_000) / (0.9 * 1_000_000 + 1_000_000), stats.figures().ratio(), 0.02);
    }

    @Test
    void ignoresEmptyAndBrokenRecords() {
        stats.record(0, 0, 0);
        stats.record(100, -1, 5);
        stats.record(100, 10, -5);
        assertEquals(new CodingFigures(2, 0.3, 1), stats.figures());
        assertEquals(0, stats.responses());
    }

    @Test
    void aLaterPriorReplacesTheBuiltInOneUntilResponsesCount() {
        stats.prior(new CodingFigures(4, 0.25, 3));
        assertEquals(new CodingFigures(4, 0.25, 3), stats.figures());
        stats.record(100_000, 10_000, 100_000);
        stats.prior(new CodingFigures(9, 0.9, 2)); // measured responses stay; only the decode figure changes
        assertEquals(2, stats.figures().decodeNanos(), 0);
        assertEquals(0.125, stats.figures().ratio(), 0.05);
    }
}
