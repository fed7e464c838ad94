package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import java.util.function.Function;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.io.DecodingInputStream;
import org.restcompress.internal.negotiation.Choice;
import org.restcompress.internal.negotiation.ResponseDecision;

/**
 * What one request brought, computed once by the request filter and kept under one request property: the negotiated
 * choice, the request body's codings, whether its validators named the coding; and, as the request goes on, the
 * response's provisional decision and the body a resource method took as a stream.
 */
final class Exchange {

    private static final String PROPERTY = Exchange.class.getName();

    final Choice choice;
    /** Empty for a body in identity; {@code null} when its {@code Content-Encoding} cannot be decoded here (415). */
    final List<ContentCodec> requestCodings;
    final boolean validatorNamedCoding;

    /** The response filter's decision to encode, for the writer interceptor to confirm with the final headers. */
    ResponseDecision.Facts pending;
    /** The dictionary the response is encoded against ({@code dcz}, {@code dcb}), or {@code null}. */
    Dictionary dictionary;
    /** Why a dictionary the request named is not used, for the decision's description, or {@code null}. */
    String dictionaryNote;
    /** With {@code preference=auto}: the choice by cost and its estimates, or null. */
    AutoCoding.Decision byCost;
    /** Whether the response is kept as a dictionary once written. */
    boolean keepAsDictionary;
    /** A request body the method took as a stream: its codecs are released once the response is written. */
    DecodingInputStream streamedBody;

    Exchange(Choice choice, List<ContentCodec> requestCodings, boolean validatorNamedCoding) {
        this.choice = choice;
        this.requestCodings = requestCodings;
        this.validatorNamedCoding = validatorNamedCoding;
    }

    void keep(ContainerRequestContext request) {
        request.setProperty(PROPERTY, this);
    }

    /** The exchange kept with a request (request properties are shared by filters and interceptors), or null. */
    static Exchange of(Function<String, Object> requestProperties) {
        Object kept = requestProperties.apply(PROPERTY);
        return kept instanceof Exchange ? (Exchange) kept : null;
    }

    /**
     * The exchange kept with {@code request}, or, when the request filter did not run (an earlier filter aborted the
     * request), the negotiation alone.
     */
    static Exchange of(ContainerRequestContext request, MethodPolicy policy) {
        Exchange kept = of(request::getProperty);
        if (kept != null) {
            return kept;
        }
        Exchange exchange = new Exchange(policy.choose(request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING)), null,
                false);
        exchange.keep(request);
        return exchange;
    }
}
