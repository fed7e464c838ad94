package org.restcompress.internal.server;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.observe.RequestBody;

/**
 * Starts the request's {@link Exchange} with its {@link RequestFacts}, settled once, and settles what can be before
 * the resource method runs, so that a refused request has no side effects: 415 for a request body in a coding we
 * cannot decode, 406 when no acceptable response coding exists, and coding suffixes removed from conditional request
 * validators.
 */
final class RequestFactsFilter implements ContainerRequestFilter {

    private final MethodPolicy policy;

    RequestFactsFilter(MethodPolicy policy) {
        this.policy = policy;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        MultivaluedMap<String, String> headers = request.getHeaders();
        RequestFacts plain = policy.plainFacts(headers.get(HttpHeaders.ACCEPT_ENCODING));
        Negotiated negotiated = plain.negotiated();
        List<ContentCodec> codings;
        try {
            codings = policy.requestCodings(headers.get(HttpHeaders.CONTENT_ENCODING));
        } catch (WebApplicationException unsupported) {
            Exchange.start(request, RequestFacts.negotiated(negotiated, null));
            policy.observation().requestBody(new RequestBody(policy.name(), RequestBody.UNSUPPORTED, 415, -1, 0,
                    -1));
            request.abortWith(unsupported.getResponse());
            return;
        }
        MethodPolicy.DictionaryMatch dictionary = policy.chooseDictionary(headers, negotiated);
        if (dictionary.dictionary() != null) {
            negotiated = dictionary.choice();
        }
        AutoCoding.Pick byCost = policy.chooseByCost(negotiated, headers);
        if (byCost != null) {
            negotiated = Negotiated.byCost(byCost.coding(), negotiated.identityAcceptable());
        }
        if (negotiated.isNotAcceptable()) {
            Exchange.start(request, RequestFacts.negotiated(negotiated, codings));
            request.abortWith(Problems.notAcceptable(policy.offered()));
            return;
        }
        boolean validatorNamedCoding = EntityTags.removeCodings(headers, negotiated.isEncoded()
                ? EntityTags.suffix(negotiated.coding(), dictionary.dictionary()) : null, policy.tagged());
        boolean nothingElse = codings.isEmpty() && !validatorNamedCoding && dictionary == MethodPolicy.DictionaryMatch.NONE
                && byCost == null;
        Exchange.start(request, nothingElse ? plain : new RequestFacts(negotiated, codings, validatorNamedCoding,
                dictionary.dictionary(), dictionary.kind(), dictionary.note(), byCost, null));
    }
}
