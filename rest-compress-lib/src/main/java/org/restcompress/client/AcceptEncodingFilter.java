package org.restcompress.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Advertises the codings this client decodes, and only those, unless the application set {@code Accept-Encoding}
 * itself (then it is the application's to decode what it asked for).
 */
final class AcceptEncodingFilter implements ClientRequestFilter {

    private final String acceptEncoding;

    AcceptEncodingFilter(String acceptEncoding) {
        this.acceptEncoding = acceptEncoding;
    }

    @Override
    public void filter(ClientRequestContext request) {
        if (!request.getHeaders().containsKey(HttpHeaders.ACCEPT_ENCODING) && !acceptEncoding.isEmpty()) {
            request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
        }
    }
}
