package org.restcompress.bench;

import java.util.Arrays;
import java.util.Random;

/** The statistics the reports quote. */
public final class Stats {

    /** Resamples per interval: enough that the bounds move by less than the figures' last digit. */
    static final int RESAMPLES = 2000;

    private Stats() {
    }

    /** The middle value; the mean of the two middle ones for an even count. */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sortedMedian(sorted);
    }

    private static double sortedMedian(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /**
     * The central 95 % of what {@code median(a) / median(b)} would have read had the run drawn other requests from
     * the same distributions (the percentile bootstrap, each sample resampled on its own): how far a ratio of two
     * medians of one run may be from the ratio the rows really have. Seeded, so a report is reproducible from its
     * samples.
     *
     * @return {low, high}
     */
    public static double[] ratioOfMedians95(double[] a, double[] b, long seed) {
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        Random random = new Random(seed);
        double[] ratios = new double[RESAMPLES];
        double[] ra = new double[a.length];
        double[] rb = new double[b.length];
        for (int i = 0; i < RESAMPLES; i++) {
            ratios[i] = resampledMedian(a, ra, random) / resampledMedian(b, rb, random);
        }
        Arrays.sort(ratios);
        return new double[] {ratios[(int) (RESAMPLES * 0.025)], ratios[(int) (RESAMPLES * 0.975) - 1]};
    }

    private static double resampledMedian(double[] values, double[] into, Random random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = values[random.nextInt(values.length)];
        }
        Arrays.sort(into);
        return sortedMedian(into);
    }
}
