package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The application's choice on recorded figures: no clock, no calibration thread. */
class AutoCodingTest {

    private static final List<String> CANDIDATES = List.of("zstd", "lz4", "gzip", "identity");

    private double load;
    private final AtomicLong now = new AtomicLong();
    private final AutoCoding auto = new AutoCoding(new LinkSpeed(1e9, now::get), () -> load, Map.of(
            "zstd", CodingFigures.ofSpeeds(351, 0.208, 810),
            "lz4", CodingFigures.ofSpeeds(577, 0.375, 2091),
            "gzip", CodingFigures.ofSpeeds(43, 0.186, 490)), now::get);

    /**
     * A method of the network benchmark's 1.8 MB document, its thread's work besides the codec's 2 ns a byte (1.8 to
     * 2.4 ms/MB in the logged runs of 2026-11-29).
     */
    private MethodBodies benchmarkBodies() {
        MethodBodies bodies = new MethodBodies(now::get);
        for (int i = 0; i < 3; i++) {
            bodies.record(1_815_272, 3_630_544);
        }
        return bodies;
    }

    @Test
    void followsTheLink() {
        MethodBodies bodies = benchmarkBodies();
        assertEquals("gzip", auto.choose(CANDIDATES, "10", bodies).coding());
        assertEquals("zstd", auto.choose(CANDIDATES, "100", bodies).coding());
        assertEquals("lz4", auto.choose(CANDIDATES, null, bodies).coding()); // the configured 1 Gbit/s
        assertNull(auto.choose(CANDIDATES, "50000", bodies).coding());
    }

    @Test
    void aBodyTooSmallToStreamIsChargedEveryStage() {
        // 100 KB at 10 Mbit/s: compressed before its first byte leaves, gzip's slow compression is not hidden
        AutoCoding.Pick whole = auto.choose(CANDIDATES, "10", 100 * 1024);
        assertEquals("zstd", whole.coding());
        assertTrue(whole.describe().endsWith("; link 10.0 Mbit/s downlink; body 100 KB whole; cpu 0%"),
                whole.describe());
        AutoCoding.Pick streamed = auto.choose(CANDIDATES, "10", 2 * 1024 * 1024);
        assertEquals("gzip", streamed.coding());
        assertTrue(streamed.describe().contains("; body 2048 KB streamed; "), streamed.describe());
        assertEquals("gzip", auto.choose(CANDIDATES, "10", -1).coding()); // unknown: taken to stream
        assertTrue(!auto.choose(CANDIDATES, "10", -1).describe().contains("body"));
    }

    @Test
    void aMethodsTypicalBodyFollowsItsRecentResponses() {
        TypicalSize size = new TypicalSize();
        assertEquals(-1, size.bytes(), 0);
        size.record(0); // a HEAD or a 204: nothing
        assertEquals(-1, size.bytes(), 0);
        size.record(100_000);
        assertEquals(100_000, size.bytes(), 1e-6);
        for (int i = 0; i < 30; i++) {
            size.record(2_000_000);
        }
        assertTrue(AutoCoding.streamed(size.bytes()), "thirty large bodies outweigh the first: " + size.bytes());
    }

    @Test
    void aMethodsServerWorkFollowsItsRecentResponses() {
        MethodBodies bodies = new MethodBodies(now::get);
        assertEquals(0, bodies.workNanos(), 0); // nothing known: nothing charged
        bodies.record(1_000_000, -1); // not measured (a virtual thread): its size counts, its work does not
        assertEquals(1_000_000, bodies.bytes(), 1e-6);
        assertEquals(0, bodies.workNanos(), 0);
        for (int i = 0; i < 3; i++) {
            bodies.record(1_000_000, 5_000_000);
        }
        bodies.record(1_000_000, 900_000_000); // one response that took a collection's work on its thread
        assertEquals(5, bodies.workNanos(), 1e-9);
        bodies.record(0, 1_000_000); // a HEAD: no bytes to divide by
        assertEquals(5, bodies.workNanos(), 1e-9);
        for (int i = 0; i < 20; i++) { // the method's 404s: a writer's and a system call's fixed cost, 100 ns a byte
            bodies.record(1_000, 100_000);
        }
        assertEquals(5, bodies.workNanos(), 1e-9, "small bodies say nothing of a large one's work per byte");
        now.addAndGet(Measurement.LIFETIME_NANOS); // old figures are forgotten
        assertEquals(0, bodies.workNanos(), 0);
    }

