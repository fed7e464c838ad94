package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.InterceptorContext;
import org.restcompress.ContentDecodingException;
import org.restcompress.internal.io.DecodingInputStream;
import org.restcompress.internal.negotiation.DecisionRules;
import org.restcompress.observe.Decision;

/**
 * One request to an annotated method, from its request filter to its body's last byte: the one request property the
 * core keeps (a streamed request body's decoders included). It holds what the request brought ({@link RequestFacts}),
 * what the response filter settled for the writer, and what the steps that act on a written response need (keeping it
 * as a dictionary, sampling it for training, measuring its format). The decision is made once, where the response's
 * headers are final, and published once ({@link #publishOnce}).
 *
 * <p>Not thread-safe, nor need it be: a request's filters and interceptors run one after the other.
 */
final class Exchange {

    private static final String PROPERTY = Exchange.class.getName();

    private RequestFacts facts;
    /** The response facts the filter settled, for the writer to decide on with the final headers; taken once. */
    private DecisionRules.Facts pending;
    private boolean published;
    /** An event stream decided before its method ran (CXF, Quarkus REST): its empty response passes the filter. */
    private boolean eventHook;
    /** A successful response whose sizes the choice of format learns from. */
    private boolean measureFormat;
    /** Keep the written body as a dictionary for later requests ({@code @UseAsDictionary}). */
    private boolean keepAsDictionary;
    /** The request target a written body is sampled under ({@code @TrainedDictionary}), or null. */
    private String sample;
    /** A request body the method took as a stream: its decoders are released once the response is written. */
    private Object streamed;
    /** Whether the request carried credentials ({@code Authorization}): its answer is private unless public. */
    private boolean authorized;

    private Exchange(RequestFacts facts) {
        this.facts = facts;
    }

    /** Starts the exchange of {@code request} with what its request filter settled. */
    static Exchange start(ContainerRequestContext request, RequestFacts facts) {
        Exchange exchange = new Exchange(facts);
        request.setProperty(PROPERTY, exchange);
        return exchange;
    }

    /** The exchange kept with a request (request properties are shared by filters and interceptors), or null. */
    static Exchange of(InterceptorContext context) {
        return found(context.getProperty(PROPERTY));
    }

    /** The exchange kept with {@code request}, or null. */
    static Exchange of(ContainerRequestContext request) {
        return found(request.getProperty(PROPERTY));
    }

    private static Exchange found(Object kept) {
        return kept instanceof Exchange ? (Exchange) kept : null;
    }

    /**
     * The exchange of {@code request}, or, where its request filter did not run (an earlier filter aborted the
     * request), one that knows the negotiation alone.
     */
    static Exchange of(ContainerRequestContext request, MethodPolicy policy) {
        Exchange kept = of(request);
        return kept != null ? kept : start(request, RequestFacts.negotiated(
                policy.choose(request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING)), null));
    }

    RequestFacts facts() {
        return facts;
    }

    /** The facts with a format chosen for the response (and the coding chosen with it). */
    void facts(RequestFacts chosen) {
        this.facts = chosen;
    }

    void pending(DecisionRules.Facts settled) {
        this.pending = settled;
    }

    /** What the filter settled for the writer, once: a runtime that passes a stream through again finds none. */
    DecisionRules.Facts takePending() {
        DecisionRules.Facts taken = pending;
        pending = null;
        return taken;
    }

    /**
     * Whether {@code decision} is the request's first to publish: a runtime that runs the response filters again
     * (Jersey, for the error response after a writer failed) publishes no second one.
     */
    boolean publishOnce() {
        if (published) {
            return false;
        }
        published = true;
        return true;
    }

    void streamed(Object body) {
        streamed = body;
    }

    /** What decoding the streamed request body failed with; null where it did not, or there is none. */
    ContentDecodingException streamedFailure() {
        return streamed instanceof DecodingInputStream body ? body.failure() : null;
    }

    /** The streamed request body, once; null where there is none. */
    Object takeStreamed() {
        Object taken = streamed;
        streamed = null;
        return taken;
    }

    void authorized(boolean credentials) {
        authorized = credentials;
    }

    boolean authorized() {
        return authorized;
    }

    void eventHook() {
        eventHook = true;
    }

    boolean hasEventHook() {
        return eventHook;
    }

    void measureFormat() {
        measureFormat = true;
    }

    /** Whether the format choice learns from {@code decision}'s sizes: a success, written whole. */
    boolean measuresFormat(Decision decision) {
        return measureFormat && decision.isDone();
    }

    void keepAsDictionary() {
        keepAsDictionary = true;
    }

    void sample(String target) {
        sample = target;
    }

    /** The recorder of the written body for the steps that keep it, or null where none does; once. */
    DictionaryRecorder recorder(MethodPolicy policy) {
        if (!keepAsDictionary && sample == null) {
            return null;
        }
        DictionaryUse use = policy.dictionaryUse();
        DictionaryRecorder recorder = new DictionaryRecorder(policy.dictionaries(),
                keepAsDictionary ? use.lifetime() : null, sample != null ? use.shared() : null, sample);
        keepAsDictionary = false;
        sample = null;
        return recorder;
    }
}
