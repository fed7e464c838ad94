package org.restcompress.internal.runtime;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Quarkus REST's event streams, reached by reflection (the library has no Quarkus dependency). Quarkus REST runs no
 * response filter or writer interceptor for an {@code SseEventSink}: it serializes each event itself and hands the
 * bytes to its Vert.x response ({@code HttpServerResponse.write}), and ends the stream with that response's
 * {@code end()}. Its request context keeps that response in one field, which every write and the end go through; once
 * armed, this hook puts a proxy of the response there that encodes each event's bytes (flushed: each event decodable
 * as it arrives) and writes the coding's end before the response ends. The proxy passes everything else through, and
 * the encoder's state also ends when the connection closes. A Quarkus REST without that field finds no hook, and its
 * streams go out as they are.
 */
public final class QuarkusEvents implements EventHook {

    private static final System.Logger LOG = System.getLogger(QuarkusEvents.class.getName());
    private static final String PREFIX = "org.jboss.resteasy.reactive.server.";
    private static final String VERTX_RESPONSE = "io.vertx.core.http.HttpServerResponse";

    /** Quarkus REST's and Vert.x's members, found once per class of request context (none on other runtimes). */
    private static final ClassValue<Optional<Access>> ACCESS = new ClassValue<>() {
        @Override
        protected Optional<Access> computeValue(Class<?> requestContext) {
            if (!requestContext.getName().startsWith(PREFIX)) {
                return Optional.empty();
            }
            try {
                return Optional.of(Access.find(requestContext.getClassLoader()));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: Quarkus REST's event streams go out unencoded "
                        + "here, its response could not be reached: " + e);
                return Optional.empty();
            }
        }
    };

    private record Access(Method currentRequest, Method serverResponse, Method setHeader, Method addHeader,
            Method removeHeader, Method addCloseHandler, Class<?> response, Class<?> buffer, Class<?> handler,
            Method bufferOf, Method bytes, Method write, Method writeWithHandler, Method end, Method endWithHandler) {

        static Access find(ClassLoader loader) throws ReflectiveOperationException {
            Class<?> http = Class.forName(PREFIX + "spi.ServerHttpResponse", false, loader);
            Class<?> response = Class.forName(VERTX_RESPONSE, false, loader);
            Class<?> buffer = Class.forName("io.vertx.core.buffer.Buffer", false, loader);
            Class<?> handler = Class.forName("io.vertx.core.Handler", false, loader);
            return new Access(Class.forName(PREFIX + "core.CurrentRequestManager", false, loader).getMethod("get"),
                    Class.forName(PREFIX + "core.ResteasyReactiveRequestContext", false, loader)
                            .getMethod("serverResponse"),
                    http.getMethod("setResponseHeader", CharSequence.class, Iterable.class),
                    http.getMethod("addResponseHeader", CharSequence.class, CharSequence.class),
                    http.getMethod("removeResponseHeader", String.class),
                    http.getMethod("addCloseHandler", Runnable.class), response, buffer, handler,
                    buffer.getMethod("buffer", byte[].class), buffer.getMethod("getBytes"),
                    method(response, "write", buffer), method(response, "write", buffer, handler),
                    method(response, "end", buffer), method(response, "end", buffer, handler));
        }

        /** {@code name} taking a buffer first: declared so, or as Vert.x's generic {@code WriteStream} erases it. */
        private static Method method(Class<?> response, String name, Class<?> buffer, Class<?>... more)
                throws NoSuchMethodException {
            Class<?>[] types = new Class<?>[1 + more.length];
            System.arraycopy(more, 0, types, 1, more.length);
            types[0] = buffer;
            try {
                return response.getMethod(name, types);
            } catch (NoSuchMethodException generic) {
                types[0] = Object.class;
                return response.getMethod(name, types);
            }
        }

        /** The field of {@code serverResponse}'s class (or a superclass) that holds the Vert.x response. */
        Field field(Object serverResponse) throws NoSuchFieldException {
            for (Class<?> c = serverResponse.getClass(); c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (f.getType() == response && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true);
                        return f;
                    }
                }
            }
            throw new NoSuchFieldException("no " + VERTX_RESPONSE + " field in " + serverResponse.getClass());
        }
    }

    private final Access access;
    private final Object serverResponse;

    private QuarkusEvents(Access access, Object serverResponse) {
        this.access = access;
        this.serverResponse = serverResponse;
    }

    /** The hook of the request being filtered on Quarkus REST ({@code requestContext}: its Jakarta REST view). */
    public static EventHook of(Object requestContext) {
        Access access = ACCESS.get(requestContext.getClass()).orElse(null);
        if (access == null) {
            return null;
        }
        try {
            Object request = access.currentRequest.invoke(null);
            return request == null ? null : new QuarkusEvents(access, access.serverResponse.invoke(request));
        } catch (ReflectiveOperationException e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: no Quarkus REST response here: " + e);
            return null;
        }
    }

    /** Whether Quarkus REST is visible to {@code loader}: its event streams need this hook there. */
    public static boolean present(ClassLoader loader) {
        try {
            Class.forName(PREFIX + "spi.ServerHttpResponse", false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }

    @Override
    public boolean arm(Map<String, List<Object>> headers, Encoder encoder) {
        Field field = null;
        Object original = null;
        try {
            Encoding encoding = null;
            if (encoder != null) { // the proxy first: where it cannot go in, nothing is set
                field = access.field(serverResponse);
                original = field.get(serverResponse);
                encoding = new Encoding(original, encoder);
                field.set(serverResponse, Proxy.newProxyInstance(access.response.getClassLoader(),
                        new Class<?>[] {access.response}, encoding));
            }
            for (Map.Entry<String, List<Object>> header : headers.entrySet()) {
                List<String> values = new ArrayList<>();
                header.getValue().forEach(value -> values.add(String.valueOf(value)));
                if (header.getKey().equalsIgnoreCase("Vary")) { // kept beside what others (a CORS filter) set
                    for (String value : values) {
                        access.addHeader.invoke(serverResponse, header.getKey(), value);
                    }
                } else {
                    access.setHeader.invoke(serverResponse, header.getKey(), values);
                }
            }
            if (encoding != null) { // through the proxy, which keeps its release before every later close handler
                access.addCloseHandler.invoke(serverResponse, (Runnable) () -> { });
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: Quarkus REST's event stream response: " + e);
            try {
                if (field != null && original != null) {
                    field.set(serverResponse, original);
                }
                access.removeHeader.invoke(serverResponse, "Content-Encoding");
            } catch (ReflectiveOperationException | RuntimeException restoring) {
                e.addSuppressed(restoring);
            }
            return false;
        }
    }

    /**
     * The Vert.x response as the proxy's target: each write's bytes go through the encoder and out at once; the end
     * writes the coding's end first.
     */
    private final class Encoding implements InvocationHandler {
        private final Object response;
        private final Encoder encoder;
        /**
         * Guards the encoder: held from coding a frame to handing it to Vert.x, so frames go out in coding order. The
         * close handler only tries it (Vert.x may call it holding the connection's lock, which a write under this one
         * may wait for): a close it finds busy is left to the writer, which ends the state as it lets go.
         */
        private final ReentrantLock lock = new ReentrantLock();
        private volatile boolean closing;
        /** What the encoder produced since the last write out. */
        private final ByteArrayOutputStream coded = new ByteArrayOutputStream();
        private OutputStream stream;
        private boolean ended;

        Encoding(Object response, Encoder encoder) {
            this.response = response;
            this.encoder = encoder;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            int count = args == null ? 0 : args.length;
            Object handler = count > 0 && access.handler.isInstance(args[count - 1]) ? args[count - 1] : null;
            try {
                if (name.equals("write") && count > 0) {
                    byte[] data = bytes(args);
                    if (data.length > 0) { // an empty write sends the head: it passes through
                        return send(handler, data, false);
                    }
                } else if (name.equals("end")) {
                    return send(handler, count == 0 || count == 1 && handler != null ? new byte[0] : bytes(args), true);
                } else if (name.equals("closeHandler") && handler != null) {
                    args = new Object[] {releasing(handler)}; // one close handler per response: ours goes first
                } else if (name.startsWith("send")) {
                    throw new IllegalStateException("rest-compress: an encoded event stream takes writes, not "
                            + name + "()");
                }
                Object result = method.invoke(response, args);
                return result == response ? proxy : result; // fluent calls stay on the proxy
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        /** {@code handler}, calling {@link #release} first. */
        private Object releasing(Object handler) {
            return Proxy.newProxyInstance(access.handler.getClassLoader(), new Class<?>[] {access.handler},
                    (proxy, method, args) -> {
                        if (method.getDeclaringClass() == Object.class) {
                            return method.invoke(handler, args);
                        }
                        release();
                        return method.invoke(handler, args);
                    });
        }

        /** The bytes a write or end was given: a buffer, or a string in its charset. */
        private byte[] bytes(Object[] args) throws ReflectiveOperationException {
            if (access.buffer.isInstance(args[0])) {
                return (byte[]) access.bytes.invoke(args[0]);
            }
            Charset charset = args.length > 1 && args[1] instanceof String named ? Charset.forName(named)
                    : StandardCharsets.UTF_8;
            return String.valueOf(args[0]).getBytes(charset);
        }

        /**
         * {@code data} through the encoder, flushed (or, at the end, with the coding's end), and out: under one
         * monitor, so that frames reach the response in the order they were coded.
         */
        private Object send(Object handler, byte[] data, boolean end) throws IOException, ReflectiveOperationException {
            lock.lock();
            try {
                return out(handler, encoded(data, end), end);
            } finally {
                lock.unlock();
                if (closing) {
                    release();
                }
            }
        }

        private byte[] encoded(byte[] data, boolean end) throws IOException {
            if (ended) {
                return data; // the coding ended already (the client left): nothing more is encoded
            }
            if (stream == null) {
                stream = encoder.open(coded);
            }
            if (data.length > 0) {
                stream.write(data);
            }
            if (end) {
                ended = true;
                stream.close();
            } else {
                stream.flush();
            }
            byte[] out = coded.toByteArray();
            coded.reset();
            return out;
        }

        /** Writes (or ends with) {@code data} on the Vert.x response, through the overload the caller used. */
        private Object out(Object handler, byte[] data, boolean end) throws ReflectiveOperationException {
            Object buffer = access.bufferOf.invoke(null, (Object) data);
            Method target = end ? (handler != null ? access.endWithHandler : access.end)
                    : (handler != null ? access.writeWithHandler : access.write);
            return handler != null ? target.invoke(response, buffer, handler) : target.invoke(response, buffer);
        }

        /** The connection closed: the encoder's state ends, whether or not the stream did. */
        void release() {
            closing = true;
            if (!lock.tryLock()) {
                return; // a writer holds it: it ends the state as it lets go
            }
            try {
                if (!ended) {
                    ended = true;
                    if (stream != null) {
                        stream.close();
                    }
                }
            } catch (IOException | RuntimeException gone) {
                LOG.log(System.Logger.Level.DEBUG, "rest-compress: an event stream ended early: " + gone);
            } finally {
                lock.unlock();
            }
        }
    }
}