    @Test
    void theServersOwnWorkCountsOnAFastLink() {
        // network.md's 1.8 MB document at 1 Gbit/s: its thread spent 6 ns a byte besides the codec's
        MethodBodies bodies = new MethodBodies(now::get);
        for (int i = 0; i < 3; i++) {
            bodies.record(1_815_272, 10_891_632);
        }
        AutoCoding.Pick decision = auto.choose(CANDIDATES, "1000", bodies);
        assertNull(decision.coding(), decision.describe()); // the server's thread, not the link, paces lz4
        assertTrue(decision.describe().endsWith("; link 1000 Mbit/s downlink; body 1773 KB streamed; server 6.00 "
                + "ms/MB; cpu 0%"), decision.describe());
        // another method's decision is its own: a body that costs nothing but the codec, where zstd's compression
        // (the server's core) keeps ahead of lz4's bytes (the link) while the client decodes on its own
        MethodBodies free = new MethodBodies(now::get);
        free.record(1_815_272, 0);
        assertEquals("zstd", auto.choose(CANDIDATES, "1000", free).coding());
        MethodBodies unmeasured = new MethodBodies(now::get);
        unmeasured.record(1_815_272, -1);
        AutoCoding.Pick unknown = auto.choose(CANDIDATES, "1000", unmeasured);
        assertEquals("zstd", unknown.coding());
        assertTrue(!unknown.describe().contains("server"), unknown.describe());
        // and each method keeps its own last one: the first is not ranked again for its next request
        assertSame(decision.ranking(), auto.choose(CANDIDATES, "1000", bodies).ranking());
        // at 100 Mbit/s the link still decides
        assertEquals("zstd", auto.choose(CANDIDATES, "100", bodies).coding());
    }

    @Test
    void theServersWorkIsMeasuredOnEveryResponseUntilTheMedianIsFullThenOneInEight() {
        MethodBodies bodies = new MethodBodies(now::get);
        for (int i = 0; i < RecentMedian.WINDOW; i++) {
            assertTrue(bodies.measuresWork(), "response " + i);
            bodies.record(100_000, 200_000);
        }
        bodies.record(100_000, -1); // a response whose clock was not read counts for nothing
        int measured = 0;
        for (int i = 0; i < 8 * MethodBodies.MEASURE_EVERY; i++) {
            if (bodies.measuresWork()) {
                measured++;
            }
        }
        assertEquals(8, measured);
        // after a pause in which the median's samples grow old, the next response is measured
        assertFalse(bodies.measuresWork());
        now.addAndGet(Measurement.LIFETIME_NANOS / RecentMedian.WINDOW);
        assertTrue(bodies.measuresWork());
        assertEquals(2.0, bodies.workNanos(), 1e-9);
    }

    @Test
    void aLinkMeasuredByTheServerCounts() {
        auto.recordLink(10e6);
        AutoCoding.Pick decision = auto.choose(CANDIDATES, null);
        assertEquals("gzip", decision.coding());
        assertTrue(decision.describe().endsWith("; link 10.0 Mbit/s measured; cpu 0%"),
                decision.describe());
    }

    @Test
    void waitingWritesOnABusyServerSayNothingOfTheLink() {
        load = 0.8; // its writes may have waited for a core
        auto.recordLink(10e6);
        load = 0;
        assertEquals(LinkSpeed.Source.CONFIGURED, auto.choose(CANDIDATES, null).link().source());
    }

    @Test
    void aBusyServerChoosesCheaperCodings() {
        MethodBodies bodies = benchmarkBodies();
        assertEquals("lz4", auto.choose(CANDIDATES, null, bodies).coding());
        load = 1;
        AutoCoding.Pick busy = auto.choose(CANDIDATES, "1000.5", bodies); // ranked again, not the last reused
        assertNull(busy.coding());
        assertTrue(busy.describe().endsWith("cpu 100%"), busy.describe());
    }

