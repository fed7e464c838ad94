package org.restcompress.internal.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;

/**
 * {@code restcompress.accept-formats}: offers a server that chooses formats by cost ({@code restcompress.auto.formats})
 * the formats this client reads, all at the same {@code q}, so that the server may break the tie. Only where the
 * application named none: a request without {@code Accept}, or with {@code *}{@code /*} alone. A request with an
 * {@code Accept} of its own is left alone: it may read the body as text or bytes of the one format it named. The list
 * is the configuration's, or the key's value as a request or client property (a malformed one fails that request,
 * naming the key).
 */
final class AcceptFormatsFilter implements ClientRequestFilter {

    /** The configuration's list; a request or client property of the key, read per request, comes first. */
    private final List<MediaType> configured;
    /** The last list a property gave, parsed once. */
    private volatile Parsed last = new Parsed("", List.of());

    private record Parsed(String value, List<MediaType> formats) {
    }

    AcceptFormatsFilter(List<MediaType> configured) {
        this.configured = configured;
    }

    private List<MediaType> formats(ClientRequestContext request) {
        Object setting = ClientCompression.setting(request, ConfigKeys.ACCEPT_FORMATS);
        if (setting == null) {
            return configured;
        }
        String value = setting.toString().trim();
        Parsed known = last;
        if (!known.value().equals(value)) {
            known = new Parsed(value, CompressionConfig.builder().acceptFormats(value.isEmpty() ? List.of()
                    : List.of(value.split(","))).build().acceptFormats());
            last = known;
        }
        return known.formats();
    }

    /** {@code *}{@code /*} alone, which CXF's client sends when the application named nothing. */
    private static boolean anything(List<Object> accept) {
        return accept.size() == 1 && MediaType.WILDCARD.equals(String.valueOf(accept.get(0)).trim());
    }

    @Override
    public void filter(ClientRequestContext request) {
        List<MediaType> formats = formats(request);
        if (formats.isEmpty()) {
            return;
        }
        List<Object> present = request.getHeaders().get(HttpHeaders.ACCEPT);
        if (present != null && !present.isEmpty() && !anything(present)) {
            return; // the application's own Accept: it may read the body as text or bytes of that one format
        }
        // and anything else below them: the application named nothing, so a resource of another type still comes
        request.getHeaders().putSingle(HttpHeaders.ACCEPT,
                String.join(", ", formats.stream().map(MediaType::toString).toList()) + ", " + ANYTHING_ELSE);
    }

    /** What the application's request accepted before: every other type, below the formats. */
    static final String ANYTHING_ELSE = "*/*;q=0.1";
}
