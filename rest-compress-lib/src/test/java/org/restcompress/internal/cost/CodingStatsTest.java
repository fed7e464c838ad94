package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CodingStatsTest {

    private long now = 1_000;
    private final CodingStats stats = new CodingStats(new CodingFigures(2, 0.3, 1), () -> now);

    @Test
    void startsFromThePrior() {
        assertEquals(new CodingFigures(2, 0.3, 1), stats.figures());
        assertEquals(0, stats.responses());
    }

    @Test
    void realResponsesOutweighThePrior() {
        stats.record(1_000_000, 200_000, 5_000_000); // 5 ns per byte, ratio 0.2
        CodingFigures f = stats.figures();
        assertEquals(3.5, f.compressNanos(), 1e-9); // the median of the prior's 2 and this 5
        assertEquals(0.2, f.ratio(), 0.01);
        assertEquals(1, f.decodeNanos(), 0); // the server cannot see its clients decode: the prior's
        stats.record(1_000_000, 200_000, 5_000_000);
        assertEquals(5, stats.figures().compressNanos(), 1e-9); // two of three
    }

    @Test
    void oneSlowResponseDoesNotMakeTheCodingLookSlow() {
        for (int i = 0; i < 20; i++) {
            stats.record(100_000, 20_000, 300_000); // 3 ns per byte
        }
        stats.record(100_000, 20_000, 30_000_000); // descheduled: 300 ns per byte
        assertEquals(3, stats.figures().compressNanos(), 1e-9);
    }

    @Test
    void aFullWindowLeavesThePriorOutAndTheOldestResponsesGo() {
        for (int i = 0; i < RecentMedian.WINDOW; i++) {
            stats.record(100_000, 20_000, 100_000); // 1 ns per byte, under the prior's 2
        }
        assertEquals(1, stats.figures().compressNanos(), 1e-9);
        for (int i = 0; i < RecentMedian.WINDOW / 2 + 1; i++) {
            stats.record(100_000, 20_000, 400_000); // the codec got slower: a majority of 4 ns
        }
        assertEquals(4, stats.figures().compressNanos(), 1e-9);
    }

    @Test
    void compressTimesAreForgottenAfterTheirLifetime() {
        for (int i = 0; i < 3; i++) {
            stats.record(100_000, 20_000, 5_000_000); // 50 ns per byte: a bad minute
        }
        assertEquals(50, stats.figures().compressNanos(), 1e-9);
        now += Measurement.LIFETIME_NANOS;
        assertEquals(2, stats.figures().compressNanos(), 1e-9); // the prior again
        assertEquals(0.2, stats.figures().ratio(), 0.01); // ratios do not suffer bad minutes: they stay
        stats.record(100_000, 20_000, 300_000);
        assertEquals(2.5, stats.figures().compressNanos(), 1e-9);
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
    void knowsItsTypicalBodySizeOnceItHasSeenOne() {
        assertEquals(-1, stats.typicalBytes(), 0);
        for (int i = 0; i < 50; i++) {
            stats.record(100_000, 50_000, 100_000);
        }
        assertEquals(100_000, stats.typicalBytes(), 1);
        stats.record(1_000_000, 100_000, 1_000_000); // one large body moves it, as it moves the ratio
        assertEquals((0.9 * 9.95 * 100_000 + 1_000_000) / (0.9 * 9.95 + 1), stats.typicalBytes(), 1_000);
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
        stats.prior(new CodingFigures(9, 0.9, 2)); // measured ratios stay; the prior is still one compress sample
        assertEquals(2, stats.figures().decodeNanos(), 0);
        assertEquals(0.125, stats.figures().ratio(), 0.05);
        assertEquals(5, stats.figures().compressNanos(), 1e-9);
    }

    /** A median asked for with a minimum of live samples: 0 until there are that many, and again once they age. */
    @Test
    void aMedianWithAMinimumOfLiveSamplesIsZeroWithoutThem() {
        RecentMedian sizes = new RecentMedian(RecentMedian.NONE, () -> now);
        sizes.add(10);
        sizes.add(30);
        assertEquals(0, sizes.value(3), 0);
        assertEquals(20, sizes.value(), 0);
        sizes.add(20);
        assertEquals(20, sizes.value(3), 0);
        now += Measurement.LIFETIME_NANOS;
        assertEquals(0, sizes.value(3), 0, "aged out");
        RecentMedian withPrior = new RecentMedian(7, () -> now);
        withPrior.add(9);
        assertEquals(0, withPrior.value(2), 0, "the prior is no sample");
        assertEquals(8, withPrior.value(), 0);
    }
}
