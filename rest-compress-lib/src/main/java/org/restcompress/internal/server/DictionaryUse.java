package org.restcompress.internal.server;

import jakarta.ws.rs.Path;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.restcompress.SharedDictionary;
import org.restcompress.UseAsDictionary;
import org.restcompress.internal.dictionary.StructuredFields;

/**
 * How one resource method uses compression dictionaries: its responses as dictionaries for later requests (deltas,
 * {@link UseAsDictionary}), a shared dictionary ({@link SharedDictionary}), or both; and the URL patterns that say
 * which requests may use them. A derived pattern depends on the application's base path, known per request: made
 * once per base path.
 */
final class DictionaryUse {

    private static final int MAX_BASE_PATHS = 16;

    private final UseAsDictionary delta;
    private final ServerDictionaries.Shared shared;
    private final String template;
    /** The annotation's own pattern, percent-encoded; {@code null}: the method's path. */
    private final String match;
    private final Map<String, String> deltaHeaders = new ConcurrentHashMap<>();

    DictionaryUse(UseAsDictionary delta, ServerDictionaries.Shared shared, String template) {
        this.delta = delta;
        this.shared = shared;
        this.template = template;
        this.match = delta == null || delta.match().isEmpty() ? null : encoded(delta.match());
        StructuredFields.string(template); // percent-encoded: checked here once, never failing a response
    }

    /** The method's path below the application's base, each template parameter a wildcard: {@code items/*}. */
    static String template(Class<?> resourceClass, Method method) {
        List<String> parts = new ArrayList<>();
        Path classPath = resourceClass != null ? resourceClass.getAnnotation(Path.class) : null;
        Path methodPath = method.getAnnotation(Path.class);
        for (Path path : new Path[] {classPath, methodPath}) {
            if (path != null) {
                String part = wildcards(path.value()).replaceAll("^/+|/+$", "");
                if (!part.isEmpty()) {
                    parts.add(part);
                }
            }
        }
        return String.join("/", parts);
    }

    /**
     * Template parameters ({@code {id}}, {@code {id: [0-9]+}}) become {@code *}; the rest is the path as a request
     * carries it: what a path may not hold literally ({@code ? # \}, a {@code %} that starts no escape, and what
     * {@link #encoded} encodes) percent-encoded, and URL Pattern's syntax among what it may ({@code * : ( ) +})
     * escaped.
     */
    static String wildcards(String path) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < path.length(); i += Character.charCount(path.codePointAt(i))) {
            char c = path.charAt(i);
            if (c == '{') {
                if (depth++ == 0) {
                    out.append('*');
                }
            } else if (c == '}') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                if ("*:()+".indexOf(c) >= 0) {
                    out.append('\\').append(c);
                } else {
                    encode(path, i, out, "?#\\");
                }
            }
        }
        return out.toString();
    }

    /**
     * {@code text} (an annotation's own URL pattern) as URL Pattern and a structured-field string need it: each
     * character a URL's path would percent-encode (controls, space, non-ASCII, {@code " < > `}, a {@code %} that
     * starts no escape) as its UTF-8 bytes, {@code %C3%A9} for {@code é}; the rest, pattern syntax included, as it is.
     */
    static String encoded(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
            encode(text, i, out, "");
        }
        return out.toString();
    }

    /** The character at {@code at}, percent-encoded if a path may not hold it, nor any of {@code alsoEncoded}. */
    private static void encode(String text, int at, StringBuilder out, String alsoEncoded) {
        int c = text.codePointAt(at);
        boolean escape = c == '%' && at + 2 < text.length() && isHex(text.charAt(at + 1)) && isHex(text.charAt(at + 2));
        if (escape || c > 0x20 && c < 0x7f && c != '%' && "\"<>`".indexOf(c) < 0 && alsoEncoded.indexOf(c) < 0) {
            out.append((char) c);
            return;
        }
        String character = c >= 0xD800 && c <= 0xDFFF ? "\uFFFD" : new String(Character.toChars(c)); // a lone half
        for (byte b : character.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                    .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        }
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0 && c < 0x80;
    }

    /**
     * The pattern for a method's own path under {@code basePath} (the base URI's path, e.g. {@code /rest/}), whose URL
     * Pattern syntax is escaped: a context path {@code /api(v2)} is no group, which browsers would refuse.
     */
    static String pattern(String basePath, String template) {
        String base = basePath.endsWith("/") ? basePath : basePath + "/";
        StringBuilder out = new StringBuilder(base.length() + template.length());
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            out.append(URL_PATTERN_SYNTAX.indexOf(c) >= 0 ? "\\" : "").append(c);
        }
        return out.append(template).toString();
    }

    private static final String URL_PATTERN_SYNTAX = "*:()+{}?\\";

    boolean delta() {
        return delta != null;
    }

    ServerDictionaries.Shared shared() {
        return shared;
    }

    Duration lifetime() {
        return Duration.ofSeconds(Math.max(1, delta.maxAge()));
    }

    long maxAge() {
        return Math.max(1, delta.maxAge());
    }

    /** The {@code Use-As-Dictionary} value for responses under {@code basePath}. */
    String useAsDictionary(String basePath) {
        String known = deltaHeaders.get(basePath);
        if (known != null) {
            return known;
        }
        String header = "match=" + StructuredFields.string(match != null ? match : pattern(basePath, template));
        if (deltaHeaders.size() < MAX_BASE_PATHS) {
            deltaHeaders.put(basePath, header);
        }
        return header;
    }
}
