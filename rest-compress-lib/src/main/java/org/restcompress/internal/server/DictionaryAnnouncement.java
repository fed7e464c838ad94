package org.restcompress.internal.server;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.net.URI;
import org.restcompress.internal.dictionary.Dictionary;

/**
 * What a response of a method that uses dictionaries says of them, and what becomes of its body once written: it
 * announces the shared dictionary ({@code Link}), offers itself as a dictionary for later requests
 * ({@code Use-As-Dictionary}, with a freshness lifetime unless the application set its own caching) and is then kept
 * ({@link Exchange#keepAsDictionary}), or is sampled for a trained dictionary ({@link Exchange#sample}). Only a
 * successful GET is kept or sampled; never a response excluded from compression (it may hold secrets: compressing
 * other content against it would reveal them through sizes).
 */
final class DictionaryAnnouncement {

    static final String USE_AS_DICTIONARY = "Use-As-Dictionary";
    private static final String LINK = "Link";

    private DictionaryAnnouncement() {
    }

    /** {@code excluded}: the application's exclusion was asked and holds; else it is asked here where it matters. */
    static void announce(MethodPolicy policy, DictionaryUse use, ContainerRequestContext request,
            ContainerResponseContext response, boolean excluded, Exchange exchange) {
        if (response.getStatus() != 200 || !response.hasEntity() || policy.uncompressed()) {
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        String basePath = request.getUriInfo().getBaseUri().getRawPath();
        Dictionary shared = use.shared() != null ? use.shared().current() : null;
        if (shared != null) {
            headers.add(LINK, "<" + DictionaryEndpoint.url(basePath, policy.dictionaries().path(), shared)
                    + ">; rel=\"compression-dictionary\"");
        }
        String method = request.getMethod();
        if (use.shared() != null && use.shared().trained() && !excluded && HttpMethod.GET.equals(method)
                && !policy.excludes(request, response) && use.shared().samples.wants()) {
            // a response excluded from compression is never sampled; the target makes samples of one URL count once
            URI uri = request.getUriInfo().getRequestUri();
            exchange.sample(uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + "?" + uri.getRawQuery());
        }
        if (!use.delta() || excluded || !(HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method))
                || policy.excludes(request, response)) {
            return;
        }
        headers.putSingle(USE_AS_DICTIONARY, use.useAsDictionary(basePath));
        if (!headers.containsKey(HttpHeaders.CACHE_CONTROL)) {
            headers.putSingle(HttpHeaders.CACHE_CONTROL, "max-age=" + use.maxAge());
        }
        if (HttpMethod.GET.equals(method)) {
            exchange.keepAsDictionary();
        }
    }
}
