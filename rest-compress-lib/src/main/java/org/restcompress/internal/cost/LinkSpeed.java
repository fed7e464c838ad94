package org.restcompress.internal.cost;

import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The expected speed of the link to a client: the client's own measurement ({@code Downlink}). Only where a speed is
 * configured to assume for clients without one: else what the server's recent responses showed ({@link WriteMeter};
 * to any client: Jakarta REST does not tell a client's address, and behind a proxy it would name the proxy), else
 * that speed. With none configured (the default), a client that says nothing has no known link
 * ({@link #estimate} returns null): its coding follows the configured order. Measurements expire ({@link Measurement}).
 */
public final class LinkSpeed {

    /** Chromium reports {@code Downlink} rounded and capped at 10 Mbit/s (for privacy): 10 means "at least 10". */
    static final double DOWNLINK_CAP_MBPS = 10;

    /** Where an estimate came from, as the decision's reason names it. */
    public enum Source {
        DOWNLINK,
        /** The client's {@code Downlink} was as fast as the encoder could produce: the link is at least that fast. */
        DOWNLINK_AT_LEAST,
        MEASURED, CONFIGURED;

        /** As the decision's estimate names it: {@code downlink-at-least}. */
        final String token = name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A link speed and where it came from. */
    public record Estimate(double bitsPerSecond, Source source) {
        @Override
        public String toString() {
            return CostModel.number(bitsPerSecond / 1e6) + " Mbit/s " + source.token;
        }
    }

    private final double configured;
    private final LongSupplier clock;
    private final Measurement measured = new Measurement();

    /** @param configured bits per second assumed for clients that say nothing; 0: none, their link is unknown */
    public LinkSpeed(double configured) {
        this(configured, System::nanoTime);
    }

    LinkSpeed(double configured, LongSupplier clock) {
        if (!(configured >= 0) || Double.isInfinite(configured)) {
            throw new IllegalArgumentException("link speed must be positive or 0 (none): " + configured);
        }
        this.configured = configured;
        this.clock = clock;
    }

    /**
     * The estimate for one request; {@code downlink} is its {@code Downlink} header (Mbit/s), or {@code null}. Null
     * when the link is not known: no valid hint, and no speed to assume.
     */
    public Estimate estimate(String downlink) {
        double hint = parseDownlink(downlink);
        if (!assumes()) { // only the client's own word: another client's reading says nothing of this one's link
            return hint > 0 ? new Estimate(hint * 1e6, Source.DOWNLINK) : null;
        }
        Estimate observed = observed();
        if (hint > 0) {
            double bits = hint * 1e6;
            // Exactly the cap only says "at least" (a browser); a faster measurement knows more. The library's
            // client sends what it measured, three decimals.
            return hint == DOWNLINK_CAP_MBPS && observed.source() != Source.CONFIGURED
                    && observed.bitsPerSecond() > bits ? observed
                    : new Estimate(bits, Source.DOWNLINK);
        }
        return observed;
    }

    private synchronized Estimate observed() {
        if (measured.fresh(clock.getAsLong())) {
            return new Estimate(measured.value(), Source.MEASURED);
        }
        return new Estimate(configured, Source.CONFIGURED);
    }

    /** The speed assumed while nothing is known; 0: none. */
    public double configured() {
        return configured;
    }

    /** Whether a speed is assumed for clients that say nothing (and the server's readings refine it). */
    public boolean assumes() {
        return configured > 0;
    }

    /** What one response showed ({@link WriteMeter#bitsPerSecond()}); 0 shows nothing. Whether it counted. */
    public synchronized boolean record(double bitsPerSecond) {
        if (!(bitsPerSecond > 0) || Double.isInfinite(bitsPerSecond)) {
            return false;
        }
        measured.add(bitsPerSecond, clock.getAsLong());
        return true;
    }

    /**
     * A measured speed as a client sends it in {@code Downlink}: Mbit/s, at most two significant digits, on Chromium's
     * 50 kbit/s step, as a decimal {@link #parseDownlink} reads ("9.90" for 9.85 Mbit/s, "940.00" for 938).
     */
    public static String downlinkValue(double bitsPerSecond) {
        double mbps = Math.max(0, bitsPerSecond) / 1e6;
        if (mbps > 0) { // two significant digits: enough for a choice of coding, little to tell clients apart by
            double unit = Math.pow(10, Math.floor(Math.log10(mbps)) - 1);
            mbps = Math.round(mbps / unit) * unit;
        }
        return CostModel.decimals(Math.round(mbps / DOWNLINK_STEP_MBPS) * DOWNLINK_STEP_MBPS, 2);
    }

    /** Chromium's step for {@code Downlink}: 50 kbit/s. */
    static final double DOWNLINK_STEP_MBPS = 0.05;

    /**
     * {@code Downlink} in Mbit/s, or 0 when absent or not a positive decimal as Client Hints send it: a Structured
     * Field decimal (RFC 8941), up to 12 digits, a point and up to 3 more. Read by hand: {@link Double#parseDouble}
     * would also take "1e3", "0x1p3" and "1.5d", and costs tens of microseconds in a cold request.
     */
    static double parseDownlink(String value) {
        if (value == null || value.length() > 24) {
            return 0;
        }
        String v = value.strip();
        int point = v.indexOf('.');
        int whole = point < 0 ? v.length() : point;
        int decimals = point < 0 ? 0 : v.length() - point - 1;
        if (whole < 1 || whole > 12 || point >= 0 && (decimals < 1 || decimals > 3)) {
            return 0;
        }
        long scaled = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (i != point) {
                if (c < '0' || c > '9') {
                    return 0;
                }
                scaled = scaled * 10 + (c - '0');
            }
        }
        double mbps = scaled / (decimals == 0 ? 1.0 : decimals == 1 ? 10.0 : decimals == 2 ? 100.0 : 1000.0);
        return mbps > 0 && mbps < 1e6 ? mbps : 0;
    }
}
