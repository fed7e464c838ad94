package org.restcompress.internal.server;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.internal.negotiation.HeaderLists;

/**
 * Merges the request headers a response depends on into its {@code Vary} (RFC 9110 section 12.5.5), once each:
 * {@code Accept-Encoding}, and {@code Available-Dictionary} for methods that use dictionaries (RFC 9842 section 6).
 */
final class Vary {

    private static final String VARY = "Vary";
    static final List<String> ACCEPT_ENCODING = List.of(HttpHeaders.ACCEPT_ENCODING);
    static final List<String> WITH_DICTIONARY = List.of(HttpHeaders.ACCEPT_ENCODING,
            MethodPolicy.AVAILABLE_DICTIONARY);

    private Vary() {
    }

    static void add(MultivaluedMap<String, Object> headers, List<String> names) {
        List<Object> present = headers.get(VARY);
        if (present == null || present.isEmpty()) {
            headers.putSingle(VARY, names.size() == 1 ? names.get(0) : String.join(", ", names)); // without parsing
            return;
        }
        List<String> lines = new ArrayList<>();
        for (Object value : present) {
            lines.add(value.toString());
        }
        List<String> members = HeaderLists.members(lines);
        boolean changed = false;
        for (String name : names) {
            boolean there = false;
            for (String member : members) {
                if (member.equals("*")) {
                    return;
                }
                there |= member.equalsIgnoreCase(name);
            }
            if (!there) {
                members.add(name);
                changed = true;
            }
        }
        if (changed) {
            headers.putSingle(VARY, String.join(", ", members));
        }
    }
}