    @Test
    void theApplicationsOwnResponsesReplaceThePriors() {
        // this application's bodies hardly compress with lz4 and slowly with zstd: gzip wins at 100 Mbit/s
        for (int i = 0; i < 20; i++) {
            auto.recordCompression("zstd", 1_000_000, 600_000, 50_000_000);
            auto.recordCompression("lz4", 1_000_000, 900_000, 2_000_000);
        }
        assertEquals("gzip", auto.choose(CANDIDATES, "100").coding());
        auto.recordCompression("unknown", 1_000, 10, 1); // a coding without figures is ignored
        assertEquals(3, auto.figures().size());
    }

    @Test
    void aDecisionHoldsForADownlinkThatCannotChangeItsChoice() {
        AutoCoding.Pick fast = auto.choose(CANDIDATES, "8000", 100_000);
        assertNull(fast.coding()); // identity, 1 ns a byte, ahead of lz4 by 1.6
        // a link a quarter slower adds a third of a nanosecond to a byte: identity stays ahead, nothing is ranked
        AutoCoding.Pick held = auto.choose(CANDIDATES, "6000", 100_000);
        assertSame(fast.ranking(), held.ranking());
        assertEquals(6e9, held.link().bitsPerSecond(), 1); // what is weighed next (formats) is this request's link
        AutoCoding.Pick slower = auto.choose(CANDIDATES, "2000", 100_000); // four times slower: lz4 is ahead
        assertNotSame(fast.ranking(), slower.ranking());
        assertEquals("lz4", slower.coding());
    }

    @Test
    void aDecisionRankedAtAnotherSpeedHoldsOnlyForItsOwnHint() {
        auto.recordLink(900e6); // measured: a browser's capped 10 means "at least", and this is faster
        AutoCoding.Pick browser = auto.choose(CANDIDATES, "10", 100_000);
        assertEquals(LinkSpeed.Source.MEASURED, browser.link().source());
        AutoCoding.Pick slower = auto.choose(CANDIDATES, "9.5", 100_000);
        assertNotSame(browser.ranking(), slower.ranking());
        assertEquals(9.5e6, slower.link().bitsPerSecond(), 1);
        assertNotSame(slower.ranking(), auto.choose(CANDIDATES, "10", 100_000).ranking()); // the cap: ranked at 900
    }

    @Test
    void aDecisionIsReusedForASecondWhileItsInputsRepeat() {
        AutoCoding.Pick first = auto.choose(CANDIDATES, "100", 100_000);
        assertEquals("zstd", first.coding());
        AutoCoding.Pick again = auto.choose(CANDIDATES, "100", 120_000);
        assertSame(first.ranking(), again.ranking()); // not ranked again
        assertTrue(again.describe().contains("; body 117 KB whole;"), again.describe()); // but this request's body
        // a Downlink within a tenth of the decision's tells no other link (a browser's own noise is that much)
        assertSame(first.ranking(), auto.choose(CANDIDATES, "109.9", 100_000).ranking());
        assertSame(first.ranking(), auto.choose(CANDIDATES, "91", 100_000).ranking());
        assertNotSame(first.ranking(), auto.choose(CANDIDATES, "110.1", 100_000).ranking());
        assertNotSame(first.ranking(), auto.choose(CANDIDATES, null, 100_000).ranking()); // a hint, and none
        assertNotSame(first.ranking(), auto.choose(List.of("zstd", "gzip"), "100", 100_000).ranking());
        assertNotSame(first.ranking(), auto.choose(CANDIDATES, "100", 1_000_000).ranking()); // streams
        load = 1;
        assertNotSame(first.ranking(), auto.choose(CANDIDATES, "100", 100_000).ranking());
        load = 0;
        AutoCoding.Pick kept = auto.choose(CANDIDATES, "100", 100_000);
        assertSame(kept.ranking(), auto.choose(CANDIDATES, "100", 100_000).ranking());
        // this application's zstd bodies hardly compress: the decisions from the next second on know it
        for (int i = 0; i < 20; i++) {
            auto.recordCompression("zstd", 1_000_000, 600_000, 50_000_000);
        }
        assertEquals("zstd", auto.choose(CANDIDATES, "100", 100_000).coding());
        now.addAndGet(AutoCoding.REUSE_NANOS - 1);
        assertSame(kept.ranking(), auto.choose(CANDIDATES, "100", 100_000).ranking());
        now.addAndGet(1);
        assertEquals("lz4", auto.choose(CANDIDATES, "100", 100_000).coding());
        // a link the server measured counts at once
        AutoCoding.Pick configured = auto.choose(CANDIDATES, null, 100_000);
        assertEquals(LinkSpeed.Source.CONFIGURED, configured.link().source());
        auto.recordLink(10e6);
        assertEquals(LinkSpeed.Source.MEASURED, auto.choose(CANDIDATES, null, 100_000).link().source());
    }

