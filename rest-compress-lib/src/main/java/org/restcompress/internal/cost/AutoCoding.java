package org.restcompress.internal.cost;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.lifecycle.Lifecycle;
import org.restcompress.internal.observe.Observation;

/**
 * {@code restcompress.preference=auto}: one application's cost-based choice of coding. Keeps each coding's figures
 * (built in, then calibrated once in the background, then moving averages of the application's own responses), the
 * link's speed and the CPU's load, and ranks a request's candidates by {@link CostModel}. Thread-safe.
 */
public final class AutoCoding {

    private static final System.Logger LOG = Observation.DECISIONS;

    private final Map<String, CodingStats> stats = new ConcurrentHashMap<>();
    private final LinkSpeed link;
    private final DoubleSupplier cpu;
    private final LongSupplier clock;
    /** Bumped when the priors were measured or the server measured the link: a decision made before is stale. */
    private final AtomicLong version = new AtomicLong();
    /** What {@link #start} deferred until a link is known; null once started (or where nothing was deferred). */
    private final AtomicReference<Runnable> measuring = new AtomicReference<>();
    /** Set when the application stops: the calibration ends after its current round, quietly. */
    private volatile boolean stopping;
    /** Where a body of no known method keeps its last decision ({@link MethodBodies#last}). */
    private final MethodBodies noMethod = new MethodBodies();

    /**
     * What auto chose for one request ({@code coding} {@code null} for identity), and what it expected: a ranking, or
     * a note when there was none to make; a note beside a ranking says why its first was not sent (a probe). Described
     * only when asked (logs, the debug header), not per request.
     */
    public record Pick(String coding, String note, List<CostModel.Estimate> ranking, LinkSpeed.Estimate link,
            double serverNanos, double bodyBytes, double load) {

        /** A choice made without estimates, for {@code note}'s reason. */
        public static Pick of(String coding, String note) {
            return new Pick(coding, note, List.of(), null, 0, -1, 0);
        }

        /**
         * Expected time of a body of {@code before} bytes sent as {@code after} in a coding of {@code coding}'s
         * figures, its format taking {@code writeNanos} per byte to write and {@code parseNanos} to parse: weighed as
         * this pick's ranking weighs codings (its link, the CPU's load, whether the method's bodies stream, the
         * server's work). The server's work on a body (fetching, logic) is the same whatever the format: it counts as
         * much for each, on top of the format's own writing. Only for a pick that ranked.
         */
        public double nanos(double before, double after, CodingFigures coding, double writeNanos, double parseNanos) {
            double sendNanos = 8e9 / link.bitsPerSecond();
            double work = serverNanos * (bodyBytes > 0 ? bodyBytes : before); // per body, not per byte of a format
            return before * CostModel.weighed(CpuLoad.weight(load), work / before + writeNanos,
                    coding.compressNanos(), after / before * sendNanos, coding.decodeNanos() + parseNanos,
                    streamed(bodyBytes));
        }

        /**
         * "identity 8.00 < lz4 11.3 ms/MB; link 1000 Mbit/s configured; body 1773 KB streamed; server 6.50 ms/MB;
         * cpu 12%" (the server's work besides the codec's, when measured).
         */
        public String describe() {
            if (ranking.isEmpty()) {
                return note;
            }
            String probe = note == null ? "" : note + "; ";
            String body = bodyBytes < 0 ? "" : "; body " + Math.round(bodyBytes / 1024) + " KB "
                    + (streamed(bodyBytes) ? "streamed" : "whole");
            if (serverNanos > 0) {
                body += "; server " + CostModel.number(serverNanos) + " ms/MB";
            }
            return probe + CostModel.describe(ranking) + "; link " + link + body + "; cpu " + Math.round(load * 100)
                    + "%";
        }
    }

    /** @param cpu the CPU's load, 0 to 1 */
    AutoCoding(LinkSpeed link, DoubleSupplier cpu, Map<String, CodingFigures> priors) {
        this(link, cpu, priors, System::nanoTime);
    }

    AutoCoding(LinkSpeed link, DoubleSupplier cpu, Map<String, CodingFigures> priors, LongSupplier clock) {
        this.link = link;
        this.cpu = cpu;
        this.clock = clock;
        priors.forEach((coding, figures) -> stats.put(coding, new CodingStats(figures)));
    }

