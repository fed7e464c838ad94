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
 *   Response#decided} copies them to that response too, which sends them with the first bytes.</li>
 *   <li>Where Quarkus's own compression is on ({@code quarkus.http.enable-compression}), a response the library sends
 *   as it is is marked {@code Content-Encoding: identity} ({@link Response#identity}), which Vert.x takes as "do
 *   not compress" and removes; with it off (Quarkus's default), nothing would remove it, so nothing marks it.</li>
 * </ul>
 */
public final class QuarkusHeaders {

    private static final System.Logger LOG = System.getLogger(QuarkusHeaders.class.getName());
    private static final String PREFIX = "org.jboss.resteasy.reactive.server.";
    /** What the decision at the first bytes sets or removes; and on an encoded body, those of its bytes before. */
    private static final List<String> DECIDED = List.of(HttpHeaders.CONTENT_ENCODING, HttpHeaders.CONTENT_LENGTH,
            HttpHeaders.ETAG, ConfigKeys.DECISION_HEADER);
    private static final List<String> ENCODED = decided();

    private static List<String> decided() {
        List<String> names = new ArrayList<>(DECIDED);
        names.add(ResponseHeaders.ACCEPT_RANGES);
        names.addAll(ResponseHeaders.OF_THE_BYTES);
        return List.copyOf(names);
    }

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

    /** The response being written on this thread; {@link ResponseHeaders#NONE} where there is none. */
    public static ResponseHeaders response(QuarkusHeaders quarkus) {
        if (quarkus == null) {
            return ResponseHeaders.NONE;
        }
        try {
            Object request = quarkus.currentRequest.invoke(null);
            return request == null ? ResponseHeaders.NONE
                    : new Response(quarkus, quarkus.serverResponse.invoke(request));
        } catch (ReflectiveOperationException e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: no Quarkus REST response here: " + e);
            return ResponseHeaders.NONE;
        }
    }

    /** One response's headers on Quarkus REST. */
    private static final class Response implements ResponseHeaders {
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
         * Quarkus REST copies when the entity writer starts; once it has, {@link #decided} follows.
         */
        @Override
        public void identity(MultivaluedMap<String, Object> headers) {
            if (quarkus.quarkusCompresses && !headers.containsKey(HttpHeaders.CONTENT_ENCODING)) {
                headers.putSingle(HttpHeaders.CONTENT_ENCODING, "identity");
            }
        }

        @Override
        public boolean takesLengthLate() {
            return false; // a body past Quarkus's buffer goes chunked (EncodeOnce's StockQuarkusTest saw both)
        }

        /** Copies the decided headers from {@code headers} to the response. */
        @Override
        public void decided(MultivaluedMap<String, Object> headers) {
            Object coding = headers.getFirst(HttpHeaders.CONTENT_ENCODING);
            boolean encoded = coding != null && !"identity".equalsIgnoreCase(String.valueOf(coding));
            for (String name : encoded ? ENCODED : DECIDED) {
                List<Object> values = headers.get(name);
                try {
                    if (values == null || values.isEmpty()) {
                        quarkus.remove.invoke(response, name);
                    } else {
                        List<CharSequence> strings = new ArrayList<>(values.size());
                        values.forEach(value -> strings.add(String.valueOf(value)));
                        quarkus.set.invoke(response, name, strings);
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Quarkus REST's response headers failed", e);
                }
            }
        }
    }
}
