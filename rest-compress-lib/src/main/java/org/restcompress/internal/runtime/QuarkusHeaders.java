package org.restcompress.internal.runtime;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.restcompress.ConfigKeys;

/**
 * Quarkus REST's hook for the headers decided at a body's first bytes, reached by reflection (the library has no
 * Quarkus dependency). Quarkus REST copies a writer interceptor's headers to its HTTP response once, when the entity
 * writer starts, so the {@code Content-Encoding} (and {@code ETag}, {@code Content-Length}) decided later would be
 * lost; this copies them to that response too, which sends them with the first bytes (none has left by then: the
 * decision comes before the first byte is passed on). Anything else (another runtime, a Quarkus REST without these
 * methods) finds no hook, and needs none.
 */
public final class QuarkusHeaders {

    private static final System.Logger LOG = System.getLogger(QuarkusHeaders.class.getName());
    private static final String PREFIX = "org.jboss.resteasy.reactive.server.";
    /** What the decision at the first bytes sets or removes. */
    private static final List<String> DECIDED = List.of(HttpHeaders.CONTENT_ENCODING, HttpHeaders.CONTENT_LENGTH,
            HttpHeaders.ETAG, ConfigKeys.DECISION_HEADER);

    /** Quarkus REST's methods, found once per class of writer context (none on other runtimes). */
    private static final ClassValue<Optional<Methods>> METHODS = new ClassValue<>() {
        @Override
        protected Optional<Methods> computeValue(Class<?> context) {
            if (!context.getName().startsWith(PREFIX)) {
                return Optional.empty();
            }
            try {
                ClassLoader loader = context.getClassLoader();
                Class<?> http = Class.forName(PREFIX + "spi.ServerHttpResponse", false, loader);
                return Optional.of(new Methods(
                        Class.forName(PREFIX + "core.CurrentRequestManager", false, loader).getMethod("get"),
                        Class.forName(PREFIX + "core.ResteasyReactiveRequestContext", false, loader)
                                .getMethod("serverResponse"),
                        http.getMethod("setResponseHeader", CharSequence.class, Iterable.class),
                        http.getMethod("removeResponseHeader", String.class)));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.DEBUG, "rest-compress: no Quarkus REST header hook here: " + e);
                return Optional.empty();
            }
        }
    };

    private record Methods(Method currentRequest, Method serverResponse, Method set, Method remove) {
    }

    private final Object response;
    private final Methods methods;

    private QuarkusHeaders(Object response, Methods methods) {
        this.response = response;
        this.methods = methods;
    }

    /** The hook for the response {@code context} writes, on Quarkus REST; otherwise null. */
    public static QuarkusHeaders of(WriterInterceptorContext context) {
        Methods methods = METHODS.get(context.getClass()).orElse(null);
        if (methods == null) {
            return null;
        }
        try {
            Object request = methods.currentRequest.invoke(null);
            return request == null ? null : new QuarkusHeaders(methods.serverResponse.invoke(request), methods);
        } catch (ReflectiveOperationException e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: no Quarkus REST response here: " + e);
            return null;
        }
    }

    /**
     * Keeps a response the library sends as it is from Quarkus's own compression
     * ({@code quarkus.http.enable-compression}), which would otherwise encode it under the identity response's
     * {@code ETag}: Vert.x leaves a response whose {@code Content-Encoding} is {@code identity} unencoded, and removes
     * that header. Not for a response the application encoded itself ({@code headers} name its coding). Marks
     * {@code headers}, which Quarkus REST copies when the entity writer starts; once it has, {@link #copy} follows.
     */
    public static void keepIdentity(QuarkusHeaders hook, MultivaluedMap<String, Object> headers) {
        if (hook != null && !headers.containsKey(HttpHeaders.CONTENT_ENCODING)) {
            headers.putSingle(HttpHeaders.CONTENT_ENCODING, "identity");
        }
    }

    /** Copies the decided headers from {@code headers} to the response, if {@code hook} is one. */
    public static void copy(QuarkusHeaders hook, MultivaluedMap<String, Object> headers) {
        if (hook == null) {
            return;
        }
        for (String name : DECIDED) {
            List<Object> values = headers.get(name);
            try {
                if (values == null || values.isEmpty()) {
                    hook.methods.remove.invoke(hook.response, name);
                } else {
                    List<CharSequence> strings = new ArrayList<>(values.size());
                    values.forEach(value -> strings.add(String.valueOf(value)));
                    hook.methods.set.invoke(hook.response, name, strings);
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Quarkus REST's response headers failed", e);
            }
        }
    }
}
