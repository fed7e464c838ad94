package org.restcompress.it;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;

/** Copies what came over the wire into X-Received-* headers, before any decoding, for client tests to check. */
@PreMatching
public class WireRecorder implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        copy(request, HttpHeaders.CONTENT_ENCODING);
        copy(request, HttpHeaders.ACCEPT_ENCODING);
        copy(request, "Transfer-Encoding");
    }

    private static void copy(ContainerRequestContext request, String name) {
        String value = request.getHeaderString(name);
        request.getHeaders().putSingle("X-Received-" + name, value == null ? "none" : value);
    }
}