    @Test
    void aDownlinkAtTheEncodersPaceOnlySaysAtLeastWhenIdentityIsRefused() {
        // zstd produces 8 * 0.208 / (1/351 MB/s) = 584 Mbit/s: a client measuring 500 may have waited for it
        List<String> coded = List.of("zstd", "lz4", "gzip");
        AutoCoding.Pick paced = auto.choose(coded, "500", benchmarkBodies());
        assertTrue(paced.describe().contains("link 1000 Mbit/s downlink-at-least"), paced.describe());
        assertEquals("lz4", paced.coding());
        // 100 is well below: the link's own speed
        assertTrue(auto.choose(coded, "100").describe().contains("link 100 Mbit/s downlink;"));
        // a client that accepts identity is probed instead (below): its reading stands
        assertTrue(auto.choose(CANDIDATES, "500").describe().contains("link 500 Mbit/s downlink;"));
    }

    @Test
    void aDownlinkAtTheEncodersPaceIsProbedWithTheBodyAsItIs() {
        // lz4 produces 8 * 0.375 * 577 = 1731 Mbit/s; a client reading 1500 may have waited for it, on a faster link
        MethodBodies bodies = new MethodBodies(now::get);
        bodies.record(2_000_000, 0);
        AutoCoding.Pick first = auto.choose(CANDIDATES, "1500", bodies);
        assertEquals("lz4", first.coding());
        double lz4 = first.ranking().get(0).nanosPerByte();
        double identity = first.ranking().stream().filter(e -> e.coding().equals("identity")).findFirst()
                .orElseThrow().nanosPerByte();
        // a probe once 2 % of lz4's time covers what identity costs more: the share it may take
        double every = (identity - lz4) / (AutoCoding.PROBE_SHARE * lz4);
        assertTrue(every > 5 && every < 100, "every " + every);
        assertEquals(Math.ceil(every), 1 + untilProbe(bodies, "1500"), 1); // the first request counted
        // it says why, and a probe is no new decision: the next is lz4's again
        assertEquals("lz4", auto.choose(CANDIDATES, "1500", bodies).coding());
        // the next reading (of the probe) changed nothing: probes come half as often, down to an eighth
        assertEquals(Math.ceil(2 * every), 1 + untilProbe(bodies, "1500.001"), 1);
        assertEquals(Math.ceil(4 * every), untilProbe(bodies, "1500.002"), 1);
        assertEquals(Math.ceil(8 * every), untilProbe(bodies, "1500.003"), 1);
        assertEquals(Math.ceil(8 * every), untilProbe(bodies, "1500.004"), 1);
        // one that changed the decision brings them back as often as at first
        assertNull(auto.choose(CANDIDATES, "50000", bodies).coding());
        assertEquals(Math.ceil(every), untilProbe(bodies, "1500"), 1);
    }

