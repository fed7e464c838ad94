package org.restcompress.internal.server;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.ConfigKeys;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.cost.ServerCpu;
import org.restcompress.internal.cost.TimedEncoder;
import org.restcompress.internal.cost.WriteMeter;
import org.restcompress.internal.io.DeferredOutputStream;
import org.restcompress.internal.io.Uncloseable;
import org.restcompress.internal.negotiation.Choice;
import org.restcompress.internal.negotiation.HeaderLists;
import org.restcompress.internal.negotiation.Reason;
import org.restcompress.internal.negotiation.ResponseDecision;

/**
 * Encodes one resource method's responses as {@link ResponseDecision} decides, and says why (at debug level in the
 * log, and in a {@code Compression-Decision} header when {@code restcompress.debug} is on). As a response filter it
 * marks every response {@code Vary: Accept-Encoding} and decides what the status, the entity and the application's
 * exclusion settle; as a writer interceptor it decides again with the final headers and media type, and leaves only
 * the size threshold to the body's first bytes. HEAD gets the headers GET would get, and no encoding work.
 *
 * <p>{@code Cache-Control: no-transform} does not stop encoding: it binds intermediaries, not the origin's choice of
 * coding (RFC 9111 section 5.2.2.6), and JAX-RS's {@code new CacheControl()} sets it by default, so honouring it
 * would silently turn compression off for every application that sets a cache lifetime.
 *
 * <p>The response filter is bound at {@link CompressionBinder#LAST_RESPONSE_FILTER}, so that it runs after the
 * application's filters (response filters run in descending priority) and sees their {@code Vary} and {@code ETag}.
 * The interceptor is bound at {@code ENTITY_CODER}: after header decorators such as RESTEasy's own {@code @GZIP},
 * which sets {@code Content-Encoding} at {@code HEADER_DECORATOR}, so that a response it claims is left alone.
 */
final class ResponseCompression implements ContainerResponseFilter, WriterInterceptor {

    private static final System.Logger LOG = System.getLogger("org.restcompress.decision");
    private static final String EVENT_STREAM = "text/event-stream";
    private static final String CONTENT_RANGE = "Content-Range";
    private static final String LINK = "Link";
    static final String USE_AS_DICTIONARY = "Use-As-Dictionary";
    static final String ACCEPT_CH = "Accept-CH";

    private final MethodPolicy policy;

    ResponseCompression(MethodPolicy policy) {
        this.policy = policy;
    }

    /** Adds {@code Downlink} to {@code Accept-CH} (the application's own hints kept): clients send it when asked. */
    private static void askForDownlink(MultivaluedMap<String, Object> headers) {
        List<String> present = new ArrayList<>();
        headers.getOrDefault(ACCEPT_CH, List.of()).forEach(value -> present.add(String.valueOf(value)));
        if (!HeaderLists.names(present, MethodPolicy.DOWNLINK)) {
            headers.add(ACCEPT_CH, MethodPolicy.DOWNLINK);
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        DictionaryUse dictionaryUse = policy.dictionaryUse();
        Vary.add(headers, dictionaryUse != null ? Vary.WITH_DICTIONARY : Vary.ACCEPT_ENCODING);
        if (policy.auto() != null) {
            askForDownlink(headers);
        }
        Exchange exchange = Exchange.of(request, policy);
        if (!response.hasEntity()) {
            RequestDecompression.release(exchange);
        }
        Choice choice = exchange.choice;
        if (response.getStatus() == 304 && choice.isEncoded() && exchange.validatorNamedCoding) {
            EntityTags.addCoding(headers, choice.coding()); // the tag the client's encoded copy carries
        }
        ResteasyEvents events = !response.hasEntity() && isEventStream(response.getMediaType())
                ? ResteasyEvents.of(response) : null;
        if (events != null) {
            encodeEvents(request, response, exchange, events);
            return;
        }
        // The headers' part waits for the writer interceptor: header decorators may still set them.
        ResponseDecision.Facts facts = new ResponseDecision.Facts(policy.uncompressed(), choice,
                HttpMethod.HEAD.equals(request.getMethod()), response.getStatus(), response.hasEntity(), false,
                false, false, true, exchange.dictionary != null ? 1 : policy.threshold());
        ResponseDecision decision = ResponseDecision.decide(facts);
        boolean excluded = false;
        if (decision.isEncoded() && policy.excludes(request, response)) { // asked only when it matters
            excluded = true;
            facts = facts.withExclusion();
            decision = ResponseDecision.decide(facts);
        }
        if (dictionaryUse != null) {
            announceDictionaries(dictionaryUse, request, response, exchange, excluded);
        }
        if (decision.isEncoded()) {
            exchange.pending = facts;
        } else {
            exchange.pending = null;
            decided(decision, headers, exchange);
        }
    }

    /**
     * RESTEasy sends an {@code SseEventSink}'s response through the filters with no entity, then writes its events to
     * its own output stream past the writer interceptors: the encoder goes there, before the first byte.
     */
    private void encodeEvents(ContainerRequestContext request, ContainerResponseContext response, Exchange exchange,
            ResteasyEvents events) {
        exchange.pending = null;
        MultivaluedMap<String, Object> headers = response.getHeaders();
        ResponseDecision.Facts facts = eventFacts(exchange, HttpMethod.HEAD.equals(request.getMethod()),
                response.getStatus(), headers, response.getMediaType());
        ResponseDecision decision = ResponseDecision.decide(facts);
        if (decision.isEncoded() && policy.excludes(request, response)) { // asked only when it matters
            decision = ResponseDecision.decide(facts.withExclusion());
        }
        if (!decision.isEncoded() || decision.reason() == Reason.HEAD) {
            decided(decision, headers, exchange);
            return;
        }
        try {
            OutputStream sink = events.output();
            events.output(eventStream(decision, headers, exchange, sink, true));
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + policy.name()
                    + ": the event stream goes out unencoded, its encoder could not start: " + e);
            headers.remove(HttpHeaders.CONTENT_ENCODING);
        }
    }