    /**
     * Auto for these codecs: the built-in figures at once. The measuring (each codec calibrated in a background
     * thread, the CPU's load sampled) starts only once a link is known: at once where {@code configuredBitsPerSecond}
     * is assumed for clients that say nothing, else with the first request that sends a {@code Downlink}. Until then
     * the configured order decides and nothing is ranked, so an application whose clients send no hint runs no
     * thread of the library.
     */
    public static AutoCoding start(List<ContentCodec> codecs, double configuredBitsPerSecond, Lifecycle lifecycle) {
        Map<String, CodingFigures> priors = new HashMap<>();
        for (ContentCodec codec : codecs) {
            CodingFigures builtIn = Calibration.builtIn(codec.token());
            if (builtIn != null) {
                priors.put(codec.token(), builtIn);
            }
        }
        AutoCoding auto = new AutoCoding(new LinkSpeed(configuredBitsPerSecond), CpuLoad::load, priors);
        auto.measuring.set(() -> auto.startMeasuring(codecs, lifecycle));
        if (auto.link.assumes()) {
            auto.wake();
        }
        return auto;
    }

    /** Starts what {@link #start} deferred, once; a no-op after. */
    private void wake() {
        Runnable start = measuring.get() == null ? null : measuring.getAndSet(null);
        if (start != null) {
            start.run();
        }
    }

    private void startMeasuring(List<ContentCodec> codecs, Lifecycle lifecycle) {
        synchronized (lifecycle) { // not after the application stopped: nothing would end what starts here
            if (lifecycle.closed()) {
                return;
            }
            lifecycle.own(CpuLoad.use(this));
            Thread calibration = new Thread(() -> calibrate(codecs), "rest-compress-calibration");
            calibration.setDaemon(true);
            calibration.setPriority(Thread.MIN_PRIORITY);
            calibration.start();
            lifecycle.own(() -> { // milliseconds of work: an application stopping at once waits for the round
                stopping = true; // not an interrupt: one inside a class load closes the jar's channel under it
                calibration.join(5000);
            });
        }
    }

