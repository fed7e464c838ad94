package org.restcompress.internal.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import org.restcompress.ConfigKeys;

/**
 * Advertises the codings this client decodes, and only those, unless the application set {@code Accept-Encoding}
 * itself: then the response decoder still decodes the codings it knows, and hands over any other as it came. Also
 * tells an origin that asks for it how fast its responses arrived ({@code Downlink}, see {@link ClientLinks}).
 */
final class AcceptEncodingFilter implements ClientRequestFilter, ClientResponseFilter {

    /** Set on a request whose {@code Accept-Encoding} the application wrote. */
    static final String APPLICATION_OWNED = AcceptEncodingFilter.class.getName() + ".applicationOwned";

    /** The request's URI, for the response decoder to credit the link's speed to its origin. */
    static final String REQUEST_URI = AcceptEncodingFilter.class.getName() + ".uri";

    private final String acceptEncoding;
    /** The value the dictionary side extends it to, or {@code null}: the library's too, not the application's. */
    private final String withDictionaries;
    /** Where {@code Downlink} comes from, or {@code null} when this client sends none. */
    private final ClientLinks links;

    AcceptEncodingFilter(String acceptEncoding, String withDictionaries, ClientLinks links) {
        this.acceptEncoding = acceptEncoding;
        this.withDictionaries = withDictionaries;
        this.links = links;
    }

    @Override
    public void filter(ClientRequestContext request) {
        // the response's decoder sees request properties only (a reader interceptor has no configuration)
        Object maxDecoded = ClientCompression.setting(request, ConfigKeys.MAX_DECODED_SIZE);
        if (maxDecoded != null) {
            request.setProperty(ConfigKeys.MAX_DECODED_SIZE, maxDecoded);
        }
        String present = request.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
        // ours may remain on a reused invocation
        if (present != null && !present.equals(acceptEncoding) && !present.equals(withDictionaries)) {
            request.setProperty(APPLICATION_OWNED, Boolean.TRUE);
        } else if (!acceptEncoding.isEmpty()) {
            request.removeProperty(APPLICATION_OWNED);
            request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
        }
        if (links != null) {
            request.setProperty(REQUEST_URI, request.getUri());
            String downlink = links.downlink(request.getUri());
            if (downlink != null && !request.getHeaders().containsKey(ClientLinks.DOWNLINK)) {
                request.getHeaders().putSingle(ClientLinks.DOWNLINK, downlink);
            }
        }
    }

    /** Whether the origin asks for {@code Downlink}, as its response's {@code Accept-CH} says. */
    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        if (links != null) {
            links.heard(request.getUri(), response.getHeaders().get(ClientLinks.ACCEPT_CH));
        }
    }
}