    /** What an event stream's decision rests on: its events are the body, encoded from the first one on. */
    private ResponseDecision.Facts eventFacts(Exchange exchange, boolean head, int status,
            MultivaluedMap<String, Object> headers, MediaType type) {
        return new ResponseDecision.Facts(policy.uncompressed(), exchange.choice, head, status, true, false,
                isEncoded(headers), headers.containsKey(CONTENT_RANGE), policy.isCompressible(type), 1);
    }

    /** Marks the response encoded and returns the stream its events go through, encoded with the event settings. */
    private OutputStream eventStream(ResponseDecision decision, MultivaluedMap<String, Object> headers,
            Exchange exchange, OutputStream sink, boolean resteasy) throws IOException {
        ContentCodec codec = policy.codec(decision.coding(), exchange.dictionary).forEventStreams();
        // the headers first: some encoders write their header at once (lz4), which commits the response on Jersey
        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        EntityTags.addCoding(headers, codec.token());
        decided(decision, headers, exchange);
        return new EventStream(codec.encode(sink), sink, resteasy);
    }

    /**
     * Announces the shared dictionary ({@code Link}), and this response as a dictionary for later requests
     * ({@code Use-As-Dictionary}, with a freshness lifetime unless the application set its own caching). Only a
     * successful GET is kept; never a response excluded from compression (it may hold secrets: compressing other
     * content against it would reveal them through sizes).
     */
    private void announceDictionaries(DictionaryUse use, ContainerRequestContext request,
            ContainerResponseContext response, Exchange exchange, boolean excluded) {
        if (response.getStatus() != 200 || !response.hasEntity() || policy.uncompressed()) {
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        String basePath = request.getUriInfo().getBaseUri().getRawPath();
        if (use.shared() != null) {
            headers.add(LINK, "<" + DictionaryEndpoint.url(basePath, policy.dictionaries().path(),
                    use.shared().dictionary) + ">; rel=\"compression-dictionary\"");
        }
        String method = request.getMethod();
        if (!use.delta() || excluded || !(HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method))
                || policy.excludes(request, response)) {
            return;
        }
        headers.putSingle(USE_AS_DICTIONARY, use.useAsDictionary(basePath));
        if (!headers.containsKey(HttpHeaders.CACHE_CONTROL)) {
            headers.putSingle(HttpHeaders.CACHE_CONTROL, "max-age=" + use.maxAge());
        }
        exchange.keepAsDictionary = HttpMethod.GET.equals(method);
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        Exchange exchange = Exchange.of(context::getProperty);
        ResponseDecision.Facts pending = exchange != null ? exchange.pending : null;
        DictionaryRecorder recorder = null;
        if (exchange != null && pending != null && context.getEntity() instanceof SseEventSink) {
            exchange.pending = null;
            encodeEvents(context, pending, exchange);
            return;
        }
        if (exchange != null) {
            exchange.pending = null; // once: Jersey passes event streams and chunked output through here again
            if (exchange.keepAsDictionary) {
                exchange.keepAsDictionary = false;
                recorder = new DictionaryRecorder(policy.dictionaries(),
                        policy.dictionaryUse().lifetime());
            }
        }
        try {
            encode(context, pending, exchange, recorder);
            if (recorder != null) {
                recorder.complete();
            }
        } finally {
            RequestDecompression.release(exchange); // a streamed request body is done with by now
        }
    }

