package org.restcompress.internal.dictionary;

import java.util.List;
import java.util.Map;

/**
 * The {@code Use-As-Dictionary} response header (RFC 9842 section 2.1): which requests may use the response as their
 * dictionary ({@code match}, a URL pattern), for which destinations ({@code match-dest}; empty: any), under which
 * identifier the client names it back ({@code id}), and its type ({@code raw} is the only one defined).
 */
public record UseAsDictionary(String match, List<String> matchDest, String id, String type) {

    static final int MAX_ID_LENGTH = 1024;
    private static final String RAW = "raw";

    public UseAsDictionary {
        matchDest = List.copyOf(matchDest);
    }

    public static UseAsDictionary parse(String fieldValue) {
        Map<String, Object> members = StructuredFields.dictionary(fieldValue);
        Object match = members.get("match");
        if (!(match instanceof String)) {
            throw new IllegalArgumentException("Use-As-Dictionary needs match as a string");
        }
        Object dest = members.getOrDefault("match-dest", List.of());
        if (!(dest instanceof List)) {
            throw new IllegalArgumentException("Use-As-Dictionary's match-dest must be a list of strings");
        }
        Object id = members.getOrDefault("id", "");
        if (!(id instanceof String) || ((String) id).length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException("Use-As-Dictionary's id must be a string of at most " + MAX_ID_LENGTH
                    + " characters");
        }
        Object type = members.getOrDefault("type", new StructuredFields.Token(RAW));
        if (!(type instanceof StructuredFields.Token)) {
            throw new IllegalArgumentException("Use-As-Dictionary's type must be a token");
        }
        @SuppressWarnings("unchecked")
        List<String> destinations = (List<String>) dest;
        return new UseAsDictionary((String) match, destinations, (String) id, ((StructuredFields.Token) type).value());
    }

    /** Whether a client may use it: a type it knows. */
    public boolean usable() {
        return RAW.equals(type);
    }

    public String toHeader() {
        StringBuilder s = new StringBuilder("match=").append(StructuredFields.string(match));
        if (!matchDest.isEmpty()) {
            s.append(", match-dest=(");
            for (int i = 0; i < matchDest.size(); i++) {
                s.append(i == 0 ? "" : " ").append(StructuredFields.string(matchDest.get(i)));
            }
            s.append(')');
        }
        if (!id.isEmpty()) {
            s.append(", id=").append(StructuredFields.string(id));
        }
        if (!RAW.equals(type)) {
            s.append(", type=").append(type);
        }
        return s.toString();
    }
}
