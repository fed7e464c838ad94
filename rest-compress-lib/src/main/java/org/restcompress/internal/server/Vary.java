package org.restcompress.internal.server;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.internal.negotiation.HeaderLists;

/** Merges {@code Accept-Encoding} into a response's {@code Vary} (RFC 9110 section 12.5.5), once. */
final class Vary {

    private static final String VARY = "Vary";

    private Vary() {
    }

    static void addAcceptEncoding(MultivaluedMap<String, Object> headers) {
        List<Object> present = headers.get(VARY);
        if (present == null || present.isEmpty()) {
            headers.putSingle(VARY, HttpHeaders.ACCEPT_ENCODING); // the common case, without parsing
            return;
        }
        List<String> lines = new ArrayList<>();
        for (Object value : present) {
            lines.add(value.toString());
        }
        List<String> members = HeaderLists.members(lines);
        for (String member : members) {
            if (member.equals("*") || member.equalsIgnoreCase(HttpHeaders.ACCEPT_ENCODING)) {
                return;
            }
        }
        members.add(HttpHeaders.ACCEPT_ENCODING);
        headers.putSingle(VARY, String.join(", ", members));
    }
}
