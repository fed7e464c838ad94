package org.restcompress.internal.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The 2014 break-even formula as a choice: per candidate coding, the expected time to deliver a body, in nanoseconds
 * per byte of the original, from the link carrying the coded bytes and the CPU work around it: the server's (its own
 * work and the compression, weighed by how busy its CPU is) and the client's decoding. A body that streams takes the
 * slowest stage plus {@link #FILL} of the faster side, as the stages overlap; a smaller one, compressed before its
 * first byte leaves, the sum. Fitted to the network benchmark; the formula, its terms and the measurements behind
 * each are in docs/choosing-the-coding.md ("The model"). A pure function of its figures.
 */
public final class CostModel {

    /** The share of the faster side's time that streaming does not hide. */
    static final double FILL = 0.25;
    static final String IDENTITY = "identity";

    private CostModel() {
    }

    /** One candidate's expected time, in nanoseconds per original byte. */
    public record Estimate(String coding, double nanosPerByte) {
    }

    /**
     * Every candidate's estimate, fastest first (ties keep the candidates' order, which is the server's preference).
     *
     * @param candidates    codings in server preference order, {@code identity} among them when it is acceptable
     * @param figures       each coding's figures; a candidate without figures is left out
     * @param bitsPerSecond the link's speed
     * @param cpuWeight     how much a nanosecond of compression costs, 1 on an idle server, more on a busy one
     * @param streamed      whether the body is large enough for sending to overlap compressing and decoding
     * @param serverNanos   the server's work per original byte besides the codec's, in the codec's thread
     */
    public static List<Estimate> rank(List<String> candidates, Map<String, CodingFigures> figures,
            double bitsPerSecond, double cpuWeight, boolean streamed, double serverNanos) {
        if (!(bitsPerSecond > 0) || !(cpuWeight >= 1) || !(serverNanos >= 0) || Double.isInfinite(serverNanos)) {
            throw new IllegalArgumentException("bad link " + bitsPerSecond + ", CPU weight " + cpuWeight
                    + " or server work " + serverNanos);
        }
        double sendNanos = 8e9 / bitsPerSecond; // per byte on the wire
        List<Estimate> estimates = new ArrayList<>(candidates.size());
        for (String coding : candidates) {
            CodingFigures f = IDENTITY.equals(coding) ? CodingFigures.IDENTITY : figures.get(coding);
            if (f != null) {
                estimates.add(new Estimate(coding, weighed(cpuWeight, serverNanos, f.compressNanos(),
                        f.ratio() * sendNanos, f.decodeNanos(), streamed)));
            }
        }
        estimates.sort(Comparator.comparingDouble(Estimate::nanosPerByte)); // stable: preference breaks ties
        return estimates;
    }

    /**
     * {@link #time} with the server's CPU stages, its own work and the compression, weighed by {@code cpuWeight}
     * ({@link CpuLoad#weight}): on a busy CPU each of their nanoseconds is taken from other requests too.
     */
    static double weighed(double cpuWeight, double server, double compress, double send, double decode,
            boolean streamed) {
        return time(server * cpuWeight, compress * cpuWeight, send, decode, streamed);
    }

    /**
     * {@code server} is the work around the codec, in the codec's thread: it adds to the CPU's side, but streams from
     * the first byte, so only the codec's stages leave a pipeline to fill.
     */
    static double time(double server, double compress, double send, double decode, boolean streamed) {
        double codec = compress + decode;
        return streamed ? Math.max(Math.max(server + compress, decode), send) + FILL * Math.min(codec, send)
                : server + codec + send;
    }

    /** "lz4 7.4 < zstd 7.8 < identity 14.5 ms/MB": the ranking as the decision's reason names it. */
    public static String describe(List<Estimate> ranking) {
        StringBuilder s = new StringBuilder();
        for (Estimate e : ranking) {
            if (s.length() > 0) {
                s.append(" < ");
            }
            s.append(e.coding()).append(' ').append(number(e.nanosPerByte()));
        }
        return s.append(" ms/MB").toString(); // ns per byte = ms per 10^6 bytes
    }

    /**
     * About three significant digits, without an exponent: "1207", "16.2", "6.63". Not by {@link String#format},
     * which takes tens of microseconds a call here, and this runs for every response that says why.
     */
    static String number(double value) {
        if (!(value >= 0) || value >= 1e15) {
            return String.valueOf(value); // not a time or speed the model makes
        }
        int decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2;
        return decimals(value, decimals);
    }

    /** {@code value} (non-negative) rounded half up to {@code decimals} (0 to 3) places. */
    static String decimals(double value, int decimals) {
        long scale = decimals == 0 ? 1 : decimals == 1 ? 10 : decimals == 2 ? 100 : 1000;
        long scaled = Math.round(value * scale);
        if (decimals == 0) {
            return Long.toString(scaled);
        }
        String fraction = Long.toString(scaled % scale);
        return scaled / scale + "." + "000".substring(fraction.length() + 3 - decimals) + fraction;
    }
}
