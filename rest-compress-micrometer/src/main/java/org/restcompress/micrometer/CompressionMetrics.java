package org.restcompress.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;
import org.restcompress.observe.RequestBody;

/**
 * rest-compress's decisions as Micrometer meters. One line binds them to the application's registry:
 * <pre>{@code
 * new CompressionFeature(CompressionConfig.builder().listener(new CompressionMetrics(registry)).build())
 * }</pre>
 * or, where the framework binds {@link MeterBinder}s itself (Spring Boot), {@code new CompressionMetrics()} as a bean
 * that is also given to the builder.
 *
 * <table>
 * <caption>Meters</caption>
 * <tr><th>name</th><th>type</th><th>tags</th><th>counts</th></tr>
 * <tr><td>{@value #RESPONSES}</td><td>counter</td><td>coding, reason</td><td>responses, encoded or not</td></tr>
 * <tr><td>{@value #BYTES_BEFORE}</td><td>counter</td><td>coding</td><td>bytes of encoded bodies before coding</td></tr>
 * <tr><td>{@value #BYTES_AFTER}</td><td>counter</td><td>coding</td><td>the same bodies' bytes after coding</td></tr>
 * <tr><td>{@value #ENCODE}</td><td>timer</td><td>coding</td><td>time in the encoder, writing to the client
 *     excluded</td></tr>
 * <tr><td>{@value #DECODED}</td><td>counter</td><td>coding</td><td>request bodies decoded</td></tr>
 * <tr><td>{@value #REJECTED}</td><td>counter</td><td>status, coding</td><td>request bodies refused: 400, 413,
 *     415</td></tr>
 * <tr><td>{@value #DICTIONARY}</td><td>counter</td><td>coding, kind</td><td>responses coded against a dictionary:
 *     delta or shared</td></tr>
 * <tr><td>{@value #ENCODE_ONCE}</td><td>counter</td><td>coding, result</td><td>encoded responses of methods that
 *     encode once: {@code hit} (sent as kept) or {@code miss} (encoded)</td></tr>
 * <tr><td>{@value #ENCODE_ONCE_BYTES}</td><td>gauge</td><td></td><td>bytes encoding once keeps, bodies and
 *     forms</td></tr>
 * </table>
 *
 * <p>Tag values are bounded: codings are the server's own tokens ({@code identity} included; a request body in a
 * coding the server does not know is {@code unsupported}, several stacked ones {@code stacked}), reasons and kinds are
 * fixed lists, and no path or client input becomes a tag. The resource method ({@code Class.method}) is a tag only
 * when asked for ({@link #withMethodTag()}). Meters are registered at their first use; a response costs a map lookup
 * and a few counter increments.
 */
public final class CompressionMetrics implements CompressionListener, MeterBinder {

    /** Responses of annotated methods, by coding and reason (a counter). */
    public static final String RESPONSES = "restcompress.responses";
    /** Bytes of encoded response bodies before coding, by coding (a counter). */
    public static final String BYTES_BEFORE = "restcompress.response.bytes.before";
    /** Bytes of encoded response bodies after coding, by coding (a counter). */
    public static final String BYTES_AFTER = "restcompress.response.bytes.after";
    /** Time in the encoder, writing to the client excluded, by coding (a timer). */
    public static final String ENCODE = "restcompress.encode";
    /** Request bodies decoded, by coding (a counter). */
    public static final String DECODED = "restcompress.requests.decoded";
    /** Request bodies refused, by coding and status (a counter). */
    public static final String REJECTED = "restcompress.requests.rejected";
    /** Responses coded against a dictionary, by coding and kind (a counter). */
    public static final String DICTIONARY = "restcompress.dictionary.responses";
    /** Encoded responses of methods that encode once, by coding and result: hit or miss (a counter). */
    public static final String ENCODE_ONCE = "restcompress.encode.once";
    /** Bytes encoding once keeps, bodies and encoded forms (a gauge). */
    public static final String ENCODE_ONCE_BYTES = "restcompress.encode.once.bytes";
    static final String STACKED = "stacked";

    private final boolean methodTag;
    private volatile MeterRegistry registry;
    /** By coding (and method, when tagged): the meters of that coding's responses. */
    private final Map<String, ResponseMeters> responses = new ConcurrentHashMap<>();
    /** By coding and status. */
    private final Map<String, Counter> requests = new ConcurrentHashMap<>();
    /** What encoding once keeps; its gauge registered with the first change. */
    private final AtomicLong keptBytes = new AtomicLong();
    private volatile boolean keptGauge;
    private volatile boolean keptChanged;

    /**
     * Meters bound at once to {@code registry}.
     *
     * @param registry where the meters go
     */
    public CompressionMetrics(MeterRegistry registry) {
        this(false);
        bindTo(registry);
    }

    /** Meters bound later, by {@link #bindTo}: until then, nothing is recorded. */
    public CompressionMetrics() {
        this(false);
    }

    private CompressionMetrics(boolean methodTag) {
        this.methodTag = methodTag;
    }

    /**
     * These meters with the resource method as a further tag ({@code method}, {@code Class.method}) on the response
     * meters: as many series as methods times codings, so only where a dashboard needs it. Bound to the same registry.
     *
     * @return the tagged meters
     */
    public CompressionMetrics withMethodTag() {
        CompressionMetrics tagged = new CompressionMetrics(true);
        MeterRegistry bound = registry;
        if (bound != null) {
            tagged.bindTo(bound);
        }
        return tagged;
    }

