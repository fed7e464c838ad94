package org.restcompress.internal.server;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.negotiation.DecisionRules;
import org.restcompress.internal.runtime.EventHook;
import org.restcompress.internal.runtime.EventOutput;
import org.restcompress.internal.runtime.RuntimeAdapter;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * Encodes a method's event streams ({@code text/event-stream}), each decided once for the whole stream and encoded
 * from its first event with the codec's event settings; the decision is published with its sizes when the stream
 * ends ({@link EventStream}). Where the stream's bytes pass depends on the runtime ({@link RuntimeAdapter}), so
 * there are three ways in: the response filter, for a runtime that writes events to its own output stream
 * (RESTEasy: {@link #fromFilter}); the writer interceptor, for one that writes them to the stream the interceptors
 * leave (Jersey: {@link #fromWriter}); and a hook armed before the method runs, for one that writes them past every
 * Jakarta REST hook (CXF and Quarkus REST: {@link #arm}).
 */
final class EventEncoding {

    private static final System.Logger LOG = System.getLogger(ResponseCompression.class.getName());

    private final Decisions decisions;
    private final MethodPolicy policy;
    private final RuntimeAdapter runtime;

    EventEncoding(Decisions decisions, RuntimeAdapter runtime) {
        this.decisions = decisions;
        this.policy = decisions.policy();
        this.runtime = runtime;
    }

    /**
     * RESTEasy sends an {@code SseEventSink}'s response through the filters with no entity, then writes its events to
     * its own output stream past the writer interceptors ({@link EventOutput}): the encoder goes there, before the
     * first byte.
     */
    void fromFilter(ContainerRequestContext request, ContainerResponseContext response, Exchange exchange,
            EventOutput events) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        RequestFacts facts = exchange.facts();
        DecisionRules.Facts settled = facts(facts, HttpMethod.HEAD.equals(request.getMethod()),
                response.getStatus(), headers, response.getMediaType());
        Decision decision = decisions.decide(settled, facts);
        if (decision.isEncoded() && policy.excludes(request, response)) { // asked only when it matters
            decision = decisions.decide(settled.withExclusion(), facts);
        }
        if (!decision.isEncoded() || decision.reason() == Reason.HEAD) {
            decisions.header(decision, headers);
            decisions.publish(exchange, decision);
            return;
        }
        OutputStream original = events.output();
        try {
            events.output(original); // the runtime's setter first: an encoder it cannot take would be left open
            events.output(stream(decision, headers, facts, original, true));
        } catch (IOException | RuntimeException e) {
            decisions.publish(exchange, decisions.unencodable(headers, EntityTags.suffix(decision.coding(),
                    facts.dictionary()), "the event stream", e));
        }
    }

    /**
     * A runtime that passes an {@code SseEventSink} through the interceptors once, before its events, writes every
     * event to the stream the interceptors leave behind (Jersey): the encoder stays there, and the runtime closes it
     * when the stream ends.
     */
    void fromWriter(WriterInterceptorContext context, Exchange exchange, DecisionRules.Facts pending)
            throws IOException {
        try {
            MultivaluedMap<String, Object> headers = context.getHeaders();
            DecisionRules.Facts settled = facts(exchange.facts(), pending.head(), pending.status(), headers,
                    context.getMediaType());
            Decision decision = decisions.decide(pending.excluded() ? settled.withExclusion() : settled,
                    exchange.facts());
            if (!decision.isEncoded() || decision.reason() == Reason.HEAD) {
                decisions.header(decision, headers);
                decisions.publish(exchange, decision);
                context.proceed();
                return;
            }
            EventStream stream = stream(decision, headers, exchange.facts(), context.getOutputStream(), false);
            context.setOutputStream(stream);
            try {
                context.proceed();
            } catch (IOException | RuntimeException e) {
                stream.abandon(e); // Jersey writes no event to it now, nor closes it
                throw e;
            }
        } finally {
            RequestDecompression.release(exchange, context);
        }
    }

    /**
     * CXF and Quarkus REST run no response filter or writer interceptor for an event stream: each writes the events
     * past every Jakarta REST hook ({@link RuntimeAdapter#eventHook}). So the decision is made here, before
     * the resource method runs, for what they send (200, {@code text/event-stream}), and the runtime's hook is armed
     * with the stream's headers and encoder. The exclusion predicate is asked about the response the stream will be
     * ({@link EventResponse}).
     */
    void arm(ContainerRequestContext request) {
        EventHook hook = runtime.eventHook(request);
        Exchange exchange = Exchange.of(request);
        if (hook == null || exchange == null) {
            return;
        }
        exchange.eventHook();
        RequestFacts facts = exchange.facts();
        DecisionRules.Facts settled = facts(facts, HttpMethod.HEAD.equals(request.getMethod()), 200,
                new MultivaluedHashMap<>(), MediaType.SERVER_SENT_EVENTS_TYPE);
        Decision decision = decisions.decide(settled, facts);
        if (decision.isEncoded() && policy.excludes(request, new EventResponse(armedHeaders(decision, facts)))) {
            decision = decisions.decide(settled.withExclusion(), facts);
        }
        if (decision.isEncoded() && decision.reason() != Reason.HEAD) {
            ContentCodec codec = policy.codec(decision.coding(), facts.dictionary()).forEventStreams();
            MultivaluedMap<String, Object> headers = armedHeaders(decision, facts);
            headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
            Decision encoded = decision;
            if (hook.arm(headers, sink -> EventStream.open(codec, sink, false, encoded, policy.observation()))) {
                return; // published when the stream ends, with its sizes
            }
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + policy.name() + ": the event stream goes out "
                    + "unencoded, the runtime's response could not be reached");
            decision = policy.identities().get(Reason.ENCODER_UNAVAILABLE);
        }
        hook.arm(armedHeaders(decision, facts), null);
        decisions.publish(exchange, decision);
    }

    /** The headers an event stream decided before its method ran carries, but its coding. */
    private MultivaluedMap<String, Object> armedHeaders(Decision decision, RequestFacts facts) {
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        decisions.negotiationHeaders(headers, facts);
        decisions.header(decision, headers);
        return headers;
    }

    /** What an event stream's decision rests on: its events are the body, encoded from the first one on. */
    private DecisionRules.Facts facts(RequestFacts facts, boolean head, int status,
            MultivaluedMap<String, Object> headers, MediaType type) {
        return new DecisionRules.Facts(policy.uncompressed(), facts.negotiated(), head, status, true, false,
                Decisions.isEncoded(headers), headers.containsKey(Decisions.CONTENT_RANGE),
                policy.isCompressible(type), 1);
    }

    /**
     * Marks the response encoded and returns the stream its events go through, encoded with the event settings; the
     * decision is published, with its sizes, when the stream ends.
     */
    private EventStream stream(Decision decision, MultivaluedMap<String, Object> headers, RequestFacts facts,
            OutputStream sink, boolean endsAtEmptyFlush) throws IOException {
        ContentCodec codec = policy.codec(decision.coding(), facts.dictionary()).forEventStreams();
        // the headers first: some encoders write their header at once (lz4), which commits the response on Jersey
        Decisions.encodedHeaders(headers, codec.token(), facts.dictionary());
        decisions.header(decision, headers);
        return EventStream.open(codec, sink, endsAtEmptyFlush, decision, policy.observation());
    }
}
