package org.restcompress.internal.server;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.StructuredFields;

/**
 * Serves the shared dictionaries at {@code <base>/<path>/<sha-256>} (RFC 9842 section 2.1): immutable, so cached for
 * a year and validated by their hash as ETag, and marked {@code Use-As-Dictionary} for the URL pattern of the methods
 * that use them. A filter before matching, so that no resource class needs registering; other paths pass untouched.
 */
@PreMatching
public final class DictionaryEndpoint implements ContainerRequestFilter {

    private static final String ONE_YEAR = "public, max-age=31536000, immutable";

    private final ServerDictionaries dictionaries;
    private final String prefix;

    DictionaryEndpoint(ServerDictionaries dictionaries) {
        this.dictionaries = dictionaries;
        this.prefix = dictionaries.path() + "/";
    }

    /** Where {@code dictionary} is served under {@code basePath}. */
    static String url(String basePath, String path, Dictionary dictionary) {
        return (basePath.endsWith("/") ? basePath : basePath + "/") + path + "/" + dictionary.hash();
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!dictionaries.hasShared()) { // none configured: the path is the application's
            return;
        }
        String path = request.getUriInfo().getPath();
        int start = path.startsWith("/") ? 1 : 0;
        if (!path.startsWith(prefix, start)) {
            return;
        }
        ServerDictionaries.Version version = dictionaries.sharedByHash(path.substring(start + prefix.length()));
        String method = request.getMethod();
        if (version == null) {
            request.abortWith(Response.status(Response.Status.NOT_FOUND).type(MediaType.TEXT_PLAIN_TYPE)
                    .entity("no such compression dictionary\n").build());
            return;
        }
        if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
            request.abortWith(Response.status(Response.Status.METHOD_NOT_ALLOWED).header(HttpHeaders.ALLOW, "GET, HEAD")
                    .build());
            return;
        }
        ServerDictionaries.Shared shared = version.shared();
        EntityTag tag = new EntityTag(version.dictionary().hash());
        String basePath = request.getUriInfo().getBaseUri().getRawPath();
        Response.ResponseBuilder response = request.getRequest().evaluatePreconditions(tag) != null
                ? Response.notModified(tag)
                : Response.ok(version.dictionary().content(), MediaType.APPLICATION_OCTET_STREAM_TYPE).tag(tag);
        request.abortWith(response
                .header(HttpHeaders.CACHE_CONTROL, ONE_YEAR)
                .header(DictionaryAnnouncement.USE_AS_DICTIONARY, "match=" + StructuredFields.string(match(shared,
                        basePath)) + ", id=" + StructuredFields.string(shared.name))
                .build());
    }

    /** The pattern of the methods using it; for several, their longest common prefix and {@code *}. */
    static String match(ServerDictionaries.Shared shared, String basePath) {
        List<String> patterns = new ArrayList<>();
        for (String pattern : shared.patterns) {
            patterns.add(pattern.startsWith("/") ? pattern : DictionaryUse.pattern(basePath, pattern));
        }
        if (patterns.isEmpty()) {
            return DictionaryUse.pattern(basePath, "*");
        }
        if (patterns.size() == 1) {
            return patterns.get(0);
        }
        String common = patterns.get(0);
        for (String pattern : patterns) {
            int n = 0;
            while (n < common.length() && n < pattern.length() && common.charAt(n) == pattern.charAt(n)) {
                n++;
            }
            common = common.substring(0, n);
        }
        while (common.endsWith("\\")) { // never end inside an escape
            common = common.substring(0, common.length() - 1);
        }
        return common + "*";
    }
}
