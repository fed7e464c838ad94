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
