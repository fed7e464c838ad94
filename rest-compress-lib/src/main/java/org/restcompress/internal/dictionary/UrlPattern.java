package org.restcompress.internal.dictionary;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The subset of URL Pattern (WHATWG) a {@code Use-As-Dictionary} {@code match} may use (RFC 9842 section 2.1.1),
 * resolved against the dictionary's own URL: a path with {@code *} (any characters, {@code /} included) and
 * {@code :name} (one path segment), optionally followed by {@code ?} and a query pattern with {@code *}. As in
 * browsers, a pattern without a query matches any query, and the fragment never matters. Refused (the dictionary is
 * then not used, which is always safe): regular-expression groups (the RFC forbids them), {@code {...}} groups and
 * modifiers (more of URL Pattern than a server needs), and any pattern naming another origin. Matching simulates the
 * pattern as an automaton: linear in the URL's length whatever the pattern, so no input can make it backtrack.
 */
public final class UrlPattern {

    static final int MAX_PATTERN_LENGTH = 2048;
    private static final int ANY = -1;
    private static final int SEGMENT_CHAR = -2;
    private static final int SEGMENT_REST = -3;

    private final String origin;
    private final int[] path;
    private final int[] query; // null: any query

    private UrlPattern(String origin, int[] path, int[] query) {
        this.origin = origin;
        this.path = path;
        this.query = query;
    }

    /** Compiles {@code pattern} against {@code base}, the URL of the response that carried it. */
    public static UrlPattern compile(String pattern, URI base) {
        if (pattern == null || pattern.isEmpty() || pattern.length() > MAX_PATTERN_LENGTH) {
            throw new IllegalArgumentException("a match pattern is 1 to " + MAX_PATTERN_LENGTH + " characters");
        }
        String origin = origin(base);
        String rest = pattern;
        int scheme = pattern.indexOf("://");
        if (scheme > 0 && pattern.substring(0, scheme).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
            int pathStart = pattern.indexOf('/', scheme + 3);
            String authority = pattern.substring(0, pathStart < 0 ? pattern.length() : pathStart);
            URI absolute;
            try {
                absolute = URI.create(authority + "/");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("a match pattern with an unparseable origin");
            }
            if (absolute.getHost() == null || !origin(absolute).equals(origin)) {
                throw new IllegalArgumentException("a match pattern for another origin");
            }
            rest = pathStart < 0 ? "/" : pattern.substring(pathStart);
        } else if (!pattern.startsWith("/")) {
            String basePath = base.getRawPath() == null || base.getRawPath().isEmpty() ? "/" : base.getRawPath();
            rest = basePath.substring(0, basePath.lastIndexOf('/') + 1) + pattern;
        }
        int hash = indexOfUnescaped(rest, '#');
        if (hash >= 0) {
            rest = rest.substring(0, hash); // fragments are never sent
        }
        int question = indexOfUnescaped(rest, '?');
        if (question > 0 && isModified(rest, question)) {
            throw new IllegalArgumentException("a match pattern with a modifier");
        }
        int[] path = tokens(question < 0 ? rest : rest.substring(0, question), true);
        int[] query = question < 0 ? null : tokens(rest.substring(question + 1), false);
        return new UrlPattern(origin, path, query);
    }

    private static String origin(URI uri) {
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("a match pattern needs an absolute base URL");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }

