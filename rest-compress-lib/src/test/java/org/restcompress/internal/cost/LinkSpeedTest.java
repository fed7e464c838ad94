package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LinkSpeedTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final LinkSpeed link = new LinkSpeed(1e9, now::get);

    @Test
    void theConfiguredSpeedUntilSomethingIsMeasured() {
        assertEquals(new LinkSpeed.Estimate(1e9, LinkSpeed.Source.CONFIGURED), link.estimate(null));
        link.record(0); // a response that showed nothing
        link.record(Double.POSITIVE_INFINITY);
        link.record(Double.NaN);
        assertEquals(LinkSpeed.Source.CONFIGURED, link.estimate(null).source());
    }

    @Test
    void measurementsAreAveragedAndExpire() {
        link.record(10e6);
        link.record(500e6);
        assertEquals(new LinkSpeed.Estimate(255e6, LinkSpeed.Source.MEASURED), link.estimate(null));
        now.addAndGet(Measurement.LIFETIME_NANOS);
        assertEquals(LinkSpeed.Source.CONFIGURED, link.estimate(null).source());
        link.record(20e6); // an expired one is not averaged in
        assertEquals(20e6, link.estimate(null).bitsPerSecond(), 1);
    }

    @Test
    void aDownlinkHintComesFirst() {
        link.record(500e6);
        assertEquals(new LinkSpeed.Estimate(2.5e6, LinkSpeed.Source.DOWNLINK), link.estimate("2.5"));
        assertEquals(new LinkSpeed.Estimate(950e6, LinkSpeed.Source.DOWNLINK), link.estimate(" 950.000 "));
        // a browser's 10 is its cap: "at least 10", and a faster measurement knows more
        assertEquals(LinkSpeed.Source.MEASURED, link.estimate("10").source());
        // a guess is no measurement: the hint wins over the configured speed
        assertEquals(new LinkSpeed.Estimate(10e6, LinkSpeed.Source.DOWNLINK),
                new LinkSpeed(1e9, now::get).estimate("10"));
    }

    @Test
    void withNoSpeedToAssumeOnlyTheClientsOwnWordIsALink() {
        LinkSpeed unknown = new LinkSpeed(0, now::get);
        assertFalse(unknown.assumes());
        assertNull(unknown.estimate(null), "nothing known: no estimate, the configured order decides");
        assertNull(unknown.estimate("fast"));
        unknown.record(500e6); // another client's reading says nothing of this one's link
        assertNull(unknown.estimate(null));
        // a browser's capped 10 stays 10: no other client's measurement stands in for it
        assertEquals(new LinkSpeed.Estimate(10e6, LinkSpeed.Source.DOWNLINK), unknown.estimate("10"));
        assertTrue(link.assumes());
        assertThrows(IllegalArgumentException.class, () -> new LinkSpeed(-1));
    }

    @Test
    void malformedHintsAreIgnored() {
        for (String bad : new String[] {"", " ", "fast", "-3", "0", "NaN", "Infinity", "1e9", "12345678901234567",
                "1e3", "0x1p3", "1.5d", "1.2345", "1.", ".5", "+1", "1,5", "1 000"}) { // RFC 8941 decimals only
            assertEquals(LinkSpeed.Source.CONFIGURED, link.estimate(bad).source(), bad);
        }
    }

    @Test
    void writesDownlinkAsItIsRead() {
        // rounded as browsers round it (50 kbit/s steps), and to two significant digits
        assertEquals("9.90", LinkSpeed.downlinkValue(9.87e6));
        assertEquals("0.25", LinkSpeed.downlinkValue(0.234e6));
        assertEquals("0.05", LinkSpeed.downlinkValue(40e3));
        assertEquals("0.00", LinkSpeed.downlinkValue(1234));
        assertEquals("940.00", LinkSpeed.downlinkValue(938.4e6));
        assertEquals("4000.00", LinkSpeed.downlinkValue(4012.5516e6));
        assertEquals(4000, LinkSpeed.parseDownlink(LinkSpeed.downlinkValue(4012.5516e6)), 0);
        assertEquals(999999.999, LinkSpeed.parseDownlink("999999.999"), 0);
        assertEquals(0, LinkSpeed.parseDownlink("1000000"), 0); // a terabit is no link of ours
        assertEquals(0.1, LinkSpeed.parseDownlink("0.1"), 0); // the nearest double, as parseDouble reads it
        assertEquals(1.75, LinkSpeed.parseDownlink("1.75"), 0);
    }

    @Test
    void describesItself() {
        assertEquals("10.3 Mbit/s downlink", new LinkSpeed.Estimate(10.3e6, LinkSpeed.Source.DOWNLINK).toString());
        assertEquals("1000 Mbit/s configured", new LinkSpeed.Estimate(1e9, LinkSpeed.Source.CONFIGURED).toString());
    }

    @Test
    void aReadingThatOnlySaysAtLeastRaisesButNeverLowers() {
        Measurement m = new Measurement();
        m.add(100e6, 0);
        m.add(50e6, true, 1); // a small body that came too fast to time: says nothing new
        assertEquals(100e6, m.value(), 1);
        m.add(800e6, true, 2);
        assertEquals(800e6, m.value(), 1);
        m.add(400e6, false, 3); // a timed reading is averaged in
        assertEquals(600e6, m.value(), 1);
        m.add(10e6, true, Measurement.LIFETIME_NANOS + 3); // an expired average is replaced, whatever it was
        assertEquals(10e6, m.value(), 1);
    }

    @Test
    void aBodyThatCameAsItIsReplacesReadingsOfCodedOnes() {
        Measurement m = new Measurement();
        m.add(470e6, 0); // lz4 bodies, perhaps at its encoder's pace
        m.add(530e6, false, 1);
        assertEquals(500e6, m.value(), 1);
        m.add(1900e6, false, true, 2); // a probe: the link itself
        assertEquals(1900e6, m.value(), 1);
        m.add(1500e6, false, true, 3); // after a body as it is, one reading among others: averaged
        assertEquals(1700e6, m.value(), 1);
        m.add(500e6, false, 4); // a coded one is averaged in, as a link that got slower shows
        assertEquals(1100e6, m.value(), 1);
        m.add(100e6, false, true, 5); // after a coded one: the link's, even slower
        assertEquals(100e6, m.value(), 1);
        m.add(900e6, false, 6);
        m.add(50e6, true, true, 7); // too fast to time only says "at least", as it is or not
        assertEquals(500e6, m.value(), 1);
        m.add(800e6, true, true, 8);
        assertEquals(800e6, m.value(), 1);
    }

    @Test
    void theDownlinkValueFollowsTheAverage() {
        Measurement m = new Measurement();
        m.add(100e6, 0);
        String first = m.downlinkValue();
        assertEquals("100.00", first);
        m.add(50e6, true, 1); // says nothing new: the same value, formatted once
        assertSame(first, m.downlinkValue());
        m.add(50e6, false, 2);
        assertEquals("75.00", m.downlinkValue());
        m.add(900e6, true, 3);
        assertEquals("900.00", m.downlinkValue());
    }

    @Test
    void aReadingNoResponseConfirmsIsDropped() {
        Measurement m = new Measurement();
        m.unconfirmed(); // nothing to drop
        assertFalse(m.fresh(0));
        m.add(61e6, 0);
        for (int i = 1; i < Measurement.MAX_UNCONFIRMED; i++) {
            m.unconfirmed();
        }
        assertTrue(m.fresh(1));
        m.add(900e6, true, 2); // a reading, even "at least", confirms: the count starts again
        for (int i = 1; i < Measurement.MAX_UNCONFIRMED; i++) {
            m.unconfirmed();
        }
        assertTrue(m.fresh(3));
        assertEquals(900e6, m.value(), 1);
        m.unconfirmed();
        assertFalse(m.fresh(4), "sixteen in a row");
        m.add(2e9, 5); // measured afresh, not averaged with what was dropped
        assertEquals(2e9, m.value(), 1);
    }
}