    void calibrate(List<ContentCodec> codecs) {
        try {
            Map<String, CodingFigures> measured = Calibration.measure(codecs, () -> stopping);
            if (stopping) {
                return; // the application stopped: figures for nobody
            }
            measured.forEach((coding, figures) -> {
                CodingStats known = stats.putIfAbsent(coding, new CodingStats(figures));
                if (known != null) {
                    known.prior(figures);
                }
            });
            version.incrementAndGet();
        } catch (IOException | RuntimeException e) {
            if (!stopping) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: measuring the codecs for auto failed; the "
                        + "built-in figures stay: " + e);
            }
        }
    }

    /**
     * Whether a link became known (a hint, or a speed assumed), so that auto ranks, and the calibration and the CPU
     * sampler run, or ran.
     */
    public boolean measuringStarted() {
        return measuring.get() == null;
    }

    /**
     * Whether a request with this {@code Downlink} (or {@code null}) has a known link: a valid hint, or a speed
     * configured to assume. Where it has none, the configured order decides and nothing is ranked.
     */
    public boolean knowsLink(String downlink) {
        if (!link.assumes() && !(LinkSpeed.parseDownlink(downlink) > 0)) {
            return false;
        }
        wake(); // the first hinted request: from now on auto ranks, on measured figures
        return true;
    }

    /** Whether a speed is assumed for clients that say nothing, and every response is timed to refine it. */
    public boolean assumesLink() {
        return link.assumes();
    }

    /** {@link #choose(List, String, double)} for a body of unknown size, taken to stream. */
    public Pick choose(List<String> candidates, String downlink) {
        return choose(candidates, downlink, -1);
    }

    /**
     * The fastest of {@code candidates} (server preference order, {@code identity} among them when acceptable) for
     * a client that sent {@code downlink} (or {@code null}), for the next body of a method whose recent ones were
     * {@code bodies}.
     */
    public Pick choose(List<String> candidates, String downlink, MethodBodies bodies) {
        return choose(candidates, downlink, bodies.bytes(), bodies);
    }

    /** For a body of about {@code bodyBytes} (negative when unknown) that costs the server nothing but the codec. */
    Pick choose(List<String> candidates, String downlink, double bodyBytes) {
        return choose(candidates, downlink, bodyBytes, noMethod); // it records no work: 0
    }

    private Pick choose(List<String> candidates, String downlink, double bodyBytes, MethodBodies method) {
        boolean streamed = streamed(bodyBytes);
        double load = cpu.getAsDouble();
        double weight = CpuLoad.weight(load);
        long now = clock.getAsLong();
        long current = version.get();
        double hint = LinkSpeed.parseDownlink(downlink);
        Made made = method.last;
        if (made == null || !made.holds(candidates, hint, streamed, weight, current, now)) {
            Map<String, CodingFigures> figures = figures(candidates);
            double serverNanos = method.workNanos(); // a median of recent responses: read only to rank
            Pick ranked = rank(candidates, figures, downlink, streamed, weight, serverNanos);
            method.decided(made != null && !Objects.equals(made.decision.coding(), ranked.coding()));
            made = new Made(candidates, hint, slack(ranked), streamed, weight, current, now + REUSE_NANOS, ranked,
                    probeCost(ranked, figures, serverNanos));
            method.last = made;
        }
        Pick decision = made.decision;
        boolean probe = made.probeCost > 0
                && method.probe(PROBE_SHARE * decision.ranking().get(0).nanosPerByte(), made.probeCost);
        if (probe) {
            method.last = made.until(now); // the next request brings what the probe showed: it is decided again
        }
        // held for another Downlink: the choice stands, but what is weighed next (formats) and told is this one's
        LinkSpeed.Estimate link = made.hint == hint ? decision.link()
                : new LinkSpeed.Estimate(hint * 1e6, LinkSpeed.Source.DOWNLINK);
        return new Pick(probe ? null : decision.coding(),
                probe ? "probe: identity, as " + decision.coding() + "'s downlink may be its pace" : decision.note(),
                decision.ranking(), link, decision.serverNanos(), bodyBytes, load);
    }

    /**
     * The share of a method's expected time that probes may cost at most: a coded response puts this much of its
     * estimate aside, and the method sends a probe when that covers one (two, four, eight after probes that changed
     * nothing: {@link MethodBodies#probe}).
     */
    static final double PROBE_SHARE = 0.02;

    /**
     * What a probe costs over {@code decision}'s coding, in ns per byte, or 0 when none is needed. A client's
     * {@code Downlink} near the pace at which the server produces the chosen coding (its codec and its own work on
     * the body) may be that pace and not the link's, and would never show a faster link, on which the body as it is
     * wins (on a veth carrying 2 Gbit/s, lz4 produced and was read at 470 Mbit/s, and kept being chosen). Sent as it
     * is now and then, a body shows the link: the library's client then reports that
     * ({@link Measurement#add(double, boolean, boolean, long)}). Only when identity is acceptable; a reading well below
     * the pace is the link's.
     */
    private double probeCost(Pick decision, Map<String, CodingFigures> figures, double serverNanos) {
        if (decision.coding() == null || decision.link() == null
                || decision.link().source() != LinkSpeed.Source.DOWNLINK || !streams(decision.coding())) {
            return 0;
        }
        double pace = pace(figures.get(decision.coding()), serverNanos);
        if (!(pace > 0) || decision.link().bitsPerSecond() < (1 - PACED) * pace) {
            return 0;
        }
        for (CostModel.Estimate e : decision.ranking()) {
            if (e.coding().equals(CostModel.IDENTITY)) {
                return e.nanosPerByte() - decision.ranking().get(0).nanosPerByte();
            }
        }
        return 0;
    }

    /**
     * How long a decision is reused for requests that bring the same inputs. The codings' figures and the server's
     * work are medians and averages over about ten responses, which every response moves a little: they count from
     * the next decision, at most this much later. Measurements also expire with time
     * ({@link Measurement#LIFETIME_NANOS}).
     */
    static final long REUSE_NANOS = 1_000_000_000L;

    /**
     * How far a client's {@code Downlink} may be from the one a decision was made for, as a factor, for the decision
     * to hold whatever its margin: Chromium multiplies the {@code Downlink} it sends by a factor of 0.9 to 1.1 of its
     * own (per origin, against fingerprinting), so nearer values tell no two links apart.
     */
    static final double SAME_LINK = 1.1;

    /**
     * How much the time to send a byte may change, in nanoseconds, before {@code decision}'s first coding may no
     * longer be the fastest. An estimate grows with the send time by at most its ratio times {@code 1 +}
     * {@link CostModel#FILL} (see {@link CostModel#time}), so the first and the second, moving apart, close their gap
     * by at most three times the change, for codings that expand a body by a fifth at most.
     */
    private static double slack(Pick decision) {
        List<CostModel.Estimate> ranking = decision.ranking();
        return ranking.size() < 2 ? 0 : (ranking.get(1).nanosPerByte() - ranking.get(0).nanosPerByte()) / 3;
    }

    /**
     * A decision and what it was made of, kept per method (its bodies' size and the server's work on them are the
     * method's). Most requests repeat the method's last one: the same candidates and CPU weight, and a
     * {@code Downlink} that cannot change the choice ({@link AutoCoding#slack}) or is within {@link #SAME_LINK} of the
     * last, where the decision was ranked at the client's {@code Downlink} itself (not at a speed measured or assumed
     * in its place, nor at a browser's capped 10).
     * Ranking again costs a few microseconds in compiled code, but tens of microseconds in a server that ranks too
     * rarely to compile it: ranked again at every new {@code Downlink}, four in ten of the network benchmark's hinted
     * requests for the 100 KB document were, at a median of 50 microseconds, all of auto's allowance there (5 %).
     */
    record Made(List<String> candidates, double hint, double slack, boolean streamed, double weight, long version,
            long until, Pick decision, double probeCost) {

        boolean holds(List<String> candidates, double hint, boolean streamed, double weight, long version,
                long now) {
            return this.version == version && now - until < 0 && this.streamed == streamed && this.weight == weight
                    && sameLink(hint) && this.candidates.equals(candidates);
        }

        /** This decision, held no longer than {@code until}. */
        Made until(long until) {
            return new Made(candidates, hint, slack, streamed, weight, version, until, decision, probeCost);
        }

        /** The same hint (0: none), or one that leaves the choice as it was ({@code hint} in Mbit/s). */
        private boolean sameLink(double hint) {
            return this.hint == hint || rankedAtHint() && hint > 0 && hint != LinkSpeed.DOWNLINK_CAP_MBPS
                    && (Math.max(this.hint, hint) <= SAME_LINK * Math.min(this.hint, hint)
                            || Math.abs(8e3 / hint - 8e3 / this.hint) < slack);
        }

        private boolean rankedAtHint() {
            return hint != LinkSpeed.DOWNLINK_CAP_MBPS && decision.link() != null
                    && decision.link().source() == LinkSpeed.Source.DOWNLINK
                    && decision.link().bitsPerSecond() == hint * 1e6;
        }
    }

    /** The current figures of those {@code candidates} that have any. */
    private Map<String, CodingFigures> figures(List<String> candidates) {
        Map<String, CodingFigures> figures = new HashMap<>();
        for (String coding : candidates) {
            CodingStats s = stats.get(coding);
            if (s != null) {
                figures.put(coding, s.figures());
            }
        }
        return figures;
    }

    private Pick rank(List<String> candidates, Map<String, CodingFigures> figures, String downlink,
            boolean streamed, double weight, double serverNanos) {
        LinkSpeed.Estimate speed = link.estimate(downlink);
        List<CostModel.Estimate> ranking = CostModel.rank(candidates, figures, speed.bitsPerSecond(), weight, streamed,
                serverNanos);
        if (ranking.isEmpty()) { // only codings nothing is known of yet: the server's preference
            return Pick.of(candidates.get(0).equals(CostModel.IDENTITY) ? null : candidates.get(0),
                    "no figures yet");
        }
        String first = ranking.get(0).coding();
        if (speed.source() == LinkSpeed.Source.DOWNLINK && !candidates.contains(CostModel.IDENTITY)
                && pacedByEncoder(speed, figures.get(first)) && streams(first)
                && link.configured() > speed.bitsPerSecond()) {
            speed = new LinkSpeed.Estimate(link.configured(), LinkSpeed.Source.DOWNLINK_AT_LEAST);
            ranking = CostModel.rank(candidates, figures, speed.bitsPerSecond(), weight, streamed, serverNanos);
        }
        String best = ranking.get(0).coding();
        return new Pick(best.equals(CostModel.IDENTITY) ? null : best, null, ranking, speed, serverNanos, -1, 0);
    }

    /**
     * Bodies of this many original bytes and more leave an encoder as it goes, at its pace; smaller ones leave in one
     * piece at the end (zstd compresses 128 KB blocks, and socket buffers take the rest), so a client's reading of
     * them is the link's.
     */
    static final double STREAMED_BYTES = 256 * 1024;

    /** Whether a body of {@code bodyBytes} (negative: unknown, taken to stream) streams; see {@link CostModel}. */
    static boolean streamed(double bodyBytes) {
        return !(bodyBytes >= 0) || bodyBytes >= STREAMED_BYTES;
    }

    /**
     * Whether {@code coding}'s recent bodies are large enough to have been paced by its encoder; unknown before its
     * first response, and then assumed.
     */
    private boolean streams(String coding) {
        CodingStats s = stats.get(coding);
        return streamed(s == null ? -1 : s.typicalBytes());
    }

    /** How near the encoder's output speed a client's measurement must be to be taken for its pace. */
    static final double PACED = 0.25;

    /**
     * Whether a client that received {@code figures}' coding at {@code speed} may have been waiting for the encoder,
     * not the link (it measured about the encoder's output speed): then it only says the link is at least that fast.
     * Trusting it as the link would keep a slow coding forever, since it would measure its own pace again. Only for
     * clients that do not accept identity: for the others a probe tells ({@link #probeCost}); taken for "at least",
     * a 100 Mbit/s link read at about zstd's pace was ranked at the configured 1 Gbit/s, and sent identity.
     */
    static boolean pacedByEncoder(LinkSpeed.Estimate speed, CodingFigures figures) {
        double produced = pace(figures, 0);
        return produced > 0 && Math.abs(speed.bitsPerSecond() / produced - 1) <= PACED;
    }

    /**
     * The bits per second at which the server produces {@code figures}' coding: its codec and {@code serverNanos} of
     * its own work per original byte; 0 when not known.
     */
    static double pace(CodingFigures figures, double serverNanos) {
        double work = figures == null ? 0 : figures.compressNanos() + serverNanos;
        return work > 0 ? 8e9 * figures.ratio() / work : 0;
    }

    /**
     * The least original bytes of a response that its coding's figures, and its method's work, learn from: below it
     * the encoder's setup (and the writer's, a system call) weighs on the time per byte, and small bodies (a method's
     * 404s, another method's) would make the coding, or the method's large bodies, look slow.
     */
    public static final long TELLING_BYTES = 64 * 1024;

    /** One encoded response: {@code in} bytes became {@code out} in {@code compressNanos} of the encoder's time. */
    public void recordCompression(String coding, long in, long out, long compressNanos) {
        CodingStats s = stats.get(coding);
        if (s != null) {
            s.record(in, out, compressNanos);
        }
    }

    /**
     * Above this CPU load a write that waited may have waited for a core, not for the link: on a busy host a thread
     * is descheduled for milliseconds, and two such pauses read as a slow link (on loopback, as 30 Mbit/s).
     */
    static final double TRUSTED_WAITS_LOAD = CpuLoad.KNEE;

    /** What one response's writes showed of the link (0: nothing); ignored while the CPU is busy. */
    public void recordLink(double bitsPerSecond) {
        if (link.assumes() && cpu.getAsDouble() < TRUSTED_WAITS_LOAD && link.record(bitsPerSecond)) {
            version.incrementAndGet();
        }
    }

    /** The client's link as auto sees it (its {@code Downlink}, else what is assumed), bits per second; 0: unknown. */
    public double linkBitsPerSecond(String downlink) {
        return knowsLink(downlink) ? link.estimate(downlink).bitsPerSecond() : 0;
    }

    /** One coding's current figures; identity's, or for a coding auto does not know, {@link CodingFigures#IDENTITY}. */
    public CodingFigures figures(String coding) {
        CodingStats s = coding == null ? null : stats.get(coding);
        return s == null ? CodingFigures.IDENTITY : s.figures();
    }

    /** Each coding's current figures, for tests and diagnostics. */
    public Map<String, CodingFigures> figures() {
        Map<String, CodingFigures> all = new HashMap<>();
        stats.forEach((coding, s) -> all.put(coding, s.figures()));
        return all;
    }
}
