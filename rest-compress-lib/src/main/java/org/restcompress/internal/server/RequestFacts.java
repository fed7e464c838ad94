package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import java.util.function.Function;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * What one request brought, settled once by {@link RequestFactsFilter} before the resource method runs and never
 * changed: the negotiated coding, the request body's codings, whether its validators named a coding, the dictionary
 * it named, and with {@code preference=auto} what the link and the codecs made of the choice. The response's
 * {@link Decision} is made from these and the response's own facts.
 *
 * @param negotiated           what {@code Accept-Encoding} (and a dictionary, and auto) settled
 * @param requestCodings       the request body's codecs, empty for identity; {@code null} when its
 *                             {@code Content-Encoding} cannot be decoded here (415)
 * @param validatorNamedCoding whether a conditional request's validator carried a coding suffix
 * @param dictionary           the dictionary the response is encoded against ({@code dcz}, {@code dcb}), or null
 * @param dictionaryKind       what that dictionary is, or null
 * @param unusedDictionary     why a dictionary the request named is not used, or null
 * @param byCost               with {@code preference=auto}: the choice by cost and its estimates, or null
 * @param format               with {@code restcompress.auto.formats}: the representation chosen and why, or null
 */
record RequestFacts(Negotiated negotiated, List<ContentCodec> requestCodings, boolean validatorNamedCoding,
        Dictionary dictionary, Decision.DictionaryKind dictionaryKind, String unusedDictionary,
        AutoCoding.Pick byCost, String format) {

    private static final String PROPERTY = RequestFacts.class.getName();

    /** Negotiation alone: what is known of a request whose filter did not run, or was cut short. */
    static RequestFacts negotiated(Negotiated negotiated, List<ContentCodec> requestCodings) {
        return new RequestFacts(negotiated, requestCodings, false, null, null, null, null, null);
    }

    /** The estimate auto made, described for the decision, or null. */
    String estimate() {
        return byCost == null ? null : byCost.describe();
    }

    /** These facts with the representation auto chose, and why. */
    RequestFacts withFormat(String chosen) {
        return withFormat(chosen, negotiated);
    }

    /** These facts with the representation auto chose, and why, and the coding it chose with it. */
    RequestFacts withFormat(String chosen, Negotiated coding) {
        return new RequestFacts(coding, requestCodings, validatorNamedCoding, dictionary, dictionaryKind,
                unusedDictionary, byCost, chosen);
    }

    /**
     * {@code decision} with what these facts add to its description: auto's estimate where auto chose the coding, and
     * the format where it chose that.
     */
    Decision annotate(Decision decision) {
        String estimate = decision.reason() == Reason.AUTO ? estimate() : null;
        if (format != null) {
            estimate = estimate == null ? format : format + "; " + estimate;
        }
        return unusedDictionary == null && estimate == null ? decision
                : decision.withNotes(unusedDictionary, estimate);
    }

    void keep(ContainerRequestContext request) {
        request.setProperty(PROPERTY, this);
    }

    /** The facts kept with a request (request properties are shared by filters and interceptors), or null. */
    static RequestFacts of(Function<String, Object> requestProperties) {
        Object kept = requestProperties.apply(PROPERTY);
        return kept instanceof RequestFacts ? (RequestFacts) kept : null;
    }

    /**
     * The facts kept with {@code request}, or, when the request filter did not run (an earlier filter aborted the
     * request), the negotiation alone.
     */
    static RequestFacts of(ContainerRequestContext request, MethodPolicy policy) {
        RequestFacts kept = of(request::getProperty);
        if (kept != null) {
            return kept;
        }
        RequestFacts facts = negotiated(policy.choose(request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING)), null);
        facts.keep(request);
        return facts;
    }
}
