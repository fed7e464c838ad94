package org.restcompress.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void theMedianOfAnOddAndAnEvenCount() {
        assertEquals(2, Stats.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}));
    }

    @Test
    void rowsThatNeverVaryHaveAnIntervalOfTheirRatioAlone() {
        double[] ten = {10, 10, 10, 10, 10};
        double[] eight = {8, 8, 8};
        assertArrayEquals(new double[] {1.25, 1.25}, Stats.ratioOfMedians95(ten, eight, 1), 1e-12);
    }

    @Test
    void theIntervalWidensWithNoiseAndNarrowsWithSamples() {
        Random random = new Random(7);
        // two rows of one distribution: median 10, half of them 8.5 to 12.8 as the unshaped link's were
        double[] a = noisy(random, 120);
        double[] b = noisy(random, 120);
        double[] few = Stats.ratioOfMedians95(a, b, 1);
        assertTrue(few[0] < 1 && few[1] > 1, "the same distribution: 1 is inside " + few[0] + "-" + few[1]);
        assertTrue(few[1] - few[0] > 0.05, "120 samples of this spread leave more than 5 %: " + (few[1] - few[0]));
        double[] many = Stats.ratioOfMedians95(noisy(random, 2400), noisy(random, 2400), 1);
        assertTrue(many[1] - many[0] < (few[1] - few[0]) / 3, "20 times the samples, a third of the width or less");
    }

    @Test
    void aRealDifferenceLeavesOneOutside() {
        Random random = new Random(7);
        double[] slower = noisy(random, 600);
        for (int i = 0; i < slower.length; i++) {
            slower[i] *= 1.2;
        }
        double[] interval = Stats.ratioOfMedians95(slower, noisy(random, 600), 1);
        assertTrue(interval[0] > 1.1 && interval[1] < 1.3, interval[0] + "-" + interval[1]);
    }

    @Test
    void theSameSamplesAndSeedGiveTheSameInterval() {
        double[] a = noisy(new Random(1), 50);
        double[] b = noisy(new Random(2), 50);
        assertArrayEquals(Stats.ratioOfMedians95(a, b, 3), Stats.ratioOfMedians95(a, b, 3));
        assertThrows(IllegalArgumentException.class, () -> Stats.ratioOfMedians95(new double[0], b, 3));
    }

    private static double[] noisy(Random random, int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = 10 + 3 * random.nextGaussian();
        }
        return values;
    }
}