    private static int indexOfUnescaped(String s, char c) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\') {
                i++;
            } else if (s.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the {@code ?} at {@code at} follows a wildcard, a named group or a group: a modifier, not a query. */
    private static boolean isModified(String s, int at) {
        char before = s.charAt(at - 1);
        if (before == '*' || before == ')' || before == '}') {
            return true;
        }
        int i = at - 1;
        while (i >= 0 && isNamePart(s.charAt(i))) {
            i--;
        }
        return i >= 0 && i < at - 1 && s.charAt(i) == ':' && isNameStart(s.charAt(i + 1));
    }

    /** Literal characters (as percent-encoded UTF-8 where a URL would encode them), wildcards and segments. */
    private static int[] tokens(String pattern, boolean pathname) {
        List<Integer> tokens = new ArrayList<>();
        int wildcards = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                if (++i >= pattern.length()) {
                    throw new IllegalArgumentException("a match pattern ending in an escape");
                }
                literal(tokens, pattern.charAt(i), pathname);
            } else if (c == '*') {
                if (++wildcards > 16) {
                    throw new IllegalArgumentException("a match pattern with more than 16 wildcards");
                }
                if (i + 1 < pattern.length() && "?+*".indexOf(pattern.charAt(i + 1)) >= 0) {
                    throw new IllegalArgumentException("a match pattern with a modifier");
                }
                tokens.add(ANY);
            } else if (c == ':' && pathname && i + 1 < pattern.length() && isNameStart(pattern.charAt(i + 1))) {
                int j = i + 1;
                while (j < pattern.length() && isNamePart(pattern.charAt(j))) {
                    j++;
                }
                if (j < pattern.length() && "?+*(".indexOf(pattern.charAt(j)) >= 0) {
                    throw new IllegalArgumentException("a match pattern with a modifier or a regular expression");
                }
                if (++wildcards > 16) {
                    throw new IllegalArgumentException("a match pattern with more than 16 wildcards");
                }
                tokens.add(SEGMENT_CHAR);
                tokens.add(SEGMENT_REST);
                i = j - 1;
            } else if (c == '(') {
                throw new IllegalArgumentException("a match pattern with a regular expression group");
            } else if (c == '{' || c == '}' || c == '+' || c == '?' && pathname) {
                throw new IllegalArgumentException("a match pattern with groups or modifiers");
            } else {
                literal(tokens, c, pathname);
            }
        }
        return tokens.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || Character.isDigit(c);
    }

    /** A character as the URL holds it: unreserved and path characters as they are, others percent-encoded. */
    private static void literal(List<Integer> tokens, char c, boolean pathname) {
        if (c < 0x80 && c > 0x20 && "\"<>`{}^|\\".indexOf(c) < 0 && !(c == '#') && !(c == '?' && pathname)) {
            tokens.add((int) c);
            return;
        }
        for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
            for (char e : String.format("%%%02X", b & 0xff).toCharArray()) {
                tokens.add((int) e);
            }
        }
    }

    /** Whether {@code url} is on the pattern's origin and its path and query match. */
    public boolean matches(URI url) {
        if (url.getScheme() == null || url.getHost() == null || !origin(url).equals(origin)) {
            return false;
        }
        String rawPath = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        String rawQuery = url.getRawQuery() == null ? "" : url.getRawQuery();
        return run(path, rawPath) && (query == null || run(query, rawQuery));
    }

    /** The pattern as a nondeterministic automaton, all states at once: O(input x pattern), never backtracking. */
    private static boolean run(int[] tokens, String input) {
        int m = tokens.length;
        boolean[] states = new boolean[m + 1];
        states[0] = true;
        close(tokens, states);
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            boolean[] next = new boolean[m + 1];
            boolean any = false;
            for (int s = 0; s < m; s++) {
                if (!states[s]) {
                    continue;
                }
                int t = tokens[s];
                if (t == ANY || t == SEGMENT_REST && c != '/') {
                    next[s] = true; // stays: one more character
                    any = true;
                } else if (t == SEGMENT_CHAR ? c != '/' : t == c) {
                    next[s + 1] = true;
                    any = true;
                }
            }
            if (!any) {
                return false;
            }
            close(tokens, next);
            states = next;
        }
        return states[m];
    }

    /** Adds the states reachable without input: past a wildcard that matches nothing. */
    private static void close(int[] tokens, boolean[] states) {
        for (int s = 0; s < tokens.length; s++) {
            if (states[s] && (tokens[s] == ANY || tokens[s] == SEGMENT_REST)) {
                states[s + 1] = true;
            }
        }
    }
}
