package org.restcompress.internal.server;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import org.restcompress.internal.negotiation.Choice;

/**
 * Settles what can be settled before the resource method runs, so that a refused request has no side effects:
 * 415 for a request body in a coding we cannot decode, 406 when no acceptable response coding exists, and coding
 * suffixes removed from conditional request validators.
 */
final class ExchangeFilter implements ContainerRequestFilter {

    static final String VALIDATOR_HAD_CODING = ExchangeFilter.class.getName() + ".validatorHadCoding";

    private final MethodPolicy policy;

    ExchangeFilter(MethodPolicy policy) {
        this.policy = policy;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        try {
            RequestCodings.resolve(request.getHeaders().get(HttpHeaders.CONTENT_ENCODING), policy);
        } catch (WebApplicationException unsupported) {
            request.abortWith(unsupported.getResponse());
            return;
        }
        Choice choice = policy.choiceFor(request);
        if (choice.isNotAcceptable()) {
            request.abortWith(Problems.notAcceptable(policy.offered()));
            return;
        }
        if (EntityTags.removeCodings(request.getHeaders(), choice.coding(), policy.offered())) {
            request.setProperty(VALIDATOR_HAD_CODING, Boolean.TRUE);
        }
    }
}
