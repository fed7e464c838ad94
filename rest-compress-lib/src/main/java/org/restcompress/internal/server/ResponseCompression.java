package org.restcompress.internal.server;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.io.DeferredOutputStream;
import org.restcompress.internal.io.Uncloseable;
import org.restcompress.internal.negotiation.Choice;

/**
 * Encodes one resource method's responses. As a response filter it marks every response {@code Vary:
 * Accept-Encoding} and rules out those that must not be encoded (no body, 204, 206, 304); as a writer interceptor it
 * makes the last decisions, which need the final headers and the body's first bytes: not when another coding is
 * already set (never encode twice), not for a byte range, not for an incompressible media type, not for a body under
 * the threshold. HEAD gets the headers GET would get, and no encoding work.
 *
 * <p>{@code Cache-Control: no-transform} does not stop encoding: it binds intermediaries, not the origin's choice of
 * coding (RFC 9111 section 5.2.2.6), and JAX-RS's {@code new CacheControl()} sets it by default, so honouring it
 * would silently turn compression off for every application that sets a cache lifetime.
 *
 * <p>The response filter is bound at {@link CompressionBinder#LAST_RESPONSE_FILTER}, so that it runs after the
 * application's filters (response filters run in descending priority) and sees their {@code Vary} and {@code ETag}.
 *
 * <p>Bound at priority {@code ENTITY_CODER}: after header decorators such as RESTEasy's own {@code @GZIP}, which sets
 * {@code Content-Encoding} at {@code HEADER_DECORATOR}, so that a response it claims is left alone.
 */
final class ResponseCompression implements ContainerResponseFilter, WriterInterceptor {

    private static final String PENDING = ResponseCompression.class.getName() + ".pending";
    private static final String EVENT_STREAM = "text/event-stream";
    private static final String CONTENT_RANGE = "Content-Range";

    private final MethodPolicy policy;

    ResponseCompression(MethodPolicy policy) {
        this.policy = policy;
    }

    /** What the filter learnt about the request for the interceptor. */
    private record Pending(Choice choice, boolean head) {
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        Vary.addAcceptEncoding(headers);
        if (!response.hasEntity()) {
            RequestDecompression.release(request::getProperty);
        }
        Choice choice = policy.choiceFor(request);
        int status = response.getStatus();
        if (status == 304) {
            if (choice.isEncoded() && request.getProperty(ExchangeFilter.VALIDATOR_HAD_CODING) != null) {
                EntityTags.addCoding(headers, choice.coding()); // the tag the client's encoded copy carries
            }
            return;
        }
        boolean mayEncode = choice.isEncoded() && response.hasEntity()
                && status != 204 && status != 206 && status >= 200
                && !policy.excludes(request, response); // a security exclusion wins over identity;q=0
        if (mayEncode) {
            request.setProperty(PENDING, new Pending(choice, HttpMethod.HEAD.equals(request.getMethod())));
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        try {
            encode(context);
        } finally {
            RequestDecompression.release(context::getProperty); // a streamed request body is done with by now
        }
    }

    private void encode(WriterInterceptorContext context) throws IOException {
        Object pending = context.getProperty(PENDING);
        if (!(pending instanceof Pending)) {
            context.proceed();
            return;
        }
        context.removeProperty(PENDING);
        Choice choice = ((Pending) pending).choice();
        boolean head = ((Pending) pending).head();
        MultivaluedMap<String, Object> headers = context.getHeaders();
        boolean optional = choice.identityAcceptable();
        if (isEncoded(headers) || headers.containsKey(CONTENT_RANGE)
                || optional && !policy.isCompressible(context.getMediaType())) {
            context.proceed();
            return;
        }
        ContentCodec codec = policy.codec(choice.coding());
        OutputStream raw = context.getOutputStream();
        DeferredOutputStream body = new DeferredOutputStream(raw, optional ? policy.threshold() : 1,
                isStreaming(context), new DeferredOutputStream.Decision() {
                    @Override
                    public OutputStream encode() throws IOException {
                        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
                        headers.remove(HttpHeaders.CONTENT_LENGTH);
                        EntityTags.addCoding(headers, codec.token());
                        if (head) {
                            // Commit the headers now, as a streamed GET would be; the container would otherwise
                            // announce the 0 bytes HEAD writes as a Content-Length.
                            raw.flush();
                            return OutputStream.nullOutputStream();
                        }
                        return codec.encode(Uncloseable.output(raw));
                    }

                    @Override
                    public void identity(int length) {
                        // An empty body announces no length: the container knows it once the response ends, and on
                        // Jersey the body may not have ended (a ChunkedOutput or SseEventSink passes the interceptors
                        // once, empty, before its chunks are written past them: "Content-Length: 0" would cut it).
                        if (length > 0 && !headers.containsKey(HttpHeaders.CONTENT_LENGTH)) {
                            headers.putSingle(HttpHeaders.CONTENT_LENGTH, Integer.toString(length));
                        }
                    }
                });
        context.setOutputStream(body);
        try {
            context.proceed();
            body.finish();
        } catch (IOException | RuntimeException e) {
            body.abandon(e); // ends the codec's native state even when the client is gone
            throw e;
        } finally {
            context.setOutputStream(raw);
        }
    }

    /** A response that already carries a coding (set by the application or another interceptor). */
    private static boolean isEncoded(MultivaluedMap<String, Object> headers) {
        Object coding = headers.getFirst(HttpHeaders.CONTENT_ENCODING);
        return coding != null && !coding.toString().isBlank() && !coding.toString().equalsIgnoreCase("identity");
    }

    /** Applications writing their own stream (or events) flush to be heard now: a flush commits to encoding. */
    private static boolean isStreaming(WriterInterceptorContext context) {
        MediaType type = context.getMediaType();
        return context.getEntity() instanceof StreamingOutput
                || type != null && EVENT_STREAM.equalsIgnoreCase(type.getType() + "/" + type.getSubtype());
    }
}
