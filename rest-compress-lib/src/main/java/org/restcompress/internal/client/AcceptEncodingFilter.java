package org.restcompress.internal.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Advertises the codings this client decodes, and only those, unless the application set {@code Accept-Encoding}
 * itself: then the response decoder still decodes the codings it knows, and hands over any other as it came.
 */
final class AcceptEncodingFilter implements ClientRequestFilter {

    /** Set on a request whose {@code Accept-Encoding} the application wrote. */
    static final String APPLICATION_OWNED = AcceptEncodingFilter.class.getName() + ".applicationOwned";

    private final String acceptEncoding;

    AcceptEncodingFilter(String acceptEncoding) {
        this.acceptEncoding = acceptEncoding;
    }

    @Override
    public void filter(ClientRequestContext request) {
        String present = request.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
        if (present != null && !present.equals(acceptEncoding)) { // ours may remain on a reused invocation
            request.setProperty(APPLICATION_OWNED, Boolean.TRUE);
        } else if (!acceptEncoding.isEmpty()) {
            request.removeProperty(APPLICATION_OWNED);
            request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
        }
    }
}
