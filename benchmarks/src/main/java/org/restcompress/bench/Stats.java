package org.restcompress.bench;

import java.util.Arrays;

/** The statistics the reports quote. */
public final class Stats {

    private Stats() {
    }

    /** The middle value; the mean of the two middle ones for an even count. */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