    /**
     * Records into {@code registry} from now on.
     *
     * @throws IllegalStateException when already bound to another registry (add both to a composite instead)
     */
    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        if (this.registry != null && this.registry != registry) {
            throw new IllegalStateException("rest-compress metrics are bound to a registry already: bind a "
                    + "CompositeMeterRegistry to record into several");
        }
        this.registry = registry;
        if (keptChanged) {
            registerKeptGauge(registry); // what encoding once keeps changed before the registry came
        }
    }

    @Override
    public void responded(Decision decision) {
        MeterRegistry bound = registry;
        if (bound == null) {
            return;
        }
        String key = methodTag ? decision.coding() + ' ' + decision.method() : decision.coding();
        ResponseMeters meters = responses.get(key);
        if (meters == null) {
            meters = responses.computeIfAbsent(key, k -> new ResponseMeters(bound, decision.coding(),
                    methodTag ? Tags.of("method", decision.method()) : Tags.empty()));
        }
        meters.responses(decision.reason()).increment();
        if (decision.isEncoded() && decision.isDone()) {
            meters.before.increment(decision.bytesIn());
            meters.after.increment(decision.bytesOut());
            if (decision.encodeNanos() >= 0 && decision.reuse() != Decision.Reuse.HIT) { // a hit encoded nothing
                meters.encode.record(decision.encodeNanos(), TimeUnit.NANOSECONDS);
            }
        }
        if (decision.isEncoded() && decision.dictionary() != null && decision.reason() != Reason.HEAD) {
            meters.dictionary(decision.dictionary()).increment();
        }
        if (decision.reuse() != null) {
            meters.reuse(decision.reuse()).increment();
        }
    }

    @Override
    public void encodeOnceKept(long bytes, int bodies) {
        keptBytes.set(bytes);
        keptChanged = true;
        MeterRegistry bound = registry;
        if (bound != null && !keptGauge) {
            registerKeptGauge(bound);
        }
    }

    private synchronized void registerKeptGauge(MeterRegistry bound) {
        if (!keptGauge) {
            keptGauge = true;
            Gauge.builder(ENCODE_ONCE_BYTES, keptBytes, AtomicLong::doubleValue)
                    .description("Bytes encoding once keeps, bodies and encoded forms").baseUnit("bytes")
                    .register(bound);
        }
    }

    @Override
    public void requestBody(RequestBody body) {
        MeterRegistry bound = registry;
        if (bound == null) {
            return;
        }
        String coding = body.coding().indexOf(',') >= 0 ? STACKED : body.coding();
        String key = coding + ' ' + body.status();
        Counter counter = requests.get(key);
        if (counter == null) {
            counter = requests.computeIfAbsent(key, k -> body.isDecoded()
                    ? Counter.builder(DECODED).description("Request bodies decoded").tag("coding", coding)
                            .register(bound)
                    : Counter.builder(REJECTED).description("Request bodies refused: 400 corrupt, 413 too large, "
                            + "415 unsupported coding").tags("coding", coding, "status",
                                    Integer.toString(body.status())).register(bound));
        }
        counter.increment();
    }

    /** One coding's response meters; the counters by reason and by dictionary kind made at their first use. */
    private static final class ResponseMeters {
        private final MeterRegistry registry;
        private final Tags tags;
        private final AtomicReferenceArray<Counter> byReason = new AtomicReferenceArray<>(Reason.values().length);
        private final AtomicReferenceArray<Counter> byKind =
                new AtomicReferenceArray<>(Decision.DictionaryKind.values().length);
        private final AtomicReferenceArray<Counter> byReuse = new AtomicReferenceArray<>(Decision.Reuse.values().length);
        final Counter before;
        final Counter after;
        final Timer encode;

        ResponseMeters(MeterRegistry registry, String coding, Tags extra) {
            this.registry = registry;
            this.tags = extra.and("coding", coding);
            if (Decision.IDENTITY.equals(coding)) { // nothing to count: no empty series
                before = null;
                after = null;
                encode = null;
                return;
            }
            this.before = Counter.builder(BYTES_BEFORE).description("Bytes of encoded response bodies before coding")
                    .tags(tags).register(registry);
            this.after = Counter.builder(BYTES_AFTER).description("Bytes of encoded response bodies after coding")
                    .tags(tags).register(registry);
            this.encode = Timer.builder(ENCODE).description("Time in the encoder, writing to the client excluded")
                    .tags(tags).register(registry);
        }

        Counter responses(Reason reason) {
            Counter counter = byReason.get(reason.ordinal());
            if (counter == null) {
                counter = Counter.builder(RESPONSES).description("Responses, by coding and why")
                        .tags(tags.and("reason", reason.token())).register(registry);
                byReason.set(reason.ordinal(), counter); // a registry returns the same counter for the same id
            }
            return counter;
        }

        Counter reuse(Decision.Reuse reuse) {
            Counter counter = byReuse.get(reuse.ordinal());
            if (counter == null) {
                counter = Counter.builder(ENCODE_ONCE).description("Encoded responses of methods that encode once")
                        .tags(tags.and("result", reuse.token())).register(registry);
                byReuse.set(reuse.ordinal(), counter);
            }
            return counter;
        }

        Counter dictionary(Decision.DictionaryKind kind) {
            Counter counter = byKind.get(kind.ordinal());
            if (counter == null) {
                counter = Counter.builder(DICTIONARY).description("Responses coded against a dictionary")
                        .tags(tags.and("kind", kind.token())).register(registry);
                byKind.set(kind.ordinal(), counter);
            }
            return counter;
        }
    }
}
