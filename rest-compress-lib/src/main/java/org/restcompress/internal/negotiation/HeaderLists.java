package org.restcompress.internal.negotiation;

import java.util.ArrayList;
import java.util.List;

/** Splitting of comma-separated header field values (RFC 9110 section 5.6.1), respecting quoted strings. */
public final class HeaderLists {

    private HeaderLists() {
    }

    /** The non-empty, trimmed members of all the given field lines, in order; several lines count as one list. */
    public static List<String> members(Iterable<String> lines) {
        return members(lines, false);
    }

    /** Whether the members of these field lines name {@code token}, case-insensitively. */
    public static boolean names(Iterable<String> lines, String token) {
        return members(lines).stream().anyMatch(member -> member.equalsIgnoreCase(token));
    }

    /** The links of {@code Link} field lines (RFC 8288): members, where a comma inside {@code <URI>} does not split. */
    public static List<String> links(Iterable<String> lines) {
        return members(lines, true);
    }

    private static List<String> members(Iterable<String> lines, boolean uriReferences) {
        List<String> members = new ArrayList<>();
        if (lines == null) {
            return members;
        }
        for (String line : lines) {
            if (line != null) {
                split(line, uriReferences, members);
            }
        }
        return members;
    }

    private static void split(String line, boolean uriReferences, List<String> into) {
        int start = 0;
        boolean quoted = false;
        boolean inUri = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (inUri) {
                inUri = c != '>';
            } else if (quoted && c == '\\') {
                i++; // quoted-pair
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == '<' && uriReferences && !quoted) {
                inUri = true;
            } else if (c == ',' && !quoted) {
                add(line.substring(start, i), into);
                start = i + 1;
            }
        }
        add(line.substring(start), into);
    }

    private static void add(String member, List<String> into) {
        String trimmed = member.trim();
        if (!trimmed.isEmpty()) {
            into.add(trimmed);
        }
    }

    /** Whether {@code s} is a {@code token} (RFC 9110 section 5.6.2). */
    public static boolean isToken(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean tchar = c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                return false;
            }
        }
        return true;
    }
}
