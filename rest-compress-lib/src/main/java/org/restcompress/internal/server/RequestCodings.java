package org.restcompress.internal.server;

import java.util.List;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.UnsupportedCodingException;

/**
 * The codings of a request body's {@code Content-Encoding}, in the order the sender applied them ({@code gzip, lzf}:
 * gzip first, so lzf is decoded first), or the 415 that says why not.
 */
final class RequestCodings {

    private RequestCodings() {
    }

    /** The codecs to decode with, or a {@link jakarta.ws.rs.WebApplicationException} 415 describing the problem. */
    static List<ContentCodec> resolve(List<String> contentEncoding, MethodPolicy policy) {
        try {
            return policy.registry().decoders(contentEncoding, policy.maxCodings());
        } catch (UnsupportedCodingException e) {
            throw Problems.unsupportedCoding(e.getMessage(), policy.accepted());
        }
    }
}
