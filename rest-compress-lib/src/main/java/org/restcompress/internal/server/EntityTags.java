package org.restcompress.internal.server;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.negotiation.HeaderLists;

/**
 * Keeps strong validators distinct per coding: an encoded response's strong {@code ETag "v"} becomes {@code "v-lzf"}
 * (an encoded body is a different representation, RFC 9110 section 8.8.3), and a conditional request naming
 * {@code "v-lzf"} is shown to the application as {@code "v"}, so its own precondition checks still answer 304.
 * A body coded against a dictionary is another representation for each dictionary: its suffix names the dictionary
 * ({@code "v-dcz.1f0c9a3e"}, the first hex digits of its SHA-256), so a cache keeping two such variants never
 * revalidates one with the other's tag. Weak tags are left alone: they already admit encoding differences.
 */
final class EntityTags {

    /** Hex digits of the dictionary's SHA-256 in a tag: enough to tell a resource's dictionaries apart. */
    private static final int DICTIONARY_DIGITS = 8;

    private EntityTags() {
    }

    /** What a tag carries for a body in {@code coding}, against {@code dictionary} where there is one. */
    static String suffix(String coding, Dictionary dictionary) {
        return dictionary == null ? coding : coding + "." + dictionary.hash().substring(0, DICTIONARY_DIGITS);
    }

    /** Appends {@code -suffix} ({@link #suffix}) inside the quotes of a strong {@code ETag} header, if there is one. */
    static void addCoding(MultivaluedMap<String, Object> headers, String suffix) {
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (etag != null) {
            String tag = etag.toString().trim();
            if (isStrong(tag)) {
                headers.putSingle(HttpHeaders.ETAG, tag.substring(0, tag.length() - 1) + "-" + suffix + "\"");
            }
        }
    }

    /** Takes {@code -suffix} off a strong {@code ETag} again: the body went out as it is after all. */
    static void removeCoding(MultivaluedMap<String, Object> headers, String tagSuffix) {
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        String suffix = "-" + tagSuffix + "\"";
        if (etag != null && isStrong(etag.toString().trim()) && etag.toString().trim().endsWith(suffix)) {
            String tag = etag.toString().trim();
            headers.putSingle(HttpHeaders.ETAG, tag.substring(0, tag.length() - suffix.length()) + "\"");
        }
    }

    /**
     * Shows the application the tags it made: removes the suffix of what was negotiated ({@link #suffix}: the coding,
     * and the dictionary) from {@code If-None-Match} (a cached copy in another coding, or against another dictionary,
     * is another representation, so it must not match), and the suffix of any offered coding from {@code If-Match} (a
     * client updating what it fetched in gzip need not ask for gzip again). Returns whether an {@code If-None-Match}
     * tag carried the negotiated suffix.
     */
    static boolean removeCodings(MultivaluedMap<String, String> requestHeaders, String negotiated,
            List<String> offered) {
        boolean noneMatchHadCoding = negotiated != null
                && removeSuffixes(requestHeaders, HttpHeaders.IF_NONE_MATCH, List.of(negotiated), false);
        removeSuffixes(requestHeaders, HttpHeaders.IF_MATCH, offered, true);
        return noneMatchHadCoding;
    }

    /**
     * The first of {@code codings} that a strong {@code If-None-Match} tag carries as its suffix: the coding of the
     * copy the client revalidates. {@code null} when none does.
     */
    static String cachedCoding(MultivaluedMap<String, String> requestHeaders, List<String> codings) {
        List<String> lines = requestHeaders.get(HttpHeaders.IF_NONE_MATCH);
        if (lines == null) {
            return null;
        }
        List<String> tags = HeaderLists.members(lines);
        for (String coding : codings) {
            for (String tag : tags) {
                if (isStrong(tag) && withoutSuffix(tag, List.of(coding), false) != null) {
                    return coding;
                }
            }
        }
        return null;
    }

    private static boolean removeSuffixes(MultivaluedMap<String, String> requestHeaders, String name,
            List<String> codings, boolean anyDictionary) {
        List<String> lines = requestHeaders.get(name);
        if (lines == null || codings.isEmpty()) {
            return false;
        }
        List<String> tags = new ArrayList<>();
        boolean changed = false;
        for (String tag : HeaderLists.members(lines)) {
            String base = isStrong(tag) ? withoutSuffix(tag, codings, anyDictionary) : null;
            changed |= base != null;
            tags.add(base != null ? base : tag);
        }
        if (changed || tags.size() > 1) {
            // one tag per line, the same list to RFC 9110: CXF's evaluatePreconditions reads each line as one tag
            requestHeaders.put(name, tags);
        }
        return changed;
    }

    /**
     * The tag without a {@code -coding} suffix of one of {@code codings}, or {@code null}. With {@code anyDictionary}
     * a dictionary format also takes its suffix with any dictionary ({@code -dcz.1f0c9a3e}): whichever dictionary a
     * client's copy was coded against, it is the resource's tag an {@code If-Match} names.
     */
    private static String withoutSuffix(String tag, List<String> codings, boolean anyDictionary) {
        for (String coding : codings) {
            String suffix = "-" + coding + "\"";
            if (tag.endsWith(suffix) && tag.length() > suffix.length()) {
                return tag.substring(0, tag.length() - suffix.length()) + "\"";
            }
            int dictionary = tag.length() - 1 - DICTIONARY_DIGITS - 1; // where the '.' before the digits stands
            int start = dictionary - coding.length() - 1;
            if (anyDictionary && start > 0 && DictionaryFormat.of(coding) != null && tag.charAt(dictionary) == '.'
                    && tag.charAt(start) == '-' && tag.startsWith(coding, start + 1)
                    && isHex(tag, dictionary + 1, tag.length() - 1)) {
                return tag.substring(0, start) + "\"";
            }
        }
        return null;
    }

    private static boolean isHex(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    /** Whether the response carries a strong {@code ETag}. */
    static boolean isStrong(MultivaluedMap<String, Object> headers) {
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        return etag != null && isStrong(etag.toString().trim());
    }

    private static boolean isStrong(String tag) {
        return tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"';
    }
}
