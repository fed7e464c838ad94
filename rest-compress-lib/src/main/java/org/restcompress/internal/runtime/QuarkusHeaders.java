package org.restcompress.internal.runtime;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.MicroProfileConfig;

/**
 * Quarkus REST's response header quirks, found once per application at deployment and reached by reflection (the
 * library has no Quarkus dependency); {@link #find} gives {@code null} on every other runtime.
 * <ul>
 *   <li>Quarkus REST copies a writer interceptor's headers to its HTTP response once, when the entity writer starts,
 *   so the {@code Content-Encoding} (and {@code ETag}, {@code Content-Length}) decided later would be lost; {@link
 *   Response#copy} copies them to that response too, which sends them with the first bytes.</li>
 *   <li>Where Quarkus's own compression is on ({@code quarkus.http.enable-compression}), a response the library sends
 *   as it is is marked {@code Content-Encoding: identity} ({@link Response#keepIdentity}), which Vert.x takes as "do
 *   not compress" and removes; with it off (Quarkus's default), nothing would remove it, so nothing marks it.</li>
 *   <li>Quarkus REST runs no writer interceptor for a {@code HEAD}: its headers are decided in the response
 *   filter ({@link #writesHeadBodies()} false).</li>
 * </ul>
 */
public final class QuarkusHeaders {

    private static final System.Logger LOG = System.getLogger(QuarkusHeaders.class.getName());
    private static final String PREFIX = "org.jboss.resteasy.reactive.server.";
    /** What the decision at the first bytes sets or removes. */
    private static final List<String> DECIDED = List.of(HttpHeaders.CONTENT_ENCODING, HttpHeaders.CONTENT_LENGTH,
            HttpHeaders.ETAG, ConfigKeys.DECISION_HEADER);

    private final Method currentRequest;
    private final Method serverResponse;
    private final Method set;
    private final Method remove;
    private final boolean quarkusCompresses;

    private QuarkusHeaders(ClassLoader loader, boolean quarkusCompresses) throws ReflectiveOperationException {
        Class<?> http = Class.forName(PREFIX + "spi.ServerHttpResponse", false, loader);
        this.currentRequest = Class.forName(PREFIX + "core.CurrentRequestManager", false, loader).getMethod("get");
        this.serverResponse = Class.forName(PREFIX + "core.ResteasyReactiveRequestContext", false, loader)
                .getMethod("serverResponse");
        this.set = http.getMethod("setResponseHeader", CharSequence.class, Iterable.class);
        this.remove = http.getMethod("removeResponseHeader", String.class);
        this.quarkusCompresses = quarkusCompresses;
    }

    /** Quarkus REST's hooks where {@code loader} sees Quarkus REST, its compression setting read once; else null. */
    public static QuarkusHeaders find(ClassLoader loader) {
        try {
            Class.forName(PREFIX + "core.CurrentRequestManager", false, loader);
        } catch (ClassNotFoundException | LinkageError absent) {
            return null;
        }
        try {
            MicroProfileConfig config = MicroProfileConfig.current();
            return new QuarkusHeaders(loader, config != null
                    && Boolean.parseBoolean(config.get("quarkus.http.enable-compression")));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: no Quarkus REST header hook here: " + e);
            return null;
        }
    }

    /** Whether the runtime passes a {@code HEAD} response's (discarded) body through the writer interceptors. */
    public static boolean writesHeadBodies(QuarkusHeaders quarkus) {
        return quarkus == null;
    }

    /** The response being written on this thread, or null where there is none (or no Quarkus: {@code quarkus}). */
    public static Response response(QuarkusHeaders quarkus) {
        if (quarkus == null) {
            return null;
        }
        try {
            Object request = quarkus.currentRequest.invoke(null);
            return request == null ? null : new Response(quarkus, quarkus.serverResponse.invoke(request));
        } catch (ReflectiveOperationException e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: no Quarkus REST response here: " + e);
            return null;
        }
    }

    /** One response's headers on Quarkus REST; the static methods take {@code null} for every other runtime. */
    public static final class Response {
        private final QuarkusHeaders quarkus;
        private final Object response;

        private Response(QuarkusHeaders quarkus, Object response) {
            this.quarkus = quarkus;
            this.response = response;
        }

        /**
         * Keeps a response the library sends as it is from Quarkus's own compression, which would otherwise encode
         * it under the identity response's {@code ETag}. Not for a response the application encoded itself
         * ({@code headers} name its coding), nor where Quarkus compresses nothing. Marks {@code headers}, which
         * Quarkus REST copies when the entity writer starts; once it has, {@link #copy} follows.
         */
        public static void keepIdentity(Response hook, MultivaluedMap<String, Object> headers) {
            if (hook != null && hook.quarkus.quarkusCompresses
                    && !headers.containsKey(HttpHeaders.CONTENT_ENCODING)) {
                headers.putSingle(HttpHeaders.CONTENT_ENCODING, "identity");
            }
        }

        /** Copies the decided headers from {@code headers} to the response, if {@code hook} is one. */
        public static void copy(Response hook, MultivaluedMap<String, Object> headers) {
            if (hook == null) {
                return;
            }
            for (String name : DECIDED) {
                List<Object> values = headers.get(name);
                try {
                    if (values == null || values.isEmpty()) {
                        hook.quarkus.remove.invoke(hook.response, name);
                    } else {
                        List<CharSequence> strings = new ArrayList<>(values.size());
                        values.forEach(value -> strings.add(String.valueOf(value)));
                        hook.quarkus.set.invoke(hook.response, name, strings);
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Quarkus REST's response headers failed", e);
                }
            }
        }
    }
}
