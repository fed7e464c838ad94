package org.restcompress.server;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.negotiation.HeaderLists;

/**
 * Keeps strong validators distinct per coding: an encoded response's strong {@code ETag "v"} becomes {@code "v-lzf"}
 * (an encoded body is a different representation, RFC 9110 section 8.8.3), and a conditional request naming
 * {@code "v-lzf"} is shown to the application as {@code "v"}, so its own precondition checks still answer 304.
 * Weak tags are left alone: they already admit encoding differences.
 */
final class EntityTags {

    private EntityTags() {
    }

    /** Appends {@code -coding} inside the quotes of a strong {@code ETag} header, if there is one. */
    static void addCoding(MultivaluedMap<String, Object> headers, String coding) {
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (etag != null) {
            String tag = etag.toString().trim();
            if (isStrong(tag)) {
                headers.putSingle(HttpHeaders.ETAG, tag.substring(0, tag.length() - 1) + "-" + coding + "\"");
            }
        }
    }

    /**
     * Removes the {@code -coding} suffix from the strong tags of {@code If-None-Match} and {@code If-Match}; returns
     * whether any tag carried it.
     */
    static boolean removeCoding(MultivaluedMap<String, String> requestHeaders, String coding) {
        boolean removed = false;
        for (String name : List.of(HttpHeaders.IF_NONE_MATCH, HttpHeaders.IF_MATCH)) {
            List<String> lines = requestHeaders.get(name);
            if (lines == null) {
                continue;
            }
            String suffix = "-" + coding + "\"";
            List<String> tags = new ArrayList<>();
            boolean changed = false;
            for (String tag : HeaderLists.members(lines)) {
                if (isStrong(tag) && tag.endsWith(suffix) && tag.length() > suffix.length()) {
                    tags.add(tag.substring(0, tag.length() - suffix.length()) + "\"");
                    changed = true;
                } else {
                    tags.add(tag);
                }
            }
            if (changed) {
                requestHeaders.putSingle(name, String.join(", ", tags));
                removed = true;
            }
        }
        return removed;
    }

    private static boolean isStrong(String tag) {
        return tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"';
    }
}