    @Test
    void aProbesFindingCountsThoughAnotherClientsRequestCameFirst() {
        MethodBodies bodies = new MethodBodies(now::get);
        bodies.record(2_000_000, 0);
        assertEquals("lz4", auto.choose(CANDIDATES, "1500", bodies).coding());
        int every = 1 + untilProbe(bodies, "1500");
        // another client at lz4's pace is decided first after the probe: it changes nothing
        assertEquals("lz4", auto.choose(CANDIDATES, "1500.001", bodies).coding());
        // then the probed client, which read the body as it is, sends the faster link: identity, a change
        assertNull(auto.choose(CANDIDATES, "50000", bodies).coding());
        // the probe showed something: probes come as often as at first, not half as often
        assertEquals(every, untilProbe(bodies, "1500"), 1);
    }

    /** Requests of {@code bodies}' method until one is a probe, which says so; -1 when none of 1000 is. */
    private int untilProbe(MethodBodies bodies, String downlink) {
        for (int i = 1; i <= 1000; i++) {
            AutoCoding.Pick d = auto.choose(CANDIDATES, downlink, bodies);
            if (d.coding() == null) {
                assertTrue(d.describe().startsWith("probe: identity, as lz4's downlink may be its pace; lz4 "),
                        d.describe());
                return i;
            }
            assertEquals("lz4", d.coding());
        }
        return -1;
    }

    @Test
    void aDownlinkWellBelowThePaceOrAWholeBodyIsNotProbed() {
        MethodBodies bodies = new MethodBodies(now::get);
        bodies.record(2_000_000, 0);
        assertEquals("zstd", auto.choose(CANDIDATES, "100", bodies).coding()); // zstd's pace is 584
        assertEquals(-1, untilIdentity(CANDIDATES, "100", bodies));
        // the server's own work slows the pace: 3 ns a byte besides zstd's 2.8 makes it 287 Mbit/s, read at 250
        MethodBodies slow = new MethodBodies(now::get);
        slow.record(2_000_000, 6_000_000);
        assertEquals("zstd", auto.choose(CANDIDATES, "250", slow).coding());
        assertTrue(untilIdentity(CANDIDATES, "250", slow) > 0);
        // without identity, nothing to probe with
        assertEquals(-1, untilIdentity(List.of("zstd", "lz4", "gzip"), "1500", bodies));
        // bodies that leave in one piece are read at the link's pace, not the encoder's
        for (int i = 0; i < 30; i++) {
            auto.recordCompression("lz4", 100_000, 37_500, 173_000);
        }
        now.addAndGet(AutoCoding.REUSE_NANOS);
        assertEquals(-1, untilIdentity(CANDIDATES, "1500", bodies));
    }

