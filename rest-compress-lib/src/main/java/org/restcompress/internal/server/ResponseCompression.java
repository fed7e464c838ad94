package org.restcompress.internal.server;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.restcompress.ConfigKeys;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.cost.FormatChoice;
import org.restcompress.internal.cost.ServerCpu;
import org.restcompress.internal.cost.TimedEncoder;
import org.restcompress.internal.cost.WriteMeter;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.io.Counting;
import org.restcompress.internal.io.DeferredOutputStream;
import org.restcompress.internal.io.Uncloseable;
import org.restcompress.internal.negotiation.DecisionRules;
import org.restcompress.internal.negotiation.HeaderLists;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.internal.runtime.CxfEvents;
import org.restcompress.internal.runtime.EventHook;
import org.restcompress.internal.runtime.QuarkusEvents;
import org.restcompress.internal.runtime.QuarkusHeaders;
import org.restcompress.internal.runtime.ResteasyEvents;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * Encodes one resource method's responses as their {@link Decision} says, and publishes that decision: in a
 * {@code Compression-Decision} header when {@code restcompress.debug} is on, and once the body is done to the
 * {@link org.restcompress.internal.observe.Observation} (log line, Flight Recorder, listeners). The decision is made
 * once, by {@link DecisionRules}, where the response's headers are final: in the writer interceptor for a response
 * with a body, in the response filter for one without (and for RESTEasy's event streams, which pass no interceptor).
 * The response filter marks every response {@code Vary: Accept-Encoding}, asks the application's exclusion, announces
 * dictionaries, and leaves the facts it settled for the interceptor. Only the size threshold waits for the body's first
 * bytes. HEAD gets the headers GET would get, and no encoding work.
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

    private static final String EVENT_STREAM = "text/event-stream";
    private static final String CONTENT_RANGE = "Content-Range";
    private static final String LINK = "Link";
    static final String USE_AS_DICTIONARY = "Use-As-Dictionary";
    static final String ACCEPT_CH = "Accept-CH";
    /** The response facts the filter settled, for the interceptor to decide on with the final headers; once. */
    private static final String PENDING = ResponseCompression.class.getName() + ".pending";
    /** Present when the response is kept as a dictionary once written. */
    private static final String KEEP_AS_DICTIONARY = ResponseCompression.class.getName() + ".keep";
    /** Set on a response copied as a training sample (@TrainedDictionary). */
    private static final String SAMPLE = ResponseCompression.class.getName() + ".sample";
    /** The filter's final decision on a response with a body: published by the interceptor once the body is done. */
    private static final String DECIDED = ResponseCompression.class.getName() + ".decided";
    /**
     * Present once the request's decision was published: a runtime that runs the response filters again (Jersey, for
     * the error response after a writer failed) publishes no second one.
     */
    private static final String PUBLISHED = ResponseCompression.class.getName() + ".published";
    /** Set where an event stream hook was armed: the stream is decided, its headers set, before the method ran. */
    private static final String EVENT_HOOK = ResponseCompression.class.getName() + ".event-hook";

    private final MethodPolicy policy;
    /** Quarkus REST's header hooks, or null on every other runtime. */
    private final QuarkusHeaders quarkus;

    ResponseCompression(MethodPolicy policy, QuarkusHeaders quarkus) {
        this.policy = policy;
        this.quarkus = quarkus;
    }

    /**
     * Adds {@code Downlink} to {@code Accept-CH} (the application's own hints kept): clients send it when asked, and
     * a known link lets auto choose by cost. No {@code Critical-CH}: without the hint the configured order decides,
     * which is right on slow links, and the browser's retry of a navigation to send it costs a round trip, more than
     * sending a body as it is could save on a fast one. Browsers take {@code Accept-CH} from navigations only: an
     * application whose pages call its API from a browser sends it on its HTML too (the demo's landing page does).
     */
    private static void askForDownlink(MultivaluedMap<String, Object> headers) {
        List<Object> asked = headers.get(ACCEPT_CH);
        if (asked == null || asked.isEmpty()) {
            headers.add(ACCEPT_CH, MethodPolicy.DOWNLINK);
            return;
        }
        List<String> present = new ArrayList<>();
        asked.forEach(value -> present.add(String.valueOf(value)));
        if (!HeaderLists.names(present, MethodPolicy.DOWNLINK)) {
            headers.add(ACCEPT_CH, MethodPolicy.DOWNLINK);
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(EVENT_HOOK) != null) { // CXF passes an event stream's empty response here
            RequestDecompression.release(request);
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        DictionaryUse dictionaryUse = policy.dictionaryUse();
        negotiationHeaders(headers);
        RequestFacts facts = RequestFacts.of(request, policy);
        if (!response.hasEntity()) {
            RequestDecompression.release(request);
        }
        if (policy.formats() != null) {
            Vary.add(headers, ACCEPT);
            if (response.hasEntity() && response.getStatus() == 200) {
                request.setProperty(MEASURE_FORMAT, Boolean.TRUE); // only a success tells what a format costs
                facts = chooseFormat(request, response, facts);
            }
        }
        if (response.getStatus() == 304 && facts.negotiated().isEncoded() && facts.validatorNamedCoding()) {
            EntityTags.addCoding(headers, facts.negotiated().coding()); // the tag the client's encoded copy carries
        }
        ResteasyEvents events = !response.hasEntity() && isEventStream(response.getMediaType())
                ? ResteasyEvents.of(response) : null;
        if (events != null) {
            encodeEvents(request, response, facts, events);
            return;
        }
        // The headers' part waits for the writer interceptor: header decorators may still set them.
        DecisionRules.Facts settled = new DecisionRules.Facts(policy.uncompressed(), facts.negotiated(),
                HttpMethod.HEAD.equals(request.getMethod()), response.getStatus(), response.hasEntity(), false,
                false, false, true, facts.dictionary() != null ? 1 : policy.threshold());
        // What the rules say with what is known now: final unless it would encode a body, whose headers may change
        Decision decision = decide(settled, facts);
        boolean excluded = false;
        if (decision.isEncoded() && policy.excludes(request, response)) { // asked only when it matters
            excluded = true;
            settled = settled.withExclusion();
            decision = decide(settled, facts);
        }
        if (dictionaryUse != null) {
            announceDictionaries(dictionaryUse, request, response, excluded);
        }
        if (decision.isEncoded() && settled.head() && !QuarkusHeaders.writesHeadBodies(quarkus)) {
            head(request, response, settled, facts); // no writer interceptor will see it
            return;
        }
        if (decision.isEncoded()) {
            request.setProperty(PENDING, settled); // decided by the interceptor, with the final headers
            return;
        }
        request.removeProperty(PENDING);
        header(decision, headers);
        if (!policy.observation().observed() && policy.formats() == null) {
            return; // nobody is told, nor does the choice of format learn: nothing to keep for it
        }
        if (response.hasEntity()) {
            request.setProperty(DECIDED, decision); // published with its size once the body is written
        } else {
            publish(request::getProperty, request::setProperty, decision);
        }
    }

    /**
     * A {@code HEAD} on a runtime that writes no body for it: the headers {@code GET} would get, decided here. A body
     * whose size the entity shows (bytes, a string) below the threshold goes as it is, as {@code GET}'s would.
     */
    private void head(ContainerRequestContext request, ContainerResponseContext response,
            DecisionRules.Facts settled, RequestFacts facts) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        Decision decision = decide(settled.withHeaders(isEncoded(headers), headers.containsKey(CONTENT_RANGE),
                policy.isCompressible(response.getMediaType())), facts);
        Object entity = response.getEntity();
        int length = entity instanceof byte[] ? ((byte[]) entity).length
                : entity instanceof String ? ((String) entity).length() : -1;
        if (decision.isEncoded() && length >= 0 && length < decision.threshold()) {
            decision = decision.belowThreshold(length).done(-1, -1, 0);
        } else if (decision.isEncoded()) {
            encodedHeaders(headers, policy.codec(decision.coding(), facts.dictionary()).token());
        }
        header(decision, headers);
        publish(request::getProperty, request::setProperty, decision);
    }

    /** The headers of a response sent in {@code coding}: its tag marked, no length (it is streamed). */
    private static void encodedHeaders(MultivaluedMap<String, Object> headers, String coding) {
        headers.putSingle(HttpHeaders.CONTENT_ENCODING, coding);
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        EntityTags.addCoding(headers, coding);
    }

    /** Hands {@code decision} to the observation, once per request; nothing when nobody observes. */
    private void publish(Function<String, Object> properties, BiConsumer<String, Object> set, Decision decision) {
        if (policy.observation().observed() && properties.apply(PUBLISHED) == null) {
            set.accept(PUBLISHED, Boolean.TRUE);
            policy.observation().responded(decision);
        }
    }

    private void publish(WriterInterceptorContext context, Decision decision) {
        RequestFacts facts;
        if (policy.formats() != null && decision.isDone() && context.getProperty(MEASURE_FORMAT) != null
                && (facts = RequestFacts.of(context::getProperty)) != null) {
            // under the coding negotiated, which the next choice compares in: a short body goes as it is
            policy.formats().record(context.getMediaType(), facts.negotiated().isEncoded()
                    ? facts.negotiated().coding() : Decision.IDENTITY, decision.bytesIn(), decision.bytesOut());
        }
        publish(context::getProperty, context::setProperty, decision);
    }

    /**
     * The one decision for this response, from its settled facts and what the request brought. Its notes (auto's
     * estimate, an unused dictionary) are words for people: built only where someone reads them, the header or an
     * observer, as describing the estimate costs more than choosing by it.
     */
    private Decision decide(DecisionRules.Facts settled, RequestFacts facts) {
        Decision decision = DecisionRules.decide(policy.identities(), settled, facts.dictionaryKind());
        return policy.debug() || policy.observation().observed() ? facts.annotate(decision) : decision;
    }

    /**
     * RESTEasy sends an {@code SseEventSink}'s response through the filters with no entity, then writes its events to
     * its own output stream past the writer interceptors: the encoder goes there, before the first byte.
     */
    private void encodeEvents(ContainerRequestContext request, ContainerResponseContext response, RequestFacts facts,
            ResteasyEvents events) {
        request.removeProperty(PENDING);
        MultivaluedMap<String, Object> headers = response.getHeaders();
        DecisionRules.Facts settled = eventFacts(facts, HttpMethod.HEAD.equals(request.getMethod()),
                response.getStatus(), headers, response.getMediaType());
        Decision decision = decide(settled, facts);
        if (decision.isEncoded() && policy.excludes(request, response)) { // asked only when it matters
            decision = decide(settled.withExclusion(), facts);
        }
        if (!decision.isEncoded() || decision.reason() == Reason.HEAD) {
            header(decision, headers);
            publish(request::getProperty, request::setProperty, decision);
            return;
        }
        try {
            OutputStream sink = events.output();
            events.output(eventStream(decision, headers, facts, sink, true));
        } catch (IOException | RuntimeException e) {
            System.getLogger(ResponseCompression.class.getName()).log(System.Logger.Level.WARNING,
                    "rest-compress: " + policy.name() + ": the event stream goes out unencoded, its encoder could "
                            + "not start: " + e);
            headers.remove(HttpHeaders.CONTENT_ENCODING);
            EntityTags.removeCoding(headers, decision.coding());
            Decision unencoded = policy.identities().get(Reason.ENCODER_UNAVAILABLE);
            header(unencoded, headers);
            publish(request::getProperty, request::setProperty, unencoded);
        }
    }

    /**
     * CXF and Quarkus REST run no response filter or writer interceptor for an event stream: each writes the events
     * past every Jakarta REST hook ({@link CxfEvents}, {@link QuarkusEvents}). So the decision is made here, before
     * the resource method runs, for what they send (200, {@code text/event-stream}), and the runtime's hook is armed
     * with the stream's headers and encoder. The exclusion predicate is asked about the response the stream will be
     * ({@link EventResponse}).
     */
    void armEvents(ContainerRequestContext request) {
        // on CXF, request properties are the servlet request's attributes, where its filter left the hook
        EventHook hook = request.getClass().getName().startsWith("org.apache.cxf.")
                ? CxfEvents.of(request::getProperty) : QuarkusEvents.of(request);
        RequestFacts facts = RequestFacts.of(request::getProperty);
        if (hook == null || facts == null) {
            return;
        }
        request.setProperty(EVENT_HOOK, Boolean.TRUE);
        DecisionRules.Facts settled = eventFacts(facts, HttpMethod.HEAD.equals(request.getMethod()), 200,
                new MultivaluedHashMap<>(), MediaType.SERVER_SENT_EVENTS_TYPE);
        Decision decision = decide(settled, facts);
        if (decision.isEncoded() && policy.excludes(request, new EventResponse(eventHeaders(decision)))) {
            decision = decide(settled.withExclusion(), facts);
        }
        if (decision.isEncoded() && decision.reason() != Reason.HEAD) {
            ContentCodec codec = policy.codec(decision.coding(), facts.dictionary()).forEventStreams();
            MultivaluedMap<String, Object> headers = eventHeaders(decision);
            headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
            Decision encoded = decision;
            if (hook.arm(headers, sink -> EventStream.open(codec, sink, false, encoded, policy.observation()))) {
                return; // published when the stream ends, with its sizes
            }
            System.getLogger(ResponseCompression.class.getName()).log(System.Logger.Level.WARNING,
                    "rest-compress: " + policy.name() + ": the event stream goes out unencoded, the runtime's "
                            + "response could not be reached");
            decision = policy.identities().get(Reason.ENCODER_UNAVAILABLE);
        }
        hook.arm(eventHeaders(decision), null);
        publish(request::getProperty, request::setProperty, decision);
    }

    /** The headers an event stream decided before its method ran carries, but its coding. */
    private MultivaluedMap<String, Object> eventHeaders(Decision decision) {
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        negotiationHeaders(headers);
        header(decision, headers);
        return headers;
    }

    /** What every response of the method says of its negotiation: Vary, and Accept-CH where the hint counts. */
    private static final List<String> ACCEPT = List.of(HttpHeaders.ACCEPT);
    /** Set on a successful response whose sizes the choice of format learns from. */
    private static final String MEASURE_FORMAT = ResponseCompression.class.getName() + ".measureFormat";

    /**
     * {@code restcompress.auto.formats}: among the representations the client accepts equally, the one soonest
     * delivered and parsed ({@link FormatChoice}), set as the response's media type: its writer then writes it. Only
     * for an entity a provider maps (an object, not bytes, an array or a stream already in one format), and only among
     * formats this method has already written.
     */
    private RequestFacts chooseFormat(ContainerRequestContext request, ContainerResponseContext response,
            RequestFacts facts) {
        Object entity = response.getEntity();
        if (entity == null || entity.getClass().isArray() || entity.getClass().getName().startsWith("java.")
                || entity instanceof StreamingOutput || entity instanceof jakarta.ws.rs.core.GenericEntity) {
            return facts;
        }
        Negotiated negotiated = facts.negotiated();
        String coding = negotiated.isEncoded() ? negotiated.coding() : Decision.IDENTITY;
        List<String> codings = new ArrayList<>(List.of(coding));
        AutoCoding auto = policy.auto();
        double bitsPerSecond = auto.linkBitsPerSecond(request.getHeaderString(MethodPolicy.DOWNLINK));
        FormatChoice.Weigh weigh = FormatChoice.plainly(bitsPerSecond);
        AutoCoding.Pick byCost = facts.byCost();
        if (negotiated.reason() == Reason.AUTO && byCost != null && byCost.note() == null
                && !byCost.ranking().isEmpty() && byCost.link() != null) {
            // auto weighed these for the body alone; the format changes the body: chosen together (not a probe's)
            byCost.ranking().forEach(estimate -> {
                if (!codings.contains(estimate.coding())) {
                    codings.add(estimate.coding());
                }
            });
            weigh = byCost::nanos;
            bitsPerSecond = byCost.link().bitsPerSecond(); // the link auto weighed at (a Downlink may be raised)
        }
        FormatChoice.Pick pick = policy.formats().choose(request.getHeaders().get(HttpHeaders.ACCEPT),
                response.getMediaType(), codings, auto::figures, weigh, bitsPerSecond);
        if (pick == null) {
            return facts;
        }
        MediaType current = response.getMediaType();
        if (!pick.type().getType().equalsIgnoreCase(current.getType())
                || !pick.type().getSubtype().equalsIgnoreCase(current.getSubtype())) {
            response.setEntity(entity, response.getEntityAnnotations(), pick.type());
        }
        RequestFacts chosen = pick.coding().equals(coding) ? facts.withFormat(pick.note())
                : facts.withFormat(pick.note(), Negotiated.byCost(Decision.IDENTITY.equals(pick.coding()) ? null
                        : pick.coding(), negotiated.identityAcceptable()));
        chosen.keep(request);
        return chosen;
    }

    private void negotiationHeaders(MultivaluedMap<String, Object> headers) {
        Vary.add(headers, policy.dictionaryUse() != null ? Vary.WITH_DICTIONARY : Vary.ACCEPT_ENCODING);
        if (policy.auto() != null && !policy.offered().isEmpty()) { // where the hint could change a choice
            askForDownlink(headers);
        }
    }

    /** What an event stream's decision rests on: its events are the body, encoded from the first one on. */
    private DecisionRules.Facts eventFacts(RequestFacts facts, boolean head, int status,
            MultivaluedMap<String, Object> headers, MediaType type) {
        return new DecisionRules.Facts(policy.uncompressed(), facts.negotiated(), head, status, true, false,
                isEncoded(headers), headers.containsKey(CONTENT_RANGE), policy.isCompressible(type), 1);
    }

    /**
     * Marks the response encoded and returns the stream its events go through, encoded with the event settings; the
     * decision is published, with its sizes, when the stream ends.
     */
    private OutputStream eventStream(Decision decision, MultivaluedMap<String, Object> headers, RequestFacts facts,
            OutputStream sink, boolean resteasy) throws IOException {
        ContentCodec codec = policy.codec(decision.coding(), facts.dictionary()).forEventStreams();
        // the headers first: some encoders write their header at once (lz4), which commits the response on Jersey
        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        EntityTags.addCoding(headers, codec.token());
        header(decision, headers);
        return EventStream.open(codec, sink, resteasy, decision, policy.observation());
    }

    /**
     * Announces the shared dictionary ({@code Link}), and this response as a dictionary for later requests
     * ({@code Use-As-Dictionary}, with a freshness lifetime unless the application set its own caching). Only a
     * successful GET is kept; never a response excluded from compression (it may hold secrets: compressing other
     * content against it would reveal them through sizes).
     */
    private void announceDictionaries(DictionaryUse use, ContainerRequestContext request,
            ContainerResponseContext response, boolean excluded) {
        if (response.getStatus() != 200 || !response.hasEntity() || policy.uncompressed()) {
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        String basePath = request.getUriInfo().getBaseUri().getRawPath();
        Dictionary shared = use.shared() != null ? use.shared().current() : null;
        if (shared != null) {
            headers.add(LINK, "<" + DictionaryEndpoint.url(basePath, policy.dictionaries().path(), shared)
                    + ">; rel=\"compression-dictionary\"");
        }
        String method = request.getMethod();
        if (use.shared() != null && use.shared().trained() && !excluded && HttpMethod.GET.equals(method)
                && !policy.excludes(request, response) && use.shared().samples.wants()) {
            // a response excluded from compression is never sampled; the target makes samples of one URL count once
            URI uri = request.getUriInfo().getRequestUri();
            request.setProperty(SAMPLE, uri.getRawQuery() == null ? uri.getRawPath()
                    : uri.getRawPath() + "?" + uri.getRawQuery());
        }
        if (!use.delta() || excluded || !(HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method))
                || policy.excludes(request, response)) {
            return;
        }
        headers.putSingle(USE_AS_DICTIONARY, use.useAsDictionary(basePath));
        if (!headers.containsKey(HttpHeaders.CACHE_CONTROL)) {
            headers.putSingle(HttpHeaders.CACHE_CONTROL, "max-age=" + use.maxAge());
        }
        if (HttpMethod.GET.equals(method)) {
            request.setProperty(KEEP_AS_DICTIONARY, Boolean.TRUE);
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        // taken once: Jersey passes event streams and chunked output through here again
        DecisionRules.Facts pending = (DecisionRules.Facts) context.getProperty(PENDING);
        if (pending != null) {
            context.removeProperty(PENDING);
        }
        RequestFacts facts = RequestFacts.of(context::getProperty);
        if (facts != null && pending != null && context.getEntity() instanceof SseEventSink) {
            encodeEvents(context, pending, facts);
            return;
        }
        Decision decided = (Decision) context.getProperty(DECIDED);
        if (decided != null) {
            context.removeProperty(DECIDED);
        }
        DictionaryRecorder recorder = null;
        boolean keep = context.getProperty(KEEP_AS_DICTIONARY) != null;
        Object target = context.getProperty(SAMPLE);
        if (keep || target != null) {
            context.removeProperty(KEEP_AS_DICTIONARY);
            context.removeProperty(SAMPLE);
            DictionaryUse use = policy.dictionaryUse();
            recorder = new DictionaryRecorder(policy.dictionaries(), keep ? use.lifetime() : null,
                    target != null ? use.shared() : null, target != null ? target.toString() : null);
        }
        try {
            encode(context, facts == null ? null : pending, decided, facts, recorder);
            if (recorder != null) {
                recorder.complete();
            }
        } finally {
            // a streamed request body is done with by now
            RequestDecompression.release(context);
        }
    }

    /**
     * Jersey passes an {@code SseEventSink} through the interceptors once, before its events, and writes every event to
     * the stream the interceptors leave behind: the encoder stays there, and Jersey closes it when the stream ends.
     */
    private void encodeEvents(WriterInterceptorContext context, DecisionRules.Facts pending, RequestFacts facts)
            throws IOException {
        try {
            // pending: the response filter found it encodable, the application's exclusion included
            MultivaluedMap<String, Object> headers = context.getHeaders();
            Decision decision = decide(eventFacts(facts, pending.head(), pending.status(), headers,
                    context.getMediaType()), facts);
            if (!decision.isEncoded() || decision.reason() == Reason.HEAD) {
                header(decision, headers);
                publish(context, decision);
                context.proceed();
                return;
            }
            context.setOutputStream(eventStream(decision, headers, facts, context.getOutputStream(), false));
            context.proceed();
        } finally {
            RequestDecompression.release(context);
        }
    }

    /** Sends what the entity writer writes to {@code stream}, through the recorder when there is one. */
    private static void proceed(WriterInterceptorContext context, OutputStream stream, DictionaryRecorder recorder)
            throws IOException {
        context.setOutputStream(recorder == null ? stream : recorder.over(stream));
        context.proceed();
    }

    private void encode(WriterInterceptorContext context, DecisionRules.Facts pending, Decision decided,
            RequestFacts facts, DictionaryRecorder recorder) throws IOException {
        OutputStream raw = context.getOutputStream();
        // With preference=auto every response is timed: its writes show the link, its encoder the codec. Observed
        // (a listener, a recording, the debug log), an encoded one is too (its sizes and encoding time), and one sent
        // as it is has its bytes counted.
        // auto learns from the responses it chose for (the codecs on this application's bodies, the server's work), and
        // from every response where it assumes a link for clients that say nothing (the server's writes show it)
        boolean auto = facts != null && policy.auto() != null
                && (facts.byCost() != null || policy.auto().assumesLink());
        boolean measuring = (pending != null || decided != null)
                && (policy.observation().observed() || policy.formats() != null);
        Metering metering = auto || measuring && pending != null ? new Metering(raw, auto) : null;
        Counting counted = metering == null && measuring ? new Counting(raw) : null;
        OutputStream sink = metering != null ? metering.link : counted != null ? counted : raw;
        try {
            if (pending == null) {
                identity(context, decided, recorder, sink, metering, counted);
            } else {
                write(context, pending, facts, recorder, sink, metering);
            }
        } finally {
            context.setOutputStream(raw);
        }
    }

    /** A body the filter decided to send as it is: on Quarkus too. Published once written, with its size. */
    private void identity(WriterInterceptorContext context, Decision decided, DictionaryRecorder recorder,
            OutputStream sink, Metering metering, Counting counted) throws IOException {
        QuarkusHeaders.Response.keepIdentity(QuarkusHeaders.response(quarkus), context.getHeaders());
        boolean written = false;
        try {
            proceed(context, sink, recorder);
            written = true;
        } finally {
            recorded(metering, null);
            if (decided != null) {
                long bytes = !written ? -1
                        : counted != null ? counted.count() : metering != null ? metering.link.bytes() : -1;
                publish(context, bytes < 0 ? decided : decided.done(bytes, bytes, 0));
            }
        }
    }

    private void write(WriterInterceptorContext context, DecisionRules.Facts pending, RequestFacts facts,
            DictionaryRecorder recorder, OutputStream sink, Metering metering) throws IOException {
        MultivaluedMap<String, Object> headers = context.getHeaders();
        // on Quarkus REST, headers decided once writing began need copying to its response
        QuarkusHeaders.Response quarkusResponse = QuarkusHeaders.response(quarkus);
        Decision decision = decide(pending.withHeaders(isEncoded(headers), headers.containsKey(CONTENT_RANGE),
                policy.isCompressible(context.getMediaType())), facts);
        if (!decision.isEncoded()) {
            header(decision, headers);
            QuarkusHeaders.Response.keepIdentity(quarkusResponse, headers);
            boolean written = false;
            try {
                proceed(context, sink, recorder);
                written = true;
            } finally {
                recorded(metering, null);
                long bytes = written && metering != null ? metering.link.bytes() : -1;
                publish(context, bytes < 0 ? decision : decision.done(bytes, bytes, 0));
            }
            return;
        }
        ContentCodec codec = policy.codec(decision.coding(), facts.dictionary());
        Decision[] belowThreshold = new Decision[1];
        DeferredOutputStream body = new DeferredOutputStream(sink, decision.threshold(), isStreaming(context),
                new DeferredOutputStream.Outcome() {
                    @Override
                    public OutputStream encode() throws IOException {
                        encodedHeaders(headers, codec.token());
                        header(decision, headers);
                        QuarkusHeaders.Response.copy(quarkusResponse, headers);
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
                        Decision small = decision.belowThreshold(length);
                        header(small, headers);
                        // HEAD sends no body: its size is not what went out
                        belowThreshold[0] = decision.reason() == Reason.HEAD ? small.done(-1, -1, 0) : small;
                        // An empty body announces no length: the container knows it once the response ends, and on
                        // Jersey the body may not have ended (a ChunkedOutput or SseEventSink passes the interceptors
                        // once, empty, before its chunks are written past them: "Content-Length: 0" would cut it).
                        if (length > 0 && !headers.containsKey(HttpHeaders.CONTENT_LENGTH)) {
                            headers.putSingle(HttpHeaders.CONTENT_LENGTH, Integer.toString(length));
                        }
                        QuarkusHeaders.Response.keepIdentity(quarkusResponse, headers);
                        QuarkusHeaders.Response.copy(quarkusResponse, headers);
                    }
                });
        try {
            proceed(context, body, recorder);
            body.finish();
        } catch (IOException | RuntimeException e) {
            body.abandon(e); // ends the codec's native state even when the client is gone
            // counted, not sized: a body cut short says nothing of what the coding saves
            publish(context, belowThreshold[0] != null ? belowThreshold[0] : decision);
            throw e;
        }
        long encodeNanos = recorded(metering, facts.dictionary() == null ? codec.token() : null);
        if (belowThreshold[0] != null) {
            publish(context, belowThreshold[0]);
        } else if (decision.reason() != Reason.HEAD && metering != null && metering.encoder != null) {
            publish(context, decision.done(metering.encoder.bytes(), metering.link.bytes(), encodeNanos));
        } else {
            publish(context, decision);
        }
    }

    /**
     * What a written response showed: with auto, the link's speed and the codec's figures ({@code coding} not null).
     * Returns the time spent in the encoder, writing to the client excluded, or -1 when not measured.
     */
    private long recorded(Metering metering, String coding) {
        if (metering == null) {
            return -1;
        }
        TimedEncoder encoder = metering.encoder;
        long compressNanos = encoder == null ? 0 : Math.max(0, encoder.nanos() - metering.link.nanos());
        if (!metering.auto) {
            return compressNanos;
        }
        AutoCoding auto = policy.auto();
        // the thread's CPU time but the codec's: producing the body, handing it to the socket (waiting is not CPU)
        long cpu = ServerCpu.threadNanos();
        long workNanos = metering.cpuStart < 0 || cpu < 0 ? -1 : Math.max(0, cpu - metering.cpuStart - compressNanos);
        System.Logger log = System.getLogger("org.restcompress.decision");
        if (log.isLoggable(System.Logger.Level.TRACE)) {
            log.log(System.Logger.Level.TRACE, "rest-compress: " + policy.name() + ": " + (coding != null ? coding
                    : "identity") + ", " + metering.link + (encoder != null ? ", encoder took " + encoder.bytes()
                    + " bytes in " + encoder.nanos() / 1000 + " us" : "") + ", server's work "
                    + (workNanos < 0 ? "not measured" : workNanos / 1000 + " us"));
        }
        auto.recordLink(metering.link.bitsPerSecond());
        policy.recordBody(encoder != null ? encoder.bytes() : metering.link.bytes(), workNanos);
        if (coding != null && encoder != null) {
            auto.recordCompression(coding, encoder.bytes(), metering.link.bytes(), compressNanos);
        }
        return compressNanos;
    }

    /** The meters of one response. */
    private static final class Metering {
        final boolean auto;
        final long cpuStart;
        final WriteMeter link;
        TimedEncoder encoder;

        Metering(OutputStream raw, boolean auto) {
            this.auto = auto;
            this.cpuStart = auto ? ServerCpu.threadNanos() : -1;
            this.link = new WriteMeter(raw);
        }

        OutputStream encoder(OutputStream coding, long setupNanos) {
            encoder = new TimedEncoder(coding, setupNanos);
            return encoder;
        }
    }

    /** The decision in a header, when the application asked for it (development). */
    private void header(Decision decision, MultivaluedMap<String, Object> headers) {
        if (policy.debug()) {
            headers.putSingle(ConfigKeys.DECISION_HEADER, decision.describe());
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