    /**
     * Jersey passes an {@code SseEventSink} through the interceptors once, before its events, and writes every event to
     * the stream the interceptors leave behind: the encoder stays there, and Jersey closes it when the stream ends.
     */
    private void encodeEvents(WriterInterceptorContext context, ResponseDecision.Facts pending, Exchange exchange)
            throws IOException {
        try {
            // pending: the response filter found it encodable, the application's exclusion included
            MultivaluedMap<String, Object> headers = context.getHeaders();
            ResponseDecision decision = ResponseDecision.decide(eventFacts(exchange, pending.head(), pending.status(),
                    headers, context.getMediaType()));
            if (!decision.isEncoded() || decision.reason() == Reason.HEAD) {
                decided(decision, headers, exchange);
                context.proceed();
                return;
            }
            context.setOutputStream(eventStream(decision, headers, exchange, context.getOutputStream(), false));
            context.proceed();
        } finally {
            RequestDecompression.release(exchange);
        }
    }

    /** Sends what the entity writer writes to {@code stream}, through the recorder when there is one. */
    private static void proceed(WriterInterceptorContext context, OutputStream stream, DictionaryRecorder recorder)
            throws IOException {
        context.setOutputStream(recorder == null ? stream : recorder.over(stream));
        context.proceed();
    }

    private void encode(WriterInterceptorContext context, ResponseDecision.Facts pending, Exchange exchange,
            DictionaryRecorder recorder) throws IOException {
        OutputStream raw = context.getOutputStream();
        // With preference=auto every response is timed: its writes show the link, its encoder the codec.
        Metering metering = exchange != null && policy.auto() != null ? new Metering(raw) : null;
        OutputStream sink = metering != null ? metering.link : raw;
        try {
            write(context, pending, exchange, recorder, sink, metering);
        } finally {
            context.setOutputStream(raw);
        }
    }

    private void write(WriterInterceptorContext context, ResponseDecision.Facts pending, Exchange exchange,
            DictionaryRecorder recorder, OutputStream sink, Metering metering) throws IOException {
        if (pending == null) {
            // the filter found nothing to encode: the body goes as it is, on Quarkus too
            QuarkusHeaders.keepIdentity(QuarkusHeaders.of(context), context.getHeaders());
            proceed(context, sink, recorder);
            recorded(metering, null, exchange);
            return;
        }
        MultivaluedMap<String, Object> headers = context.getHeaders();
        QuarkusHeaders quarkus = QuarkusHeaders.of(context); // there, headers decided once writing began need it
        ResponseDecision decision = ResponseDecision.decide(pending.withHeaders(isEncoded(headers),
                headers.containsKey(CONTENT_RANGE), policy.isCompressible(context.getMediaType())));
        if (!decision.isEncoded()) {
            decided(decision, headers, exchange);
            QuarkusHeaders.keepIdentity(quarkus, headers);
            proceed(context, sink, recorder);
            recorded(metering, null, exchange);
            return;
        }
        ContentCodec codec = policy.codec(decision.coding(), exchange.dictionary);
        DeferredOutputStream body = new DeferredOutputStream(sink, decision.threshold(), isStreaming(context),
                new DeferredOutputStream.Decision() {
                    @Override
                    public OutputStream encode() throws IOException {
                        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
                        headers.remove(HttpHeaders.CONTENT_LENGTH);
                        EntityTags.addCoding(headers, codec.token());
                        decided(decision, headers, exchange);
                        QuarkusHeaders.copy(quarkus, headers);
                        if (decision.reason() == Reason.HEAD) {
                            // Commit the headers now, as a streamed GET would be; the container would otherwise
                            // announce the 0 bytes HEAD writes as a Content-Length.
                            sink.flush();
                            return OutputStream.nullOutputStream();
                        }
                        long start = System.nanoTime();
                        OutputStream encoder = codec.encode(Uncloseable.output(sink));
                        // its setup (a native context, buffers) is part of what the coding costs per response
                        return metering != null ? metering.encoder(encoder, System.nanoTime() - start) : encoder;
                    }

                    @Override
                    public void identity(int length) {
                        decided(decision.belowThreshold(length), headers, exchange);
                        // An empty body announces no length: the container knows it once the response ends, and on
                        // Jersey the body may not have ended (a ChunkedOutput or SseEventSink passes the interceptors
                        // once, empty, before its chunks are written past them: "Content-Length: 0" would cut it).
                        if (length > 0 && !headers.containsKey(HttpHeaders.CONTENT_LENGTH)) {
                            headers.putSingle(HttpHeaders.CONTENT_LENGTH, Integer.toString(length));
                        }
                        QuarkusHeaders.keepIdentity(quarkus, headers);
                        QuarkusHeaders.copy(quarkus, headers);
                    }
                });
        try {
            proceed(context, body, recorder);
            body.finish();
        } catch (IOException | RuntimeException e) {
            body.abandon(e); // ends the codec's native state even when the client is gone
            throw e;
        }
        recorded(metering, exchange.dictionary == null ? codec.token() : null, exchange);
    }