    private int untilIdentity(List<String> candidates, String downlink, MethodBodies bodies) {
        for (int i = 1; i <= 1000; i++) {
            if (auto.choose(candidates, downlink, bodies).coding() == null) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void aDownlinkAtTheEncodersPaceIsTheLinksWhenItsBodiesLeaveInOnePiece() {
        // 100 KB bodies at the prior's speed and ratio: zstd sends them whole at the end, it cannot pace the client
        for (int i = 0; i < 3; i++) {
            auto.recordCompression("zstd", 100_000, 20_800, 284_900);
        }
        List<String> coded = List.of("zstd", "lz4", "gzip");
        assertTrue(auto.choose(coded, "500").describe().contains("link 500 Mbit/s downlink;"));
        // 1 MB bodies leave as the encoder goes: at its pace the reading only says "at least" again
        for (int i = 0; i < 30; i++) {
            auto.recordCompression("zstd", 1_000_000, 208_000, 2_849_000);
        }
        now.addAndGet(AutoCoding.REUSE_NANOS); // the figures count from the next decision
        assertTrue(auto.choose(coded, "500").describe().contains("downlink-at-least"));
    }

    @Test
    void codingsWithoutFiguresAreNotGuessed() {
        AutoCoding.Pick decision = auto.choose(List.of("mine", "identity"), "1");
        assertNull(decision.coding()); // identity is always known
        AutoCoding.Pick unknown = auto.choose(List.of("mine", "theirs"), "1");
        assertEquals("mine", unknown.coding()); // the server's preference
        assertEquals("no figures yet", unknown.describe());
    }

    @Test
    void measuresEveryCodecOnceOnAGeneratedDocument() throws Exception {
        byte[] sample = Calibration.sample(64 * 1024);
        assertTrue(sample.length >= 64 * 1024 && sample[0] == '[' && sample[sample.length - 1] == ']');
        assertEquals(new String(sample, java.nio.charset.StandardCharsets.UTF_8),
                new String(Calibration.sample(64 * 1024), java.nio.charset.StandardCharsets.UTF_8)); // deterministic
        org.restcompress.internal.codec.CodecRegistry registry = org.restcompress.internal.codec.CodecRegistry.load(
                getClass().getClassLoader(), token -> org.restcompress.codec.CodecOptions.NONE);
        List<org.restcompress.codec.ContentCodec> codecs = List.of(registry.find("gzip").orElseThrow(),
                registry.find("lzf").orElseThrow());
        Map<String, CodingFigures> measured = Calibration.measure(codecs, () -> false);
        assertEquals(List.of("gzip", "lzf"), List.copyOf(measured.keySet()));
        assertTrue(measured.get("gzip").ratio() < measured.get("lzf").ratio(), measured.toString());
        assertTrue(measured.get("gzip").compressNanos() > 0 && measured.get("lzf").decodeNanos() > 0);
        auto.calibrate(codecs); // a coding without a built-in prior becomes a candidate
        assertTrue(auto.figures().containsKey("lzf"));
    }

    @Test
    void measuresNothingUntilALinkIsKnown() throws Exception {
        List<org.restcompress.codec.ContentCodec> codecs = List.of(
                new org.restcompress.internal.codec.LzfCodec());
        org.restcompress.internal.lifecycle.Lifecycle lifecycle = org.restcompress.internal.lifecycle.Lifecycle.open(
                getClass().getClassLoader());
        AutoCoding unhinted = AutoCoding.start(codecs, 0, lifecycle);
        assertFalse(unhinted.knowsLink(null));
        assertFalse(unhinted.knowsLink("not a number"));
        assertFalse(unhinted.measuringStarted(), "no hint: no calibration, no CPU sampler");
        assertTrue(unhinted.knowsLink("10"));
        assertTrue(unhinted.measuringStarted(), "the first hint starts them");
        assertTrue(CpuLoad.sampling());
        int users = CpuLoad.users();
        lifecycle.close();
        assertEquals(users - 1, CpuLoad.users(), "its use of the sampler ended with the application");
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("rest-compress-calibration") && t.isAlive()));

        org.restcompress.internal.lifecycle.Lifecycle configured = org.restcompress.internal.lifecycle.Lifecycle.open(
                getClass().getClassLoader());
        assertTrue(AutoCoding.start(codecs, 1e9, configured).measuringStarted(), "a configured speed: at once");
        configured.close();

        org.restcompress.internal.lifecycle.Lifecycle stopped = org.restcompress.internal.lifecycle.Lifecycle.open(
                getClass().getClassLoader());
        AutoCoding late = AutoCoding.start(codecs, 0, stopped);
        stopped.close();
        users = CpuLoad.users();
        assertTrue(late.knowsLink("10"));
        assertEquals(users, CpuLoad.users(), "a hint after the application stopped starts nothing nobody would end");
    }

    @Test
    void aCalibrationStoppedPartWayLogsNothingAndKeepsThePriors() throws Exception {
        org.restcompress.internal.codec.CodecRegistry registry = org.restcompress.internal.codec.CodecRegistry.load(
                getClass().getClassLoader(), token -> org.restcompress.codec.CodecOptions.NONE);
        List<org.restcompress.codec.ContentCodec> codecs = List.of(registry.find("gzip").orElseThrow());
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        Map<String, CodingFigures> partial = Calibration.measure(codecs, () -> asked.incrementAndGet() > 2);
        assertEquals(Map.of(), partial, "stopped within gzip's rounds: gzip has no figures");
        assertEquals(3, asked.get(), "asked before each round, and not after it said stop");
    }
}
