package org.restcompress.internal;

import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;

/** Which bodies are worth compressing, by media type: the same rule for responses and client request bodies. */
public final class MediaTypes {

    private final List<MediaType> excluded;

    public MediaTypes(List<MediaType> excluded) {
        this.excluded = List.copyOf(excluded);
    }

    /**
     * Whether {@code type} is {@code text/event-stream} itself: not a wildcard, which matches it too (RESTEasy's client
     * reads a response that names no type as one), so that no response lifts a limit by naming no type.
     */
    public static boolean isEventStream(MediaType type) {
        return type != null && "text".equalsIgnoreCase(type.getType())
                && "event-stream".equalsIgnoreCase(type.getSubtype());
    }

    /**
     * Not when the type matches an excluded one, except for structured syntaxes {@code +json} and {@code +xml} (such
     * as {@code image/svg+xml}), which are text. An unknown type counts as compressible.
     */
    public boolean isCompressible(MediaType type) {
        if (type == null) {
            return true;
        }
        String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
        if (subtype.endsWith("+json") || subtype.endsWith("+xml")) {
            return true;
        }
        for (MediaType candidate : excluded) {
            if (candidate.isCompatible(type)) {
                return false;
            }
        }
        return true;
    }
}
