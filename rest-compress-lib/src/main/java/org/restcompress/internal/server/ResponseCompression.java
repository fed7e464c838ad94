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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.restcompress.ContentDecodingException;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.MediaTypes;
import org.restcompress.internal.io.Counting;
import org.restcompress.internal.io.DeferredOutputStream;
import org.restcompress.internal.io.HeldOutputStream;
import org.restcompress.internal.io.Uncloseable;
import org.restcompress.internal.negotiation.DecisionRules;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.internal.runtime.ResponseHeaders;
import org.restcompress.internal.runtime.EventOutput;
import org.restcompress.internal.runtime.RuntimeAdapter;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * Encodes one resource method's responses. The response filter settles what the response's status and the request
 * bring ({@link DecisionRules.Facts}), marks every response {@code Vary: Accept-Encoding}, asks the application's
 * exclusion, runs the steps that act on the response's headers (the format choice, dictionary announcements) and
 * leaves the settled facts in the {@link Exchange}. The writer interceptor then decides once, with the final headers
 * (header decorators may still set them), and writes the body through {@link DeferredOutputStream}, which holds only
 * the threshold's first bytes. A body sent as it is that nobody observes and no step reads is not decided at all:
 * the writer passes it on. A response without a body is decided in the filter, once; so is a {@code HEAD} where
 * the runtime writes no body for it. Once the body is done the decision is published, with its sizes, and the steps
 * that read the written body run (kept as a dictionary, sampled, its format's size recorded). Event streams go their
 * own way ({@link EventEncoding}). HEAD gets the headers GET would get, and no encoding work.
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

    private static final List<String> ACCEPT = List.of(HttpHeaders.ACCEPT);

    private final MethodPolicy policy;
    private final Decisions decisions;
    private final EventEncoding events;
    private final RuntimeAdapter runtime;

    ResponseCompression(MethodPolicy policy, RuntimeAdapter runtime) {
        this.policy = policy;
        this.decisions = new Decisions(policy);
        this.events = new EventEncoding(decisions, runtime);
        this.runtime = runtime;
    }

    /** The hook that decides an event stream before its method runs, on CXF and Quarkus REST. */
    void armEvents(ContainerRequestContext request) {
        events.arm(request);
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Exchange exchange = Exchange.of(request, policy);
        if (exchange.hasEventHook()) { // CXF passes an event stream's empty response here
            RequestDecompression.release(exchange, request);
            return;
        }
        if (response.getStatus() == 500) {
            refuseBody(exchange, response, policy.accepted());
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        decisions.negotiationHeaders(headers, exchange.facts());
        boolean entity = response.hasEntity();
        if (!entity) {
            RequestDecompression.release(exchange, request);
        }
        int status = response.getStatus();
        if (policy.formats() != null) {
            Vary.add(headers, ACCEPT);
            if (entity && status == 200) {
                exchange.measureFormat(); // only a success tells what a format costs
                FormatSelection.choose(policy, request, response, exchange);
            }
        }
        RequestFacts facts = exchange.facts();
        Negotiated negotiated = facts.negotiated();
        if (status == 304 && negotiated.isEncoded() && facts.validatorNamedCoding()) {
            // the tag the client's encoded copy carries
            EntityTags.addCoding(headers, EntityTags.suffix(negotiated.coding(), facts.dictionary()));
        }
        if (!entity && MediaTypes.isEventStream(response.getMediaType())) {
            EventOutput output = runtime.events(response);
            if (output != null) {
                events.fromFilter(request, response, exchange, output);
                return;
            }
        }
        boolean head = HttpMethod.HEAD.equals(request.getMethod());
        boolean written = entity && (!head || runtime.writesHeadBodies());
        if (written && !negotiated.isEncoded() && nothingToDecide(facts)) {
            exchange.pending(null); // the writer passes the body on
            return;
        }
        // asked only where it could matter: a coding to refuse, a representation to refuse it for
        boolean excluded = entity && negotiated.isEncoded() && !policy.uncompressed()
                && DecisionRules.representsContent(status) && policy.excludes(request, response);
        DecisionRules.Facts settled = new DecisionRules.Facts(policy.uncompressed(), negotiated, head, status,
                entity, excluded, false, false, true, facts.dictionary() != null ? 1 : policy.threshold());
        if (policy.dictionaryUse() != null) {
            DictionaryAnnouncement.announce(policy, policy.dictionaryUse(), request, response, excluded, exchange);
        }
        if (written) {
            if (policy.encodesOnce()) {
                exchange.authorized(request.getHeaderString(HttpHeaders.AUTHORIZATION) != null);
            }
            exchange.pending(settled); // decided by the writer, once, with the final headers
            return;
        }
        if (entity) {
            RequestDecompression.release(exchange, request); // no writer will run for this HEAD
        }
        Decision decision = entity ? head(response, settled, facts) : decisions.decide(settled, facts);
        decisions.header(decision, headers);
        decisions.publish(exchange, decision);
    }

    /**
     * Whether a body sent as it is needs no decision: nobody reads one (no observer, no decision header), and no step
     * reads the body (a dictionary kept or sampled, a format's size, auto's figures). Most responses to clients that
     * accept no coding the method offers; their writer only passes the body on.
     */
    private boolean nothingToDecide(RequestFacts facts) {
        return policy.dictionaryUse() == null && policy.formats() == null && !policy.debug() && !learns(facts)
                && !policy.observation().observed();
    }

    /**
     * A {@code HEAD} on a runtime that writes no body for it: the headers {@code GET} would get, decided here. A body
     * whose size the entity shows (bytes, a string) below the threshold goes as it is, as {@code GET}'s would; an
     * entity that does not show it (an object its writer serializes) goes as the method's last body did.
     */
    private Decision head(ContainerResponseContext response, DecisionRules.Facts settled, RequestFacts facts) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        Decision decision = decisions.decide(settled.withHeaders(Decisions.isEncoded(headers),
                headers.containsKey(Decisions.CONTENT_RANGE), policy.isCompressible(response.getMediaType())), facts);
        Object entity = response.getEntity();
        long length = entity instanceof byte[] ? ((byte[]) entity).length
                : entity instanceof String ? bytes((String) entity, response.getMediaType(), decision.threshold())
                : policy.lastSmallBody();
        if (decision.isEncoded() && length >= 0 && length < decision.threshold()) {
            return decision.belowThreshold(length).done(-1, -1, 0);
        }
        if (decision.isEncoded()) {
            Decisions.encodedHeaders(headers, policy.codec(decision.coding(), facts.dictionary()).token(),
                    facts.dictionary());
        }
        return decision;
    }

    /** A string entity's size as its writer writes it (the media type's charset, else UTF-8), where it matters. */
    private static long bytes(String entity, jakarta.ws.rs.core.MediaType type, int threshold) {
        if (entity.length() >= threshold) {
            return entity.length(); // at least as many bytes as characters
        }
        String charset = type == null ? null : type.getParameters().get(jakarta.ws.rs.core.MediaType.CHARSET_PARAMETER);
        try {
            return entity.getBytes(charset == null ? java.nio.charset.StandardCharsets.UTF_8
                    : java.nio.charset.Charset.forName(charset)).length;
        } catch (IllegalArgumentException unknownCharset) {
            return entity.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        Exchange exchange = Exchange.of(context);
        // taken once: Jersey passes event streams and chunked output through here again
        DecisionRules.Facts pending = exchange == null ? null : exchange.takePending();
        if (exchange != null && !exchange.facts().negotiated().isEncoded()) {
            // as it is, whatever is decided: marked here, after the application's header decorators, once
            runtime.headers().identity(context.getHeaders());
        }
        if (pending != null && context.getEntity() instanceof SseEventSink) {
            events.fromWriter(context, exchange, pending);
            return;
        }
        DictionaryRecorder recorder = pending == null ? null : exchange.recorder(policy);
        OutputStream raw = context.getOutputStream();
        try {
            if (pending == null) {
                passOn(context, exchange, raw);
            } else {
                write(context, exchange, pending, recorder, raw);
            }
            if (recorder != null) {
                recorder.complete();
            }
        } finally {
            context.setOutputStream(raw);
            RequestDecompression.release(exchange, context); // a streamed request body is done with by now
        }
    }

    /**
     * Nothing to decide: a body sent as it is that nobody observes ({@link #nothingToDecide}), a stream passed
     * through again, or a response of no exchange. With auto assuming a link for clients that say nothing, its
     * writes still show the link.
     */
    private void passOn(WriterInterceptorContext context, Exchange exchange, OutputStream raw) throws IOException {
        if (exchange != null && exchange.hasEventHook()) {
            // an event stream's method failed before its first event: its error goes as it is, without the coding
            // the stream's headers were armed with
            ResponseHeaders armed = runtime.headers();
            armed.identity(context.getHeaders());
            armed.decided(context.getHeaders());
        }
        ResponseMeter meter = exchange != null && learns(exchange.facts())
                ? new ResponseMeter(raw, policy, true, false) : null;
        try {
            context.setOutputStream(meter == null ? raw : meter.link());
            context.proceed();
        } finally {
            if (meter != null) {
                meter.recorded(policy, null);
            }
        }
    }

    /**
     * Whether auto learns from this response: where it chose by cost (the codecs on this application's bodies, the
     * server's work), and every response where it assumes a link for clients that say nothing (the writes show it).
     */
    private boolean learns(RequestFacts facts) {
        return policy.auto() != null && (facts.byCost() != null || policy.auto().assumesLink());
    }

    private void write(WriterInterceptorContext context, Exchange exchange, DecisionRules.Facts pending,
            DictionaryRecorder recorder, OutputStream raw) throws IOException {
        MultivaluedMap<String, Object> headers = context.getHeaders();
        RequestFacts facts = exchange.facts();
        // the headers' facts are read only where a coding was negotiated: without one the rules never reach them
        Decision decision = decisions.decide(!pending.choice().isEncoded() ? pending
                : pending.withHeaders(Decisions.isEncoded(headers), headers.containsKey(Decisions.CONTENT_RANGE),
                        policy.isCompressible(context.getMediaType())), facts);
        // Observed (a listener, a recording, the debug log) or measured for the format choice, an encoded response is
        // sized and its encoding timed, one sent as it is has its bytes counted; auto times every response it learns
        // from. Once auto ranks, a large encoded response it did not choose (the listed order's) keeps its coding's
        // figures fresh: a coding auto stopped choosing would otherwise be judged for minutes on the response that
        // made it stop.
        boolean learns = learns(facts);
        boolean codingOnly = !learns && decision.isEncoded() && facts.dictionary() == null && policy.auto() != null
                && policy.auto().measuringStarted(); // a dictionary coding's figures are not its coding's
        boolean measured = policy.observation().observed() || policy.formats() != null;
        ResponseMeter meter = learns || codingOnly || measured && decision.isEncoded()
                ? new ResponseMeter(raw, policy, learns, codingOnly) : null;
        Counting counted = meter == null && measured ? new Counting(raw) : null;
        OutputStream sink = meter != null ? meter.link() : counted != null ? counted : raw;
        if (!decision.isEncoded()) {
            decisions.header(decision, headers);
            if (pending.choice().isEncoded()) { // else marked already
                runtime.headers().identity(headers);
            }
            boolean written = false;
            try {
                proceed(context, sink, recorder);
                written = true;
            } finally {
                if (meter != null) {
                    meter.recorded(policy, null);
                }
                long bytes = !written ? -1 : counted != null ? counted.count() : meter != null ? meter.link().bytes()
                        : -1;
                finish(context, exchange, bytes < 0 ? decision : decision.done(bytes, bytes, 0));
            }
            return;
        }
        // where the runtime copied the headers when writing began (Quarkus REST), those decided later follow
        encode(context, exchange, decision, recorder, sink, meter, runtime.headers());
    }

    /**
     * A 500 after the request body, read as a stream, failed to decode: the method wrapped that failure (in a
     * {@code WebApplicationException}, say). The client gets the 400, 413 or 415 its body earned, as where nothing
     * wrapped.
     */
    private static void refuseBody(Exchange exchange, ContainerResponseContext response, List<String> accepted) {
        ContentDecodingException failure = exchange.streamedFailure();
        if (failure != null) {
            jakarta.ws.rs.core.Response problem = Problems.decodingFailed(failure, accepted).getResponse();
            response.setStatus(problem.getStatus());
            String acceptEncoding = problem.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
            if (acceptEncoding != null) { // a 415's
                response.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
            }
            response.setEntity(problem.getEntity(), new java.lang.annotation.Annotation[0], problem.getMediaType());
        }
    }

    private void encode(WriterInterceptorContext context, Exchange exchange, Decision decision,
            DictionaryRecorder recorder, OutputStream sink, ResponseMeter meter,
            ResponseHeaders runtimeHeaders) throws IOException {
        MultivaluedMap<String, Object> headers = context.getHeaders();
        RequestFacts facts = exchange.facts();
        ContentCodec codec = policy.codec(decision.coding(), facts.dictionary());
        boolean streaming = isStreaming(context);
        // encoding once: the whole body is held, looked up, and sent as kept or encoded (and kept when it repeats)
        EncodedBodies kept = decision.reason() == Reason.HEAD || streaming || !policy.encodesOnce() ? null
                : policy.encodedBodies(headers, exchange.authorized());
        ByteArrayOutputStream[] keeping = new ByteArrayOutputStream[1];
        Decision[] shown = {decision}; // with what encoding once did, once it looked
        Decision[] belowThreshold = new Decision[1];
        DeferredOutputStream body = new DeferredOutputStream(sink, decision.threshold(), streaming,
                new DeferredOutputStream.Outcome() {
                    @Override
                    public OutputStream encode() throws IOException {
                        encodedHeaders(headers, codec.token(), facts, shown[0], -1, runtimeHeaders);
                        if (decision.reason() == Reason.HEAD) {
                            // Commit the headers now, as a streamed GET would be; the container would otherwise
                            // announce the 0 bytes HEAD writes as a Content-Length.
                            sink.flush();
                            return OutputStream.nullOutputStream();
                        }
                        long start = System.nanoTime();
                        OutputStream to = keeping[0] == null ? sink : new Tee(sink, keeping[0]::write);
                        OutputStream encoder;
                        try {
                            encoder = codec.encode(Uncloseable.output(to));
                        } catch (IOException | RuntimeException e) {
                            keeping[0] = null; // nothing encoded to keep
                            shown[0] = decisions.unencodable(headers, EntityTags.suffix(codec.token(),
                                    facts.dictionary()), "the body", e);
                            runtimeHeaders.identity(headers);
                            runtimeHeaders.decided(headers);
                            return Uncloseable.output(sink); // the container's stream stays open, as under a coding
                        }
                        // its setup (a native context, buffers) is part of what the coding costs per response
                        return meter != null ? meter.encoder(encoder, System.nanoTime() - start) : encoder;
                    }

                    @Override
                    public void identity(int length) {
                        Decision small = decision.belowThreshold(length);
                        decisions.header(small, headers);
                        // HEAD sends no body: its size is not what went out
                        belowThreshold[0] = decision.reason() == Reason.HEAD ? small.done(-1, -1, 0) : small;
                        // An empty body announces no length: the container knows it once the response ends, and on
                        // Jersey the body may not have ended (a ChunkedOutput or SseEventSink passes the interceptors
                        // once, empty, before its chunks are written past them: "Content-Length: 0" would cut it).
                        if (length > 0 && !headers.containsKey(HttpHeaders.CONTENT_LENGTH)
                                && runtimeHeaders.takesLengthLate()) {
                            headers.putSingle(HttpHeaders.CONTENT_LENGTH, Integer.toString(length));
                        }
                        runtimeHeaders.identity(headers);
                        runtimeHeaders.decided(headers);
                    }
                });
        HeldOutputStream held = kept == null ? null
                : new HeldOutputStream(kept.maxBody(), context.getEntity(), policy.lastHeld(), () -> body);
        EncodedBodies.Lookup lookup = null;
        try {
            proceed(context, held != null ? held : body, recorder);
            if (held != null && held.isHeld()) {
                policy.lastHeld(held.length());
                if (held.length() >= decision.threshold()) {
                    String form = EncodedBodies.form(codec.token(), facts.dictionary() == null ? null
                            : facts.dictionary().hash());
                    lookup = kept.find(policy, form, held.bytes(), held.length(), codec,
                            !EntityTags.isStrong(headers));
                    shown[0] = decision.reused(Decision.Reuse.MISS);
                    if (lookup.encoded() != null) {
                        sendKept(context, exchange, decision.reused(Decision.Reuse.HIT), codec.token(), facts,
                                lookup.encoded(), held.length(), sink, meter, runtimeHeaders);
                        return;
                    }
                    if (lookup.keep()) {
                        keeping[0] = new ByteArrayOutputStream(Math.max(256, held.length() / 4));
                    }
                }
                body.write(held.bytes(), 0, held.length());
            }
            body.finish();
        } catch (IOException | RuntimeException e) {
            body.abandon(e); // ends the codec's native state even when the client is gone
            // counted, not sized: a body cut short says nothing of what the coding saves
            decisions.publish(exchange, belowThreshold[0] != null ? belowThreshold[0] : decision);
            throw e;
        }
        if (keeping[0] != null && belowThreshold[0] == null) {
            kept.keep(lookup, held.bytes(), keeping[0].toByteArray());
        }
        Decision encoded = shown[0];
        if (decision.reason() != Reason.HEAD) {
            policy.lastBody(belowThreshold[0] != null ? belowThreshold[0].bytesIn() : -1);
        }
        long encodeNanos = meter == null ? -1 : meter.recorded(policy, facts.dictionary() == null ? codec.token()
                : null);
        if (belowThreshold[0] != null) {
            finish(context, exchange, belowThreshold[0]);
        } else if (decision.reason() != Reason.HEAD && meter != null && meter.timed() != null) {
            finish(context, exchange, encoded.done(meter.timed().bytes(), meter.link().bytes(), encodeNanos));
        } else {
            finish(context, exchange, encoded);
        }
    }

    /** A kept form of this very body: sent as it is, its length known (where the runtime takes it), nothing encoded. */
    private void sendKept(WriterInterceptorContext context, Exchange exchange, Decision hit, String token,
            RequestFacts facts, byte[] encoded, int length, OutputStream sink, ResponseMeter meter,
            ResponseHeaders runtimeHeaders) throws IOException {
        encodedHeaders(context.getHeaders(), token, facts, hit, encoded.length, runtimeHeaders);
        try {
            sink.write(encoded);
        } catch (IOException | RuntimeException e) {
            decisions.publish(exchange, hit);
            throw e;
        }
        policy.lastBody(-1);
        if (meter != null) {
            meter.recorded(policy, null); // the link's pace and the server's work; no coding was measured
        }
        finish(context, exchange, hit.done(length, encoded.length, 0));
    }

    /**
     * The headers of a body about to go out in {@code token}: the coding, the {@code ETag} suffix, the debug header,
     * and where it is known ({@code length} not negative) and the runtime takes it late, its length; then handed to the
     * runtime.
     */
    private void encodedHeaders(MultivaluedMap<String, Object> headers, String token, RequestFacts facts,
            Decision decision, int length, ResponseHeaders runtimeHeaders) {
        Decisions.encodedHeaders(headers, token, facts.dictionary());
        decisions.header(decision, headers);
        if (length >= 0 && runtimeHeaders.takesLengthLate()) {
            headers.putSingle(HttpHeaders.CONTENT_LENGTH, Integer.toString(length));
        }
        runtimeHeaders.decided(headers);
    }

    /** Sends what the entity writer writes to {@code stream}, through the recorder when there is one. */
    private static void proceed(WriterInterceptorContext context, OutputStream stream, DictionaryRecorder recorder)
            throws IOException {
        context.setOutputStream(recorder == null ? stream : recorder.over(stream));
        context.proceed();
    }

    /**
     * The body is done: the format choice learns its sizes, under the coding negotiated, which the next choice
     * compares in (a short body goes as it is); the decision is published.
     */
    private void finish(WriterInterceptorContext context, Exchange exchange, Decision decision) {
        if (policy.formats() != null && exchange.measuresFormat(decision)) {
            Negotiated negotiated = exchange.facts().negotiated();
            policy.formats().record(context.getMediaType(), negotiated.isEncoded() ? negotiated.coding()
                    : Decision.IDENTITY, decision.bytesIn(), decision.bytesOut());
        }
        decisions.publish(exchange, decision);
    }

    /** Streams of records (application/...), each flushed when ready: newline-delimited JSON, JSON text sequences. */
    private static final List<String> RECORD_STREAMS = List.of("x-ndjson", "jsonl", "json-seq");

    /**
     * Applications writing their own stream (or events, or records) flush to be heard now: a flush commits to
     * encoding.
     */
    private static boolean isStreaming(WriterInterceptorContext context) {
        MediaType type = context.getMediaType();
        return context.getEntity() instanceof StreamingOutput || MediaTypes.isEventStream(type) || type != null
                && "application".equalsIgnoreCase(type.getType()) && isRecordStream(type.getSubtype());
    }

    private static boolean isRecordStream(String subtype) {
        for (String stream : RECORD_STREAMS) {
            if (stream.equalsIgnoreCase(subtype)) {
                return true;
            }
        }
        return false;
    }
}
