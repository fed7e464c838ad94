package org.restcompress.internal.client;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What servers said they accept in request bodies (the {@code Accept-Encoding} of a 415, RFC 7694), per origin
 * (scheme, host and port, default ports filled in), so that later requests to them go out in a coding they take.
 * Per origin, not per resource: one refusing resource sets the coding for its whole server. Bounded: the least
 * recently told origins are forgotten.
 */
final class OriginCodings {

    static final int MAX_ORIGINS = 256;

    private final Map<String, List<String>> accepted = new LruMap<>(MAX_ORIGINS);

    static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        return scheme + "://" + host + ":" + port;
    }

    synchronized void remember(URI uri, List<String> codings) {
        accepted.put(origin(uri), List.copyOf(codings));
    }

    /** The codings the origin of {@code uri} accepts, or {@code null} when it has not said. */
    synchronized List<String> accepted(URI uri) {
        return accepted.get(origin(uri));
    }

    /** Whether the origin of {@code uri} may take a body in {@code coding}: it said so, or has said nothing. */
    boolean takes(URI uri, String coding) {
        return takes(accepted(uri), coding);
    }

    private static boolean takes(List<String> known, String coding) {
        return known == null || known.contains(coding) || known.contains("*");
    }

    /**
     * {@code wanted} if the origin may take it, else the most preferred of {@code preferred} it said it accepts, else
     * {@code null}: send the body as it is.
     */
    String choose(URI uri, String wanted, List<String> preferred) {
        List<String> known = accepted(uri);
        if (takes(known, wanted)) {
            return wanted;
        }
        for (String coding : preferred) {
            if (known.contains(coding)) {
                return coding;
            }
        }
        return null;
    }
}
