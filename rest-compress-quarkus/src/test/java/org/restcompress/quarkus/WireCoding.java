package org.restcompress.quarkus;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;

/**
 * Records what a client request asked for and what the response said about its coding as the client received it:
 * response filters run before the entity is read, so before the library's client decodes it (but after Vert.x's own
 * decompression, when that is on).
 */
public class WireCoding implements ClientResponseFilter {

    static volatile String acceptEncoding;
    static volatile String contentEncoding;
    /** The server's Compression-Decision header (restcompress.debug): what the server sent. */
    static volatile String decision;

    static void reset() {
        acceptEncoding = null;
        contentEncoding = null;
        decision = null;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        acceptEncoding = request.getHeaderString("Accept-Encoding");
        contentEncoding = response.getHeaderString("Content-Encoding");
        decision = response.getHeaderString("Compression-Decision");
    }
}