    /** What a written response showed: the link's speed, and the codec's figures ({@code coding} not null). */
    private void recorded(Metering metering, String coding, Exchange exchange) {
        if (metering == null) {
            return;
        }
        AutoCoding auto = policy.auto();
        TimedEncoder encoder = metering.encoder;
        long compressNanos = encoder == null ? 0 : Math.max(0, encoder.nanos() - metering.link.nanos());
        // the thread's CPU time but the codec's: producing the body, handing it to the socket (waiting is not CPU)
        long cpu = ServerCpu.threadNanos();
        long workNanos = metering.cpuStart < 0 || cpu < 0 ? -1 : Math.max(0, cpu - metering.cpuStart - compressNanos);
        if (LOG.isLoggable(System.Logger.Level.TRACE)) {
            LOG.log(System.Logger.Level.TRACE, "rest-compress: " + policy.name() + ": " + (coding != null ? coding
                    : "identity") + ", " + metering.link + (encoder != null ? ", encoder took " + encoder.bytes()
                    + " bytes in " + encoder.nanos() / 1000 + " us" : "") + ", server's work "
                    + (workNanos < 0 ? "not measured" : workNanos / 1000 + " us"));
        }
        auto.recordLink(metering.link.bitsPerSecond());
        policy.recordBody(encoder != null ? encoder.bytes() : metering.link.bytes(), workNanos);
        if (coding != null && encoder != null) {
            auto.recordCompression(coding, encoder.bytes(), metering.link.bytes(), compressNanos);
        }
    }

    /** The meters of one response. */
    private static final class Metering {
        final long cpuStart = ServerCpu.threadNanos();
        final WriteMeter link;
        TimedEncoder encoder;

        Metering(OutputStream raw) {
            this.link = new WriteMeter(raw);
        }

        OutputStream encoder(OutputStream coding, long setupNanos) {
            encoder = new TimedEncoder(coding, setupNanos);
            return encoder;
        }
    }

    /** Says why: at debug level in the log, and in a header when the application asked for it. */
    private void decided(ResponseDecision decision, MultivaluedMap<String, Object> headers, Exchange exchange) {
        boolean log = LOG.isLoggable(System.Logger.Level.DEBUG);
        if (!log && !policy.debug()) {
            return;
        }
        String described = decision.describe(policy.threshold());
        if (exchange != null && exchange.dictionaryNote != null) {
            described += "; dictionary=" + exchange.dictionaryNote; // why the dictionary the client named was not used
        }
        if (exchange != null && exchange.byCost != null) {
            described += "; estimate=\"" + exchange.byCost.describe() + "\""; // what preference=auto expected
        }
        if (policy.debug()) {
            headers.putSingle(ConfigKeys.DECISION_HEADER, described);
        }
        if (log) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: " + policy.name() + ": " + described);
        }
    }

    /** A response that already carries a coding (set by the application or another interceptor). */
    private static boolean isEncoded(MultivaluedMap<String, Object> headers) {
        Object coding = headers.getFirst(HttpHeaders.CONTENT_ENCODING);
        return coding != null && !coding.toString().isBlank() && !coding.toString().equalsIgnoreCase("identity");
    }

    /** Applications writing their own stream (or events) flush to be heard now: a flush commits to encoding. */
    private static boolean isStreaming(WriterInterceptorContext context) {
        return context.getEntity() instanceof StreamingOutput || isEventStream(context.getMediaType());
    }

    private static boolean isEventStream(MediaType type) {
        return type != null && EVENT_STREAM.equalsIgnoreCase(type.getType() + "/" + type.getSubtype());
    }
}
