package org.restcompress.internal.server;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.negotiation.Choice;

/**
 * Computes the request's {@link Exchange} once, and settles what can be settled before the resource method runs, so
 * that a refused request has no side effects: 415 for a request body in a coding we cannot decode, 406 when no
 * acceptable response coding exists, and coding suffixes removed from conditional request validators.
 */
final class ExchangeFilter implements ContainerRequestFilter {

    private final MethodPolicy policy;

    ExchangeFilter(MethodPolicy policy) {
        this.policy = policy;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        MultivaluedMap<String, String> headers = request.getHeaders();
        Choice choice = policy.choose(headers.get(HttpHeaders.ACCEPT_ENCODING));
        List<ContentCodec> codings;
        try {
            codings = policy.requestCodings(headers.get(HttpHeaders.CONTENT_ENCODING));
        } catch (WebApplicationException unsupported) {
            new Exchange(choice, null, false).keep(request);
            request.abortWith(unsupported.getResponse());
            return;
        }
        MethodPolicy.DictionaryChoice dictionary = policy.chooseDictionary(headers, choice);
        if (dictionary.dictionary() != null) {
            choice = dictionary.choice();
        }
        AutoCoding.Decision byCost = policy.chooseByCost(choice, headers);
        if (byCost != null) {
            choice = Choice.byCost(byCost.coding(), choice.identityAcceptable());
        }
        if (choice.isNotAcceptable()) {
            new Exchange(choice, codings, false).keep(request);
            request.abortWith(Problems.notAcceptable(policy.offered()));
            return;
        }
        boolean validatorNamedCoding = EntityTags.removeCodings(headers, choice.coding(),
                policy.offered());
        Exchange exchange = new Exchange(choice, codings, validatorNamedCoding);
        exchange.dictionary = dictionary.dictionary();
        exchange.dictionaryNote = dictionary.note();
        exchange.byCost = byCost;
        exchange.keep(request);
    }
}
