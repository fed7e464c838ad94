package org.restcompress.internal.runtime;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;

/**
 * CXF's event streams at the servlet level ({@link CxfEvents}). CXF's {@code SseEventSink} writes each event to the
 * response of the {@link AsyncContext} it gets from the request ({@code writeTo} that response's stream, then
 * {@code flushBuffer()}), and ends the stream with {@link AsyncContext#complete()}. This filter (added by the library's
 * servlet container initializer where CXF is on the class path; an embedded CXF adds it itself) wraps each request and
 * its response in a {@link Hook}; once the Jakarta REST side has armed it, CXF's {@code startAsync()} on the wrapped
 * request hands CXF a context whose response writes through the encoder and whose {@code complete()} ends the coding
 * first. An unarmed request passes through untouched.
 */
public final class CxfEventsFilter implements Filter {

    private static final System.Logger LOG = System.getLogger(CxfEventsFilter.class.getName());
    private static final String CONTENT_ENCODING = "Content-Encoding";
    private static final String VARY = "Vary";

    /** Adds this filter to a web application where CXF is present (async-supported: CXF's streams are async). */
    public static void addTo(ServletContext context) {
        if (CxfEvents.present(context.getClassLoader())) {
            FilterRegistration.Dynamic registration = context.addFilter("rest-compress-cxf-events",
                    new CxfEventsFilter());
            if (registration != null) { // null: the application declared a filter of that name itself
                registration.setAsyncSupported(true);
                registration.addMappingForUrlPatterns(null, false, "/*");
            }
        }
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request instanceof HttpServletRequest http && response instanceof HttpServletResponse httpResponse
                && request.getAttribute(CxfEvents.ATTRIBUTE) == null) {
            Hook hook = new Hook(http, httpResponse);
            request.setAttribute(CxfEvents.ATTRIBUTE, hook);
            try {
                chain.doFilter(hook.request, hook.response);
            } finally {
                if (!http.isAsyncStarted()) { // the method failed before its stream: what it wrote, if any, ends here
                    hook.end();
                }
            }
        } else {
            chain.doFilter(request, response);
        }
    }

    /** One request's hook: its wrappers, and once armed its encoder. */
    private static final class Hook implements EventHook {
        private final Response response;
        private final Request request;
        /** Set by {@link #arm}, cleared when the stream ended; guarded by this. */
        private Encoder encoder;
        /** The coding's token, sent once the encoder opens (a response that writes nothing is not encoded). */
        private String coding;
        /** The stream CXF writes to, once opened (and after it ended: later writes fail); guarded by this. */
        private Stream stream;

        Hook(HttpServletRequest request, HttpServletResponse response) {
            this.response = new Response(response);
            this.request = new Request(request);
        }

        @Override
        public synchronized boolean arm(Map<String, List<Object>> headers, Encoder encoder) {
            headers.forEach((name, values) -> {
                if (name.equalsIgnoreCase(CONTENT_ENCODING)) {
                    coding = values.isEmpty() ? null : String.valueOf(values.get(0));
                } else if (name.equalsIgnoreCase(VARY)) { // kept beside what others (a CORS filter) set
                    values.forEach(value -> response.addHeader(name, String.valueOf(value)));
                } else {
                    response.setHeader(name, null);
                    values.forEach(value -> response.addHeader(name, String.valueOf(value)));
                }
            });
            this.encoder = encoder;
            return true;
        }

        synchronized boolean armed() {
            return encoder != null;
        }

        /**
         * The stream CXF writes to: the encoder, opened (and its coding announced) at the first call; the events as
         * they are, and no coding announced, where the encoder cannot start.
         */
        synchronized Stream stream(ServletOutputStream sink) throws IOException {
            if (stream == null) {
                if (coding != null) {
                    response.setHeader(CONTENT_ENCODING, coding); // before: some encoders write at once (lz4)
                }
                try {
                    stream = new Stream(encoder.open(sink), sink);
                } catch (IOException | RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "rest-compress: the event stream goes out unencoded, its "
                            + "encoder could not start: " + e);
                    response.setHeader(CONTENT_ENCODING, null);
                    encoder = null; // nothing to end
                    stream = new Stream(sink, sink);
                }
            }
            return stream;
        }

        synchronized Stream opened() {
            return stream;
        }

        /**
         * Ends the coding once, if a stream was opened: its trailer goes out when the response can still take it
         * (CXF completing it), and the encoder's state ends in any case (after an error, it only ends).
         */
        void end() {
            Stream open;
            synchronized (this) {
                if (encoder == null) {
                    return;
                }
                encoder = null;
                open = stream;
            }
            if (open != null) {
                response.flushWriter();
                try {
                    open.close();
                } catch (IOException | RuntimeException gone) { // the client left: the encoder's state ended anyway
                    LOG.log(System.Logger.Level.DEBUG, "rest-compress: an event stream ended without its trailer: "
                            + gone);
                }
            }
        }

        /** Starts CXF's async context over the wrapped response where the request is armed. */
        private final class Request extends HttpServletRequestWrapper {
            private AsyncContext async;

            Request(HttpServletRequest request) {
                super(request);
            }

            @Override
            public AsyncContext startAsync() {
                if (!armed()) {
                    return super.startAsync();
                }
                AsyncContext started = super.startAsync(this, response);
                started.addListener(new Ending());
                async = new Async(started);
                return async;
            }

            @Override
            public AsyncContext startAsync(ServletRequest servletRequest, ServletResponse servletResponse) {
                AsyncContext started = super.startAsync(servletRequest, servletResponse);
                if (!armed() || servletResponse != response) {
                    return started; // events written elsewhere are not encoded, nor labelled
                }
                started.addListener(new Ending());
                async = new Async(started);
                return async;
            }

            @Override
            public AsyncContext getAsyncContext() {
                return async != null ? async : super.getAsyncContext();
            }
        }

        /** Writes through the encoder once armed. */
        private final class Response extends HttpServletResponseWrapper {
            private PrintWriter writer;

            Response(HttpServletResponse response) {
                super(response);
            }

            @Override
            public ServletOutputStream getOutputStream() throws IOException {
                synchronized (Hook.this) {
                    if (stream != null) {
                        return stream; // also once ended: a late event fails rather than follow the trailer raw
                    }
                    if (encoder != null) {
                        return stream(super.getOutputStream());
                    }
                }
                return super.getOutputStream();
            }

            void flushWriter() {
                PrintWriter open = writer;
                if (open != null) {
                    open.flush();
                }
            }

            @Override
            public PrintWriter getWriter() throws IOException {
                if (!armed()) {
                    return super.getWriter();
                }
                if (writer == null) {
                    writer = new PrintWriter(new OutputStreamWriter(getOutputStream(),
                            Charset.forName(getCharacterEncoding())));
                }
                return writer;
            }

            @Override
            public void flushBuffer() throws IOException {
                flushWriter();
                Stream open = opened();
                if (open != null) {
                    open.flush(); // the event becomes decodable, then goes out
                }
                super.flushBuffer();
            }
        }

        /** CXF's context, ending the coding before it completes the response. */
        private final class Async implements AsyncContext {
            private final AsyncContext context;

            Async(AsyncContext context) {
                this.context = context;
            }

            @Override
            public void complete() {
                end();
                context.complete();
            }

            @Override
            public ServletRequest getRequest() {
                return context.getRequest();
            }

            @Override
            public ServletResponse getResponse() {
                return context.getResponse();
            }

            @Override
            public boolean hasOriginalRequestAndResponse() {
                return context.hasOriginalRequestAndResponse();
            }

            @Override
            public void dispatch() {
                context.dispatch();
            }

            @Override
            public void dispatch(String path) {
                context.dispatch(path);
            }

            @Override
            public void dispatch(ServletContext servletContext, String path) {
                context.dispatch(servletContext, path);
            }

            @Override
            public void start(Runnable run) {
                context.start(run);
            }

            @Override
            public void addListener(AsyncListener listener) {
                context.addListener(listener);
            }

            @Override
            public void addListener(AsyncListener listener, ServletRequest servletRequest,
                    ServletResponse servletResponse) {
                context.addListener(listener, servletRequest, servletResponse);
            }

            @Override
            public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
                return context.createListener(type);
            }

            @Override
            public void setTimeout(long timeout) {
                context.setTimeout(timeout);
            }

            @Override
            public long getTimeout() {
                return context.getTimeout();
            }
        }

        /** However the response ends (an error, a timeout, a container that completed it), the encoder's state ends. */
        private final class Ending implements AsyncListener {
            @Override
            public void onComplete(AsyncEvent event) {
                end();
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                end();
            }

            @Override
            public void onError(AsyncEvent event) {
                end();
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // a new context is wrapped, with its own listener, where CXF starts again
            }
        }
    }

    /** The encoder as the servlet stream CXF writes to. */
    private static final class Stream extends ServletOutputStream {
        private final OutputStream encoder;
        private final ServletOutputStream sink;

        Stream(OutputStream encoder, ServletOutputStream sink) {
            this.encoder = encoder;
            this.sink = sink;
        }

        @Override
        public void write(int b) throws IOException {
            encoder.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            encoder.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            encoder.flush();
        }

        @Override
        public void close() throws IOException {
            encoder.close();
        }

        @Override
        public boolean isReady() {
            return sink.isReady();
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            sink.setWriteListener(listener);
        }
    }
}
