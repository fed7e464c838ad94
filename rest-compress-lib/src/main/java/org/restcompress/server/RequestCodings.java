package org.restcompress.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.restcompress.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.codec.IdentityCodec;
import org.restcompress.negotiation.HeaderLists;

/**
 * The codings of a request body's {@code Content-Encoding}, in the order the sender applied them ({@code gzip, lzf}:
 * gzip first, so lzf is decoded first). {@code identity} members are dropped.
 */
final class RequestCodings {

    private RequestCodings() {
    }

    /** The codecs to decode with, or a {@link jakarta.ws.rs.WebApplicationException} 415 describing the problem. */
    static List<ContentCodec> resolve(List<String> contentEncoding, EncodingPolicy policy) {
        List<ContentCodec> codecs = new ArrayList<>();
        CodecRegistry registry = policy.registry();
        for (String member : HeaderLists.members(contentEncoding)) {
            Optional<ContentCodec> codec = HeaderLists.isToken(member) ? registry.find(member) : Optional.empty();
            if (codec.isEmpty()) {
                throw Problems.unsupportedCoding(
                        "unsupported content coding '" + printable(member) + "'", policy.accepted());
            }
            if (!codec.get().token().equals(IdentityCodec.TOKEN)) {
                codecs.add(codec.get());
            }
        }
        if (codecs.size() > policy.maxCodings()) {
            throw Problems.unsupportedCoding(
                    "at most " + policy.maxCodings() + " content codings may be stacked", policy.accepted());
        }
        return codecs;
    }

    /** The start of a header member, safe to echo in a message. */
    private static String printable(String member) {
        String cut = member.length() > 40 ? member.substring(0, 40) + "..." : member;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
