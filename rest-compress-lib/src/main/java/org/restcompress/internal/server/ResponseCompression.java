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
import org.restcompress.ConfigKeys;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.io.DeferredOutputStream;
import org.restcompress.internal.io.Uncloseable;
import org.restcompress.internal.negotiation.Choice;
import org.restcompress.internal.negotiation.Reason;
import org.restcompress.internal.negotiation.ResponseDecision;

/**
 * Encodes one resource method's responses as {@link ResponseDecision} decides, and says why (at debug level in the
 * log, and in a {@code Compression-Decision} header when {@code restcompress.debug} is on). As a response filter it
 * marks every response {@code Vary: Accept-Encoding} and decides what the status, the entity and the application's
 * exclusion settle; as a writer interceptor it decides again with the final headers and media type, and leaves only
 * the size threshold to the body's first bytes. HEAD gets the headers GET would get, and no encoding work.
 *
 * <p>{@code Cache-Control: no-transform} does not stop encoding: it binds intermediaries, not the origin's choice of
 * coding (RFC 9111 section 5.2.2.6), and JAX-RS's {@code new CacheControl()} sets it by default, so honouring it
 * would silently turn compression off for every application that sets a cache lifetime.
 *
 * <p>The response filter is bound at {@link CompressionBinder#LAST_RESPONSE_FILTER}, so that it runs after the
 * application's filters (response filters run in descending priority) and sees their {@code Vary} and {@code ETag}.
 * The interceptor is bound at {@code ENTITY_CODER}: after header decorators such as RESTEasy's own {@code @GZIP},
 * which sets {@code Content-Encoding} at {@code HEADER_DECORATOR}, so that a response it claims is left alone.
 */
final class ResponseCompression implements ContainerResponseFilter, WriterInterceptor {

    private static final System.Logger LOG = System.getLogger("org.restcompress.decision");
    private static final String EVENT_STREAM = "text/event-stream";
    private static final String CONTENT_RANGE = "Content-Range";

    private final MethodPolicy policy;

    ResponseCompression(MethodPolicy policy) {
        this.policy = policy;
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        Vary.addAcceptEncoding(headers);
        Exchange exchange = Exchange.of(request, policy);
        if (!response.hasEntity()) {
            RequestDecompression.release(exchange);
        }
        Choice choice = exchange.choice;
        if (response.getStatus() == 304 && choice.isEncoded() && exchange.validatorNamedCoding) {
            EntityTags.addCoding(headers, choice.coding()); // the tag the client's encoded copy carries
        }
        // The headers' part waits for the writer interceptor: header decorators may still set them.
        ResponseDecision.Facts facts = new ResponseDecision.Facts(policy.uncompressed(), choice,
                HttpMethod.HEAD.equals(request.getMethod()), response.getStatus(), response.hasEntity(), false,
                false, false, true, policy.threshold());
        ResponseDecision decision = ResponseDecision.decide(facts);
        if (decision.isEncoded() && policy.excludes(request, response)) { // asked only when it matters
            facts = facts.withExclusion();
            decision = ResponseDecision.decide(facts);
        }
        if (decision.isEncoded()) {
            exchange.pending = facts;
        } else {
            exchange.pending = null;
            decided(decision, headers);
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        Exchange exchange = Exchange.of(context::getProperty);
        ResponseDecision.Facts pending = exchange != null ? exchange.pending : null;
        if (pending != null) {
            exchange.pending = null; // once: Jersey passes event streams and chunked output through here again
        }
        try {
            encode(context, pending);
        } finally {
            RequestDecompression.release(exchange); // a streamed request body is done with by now
        }
    }

    private void encode(WriterInterceptorContext context, ResponseDecision.Facts pending) throws IOException {
        if (pending == null) {
            context.proceed();
            return;
        }
        MultivaluedMap<String, Object> headers = context.getHeaders();
        ResponseDecision decision = ResponseDecision.decide(pending.withHeaders(isEncoded(headers),
                headers.containsKey(CONTENT_RANGE), policy.isCompressible(context.getMediaType())));
        if (!decision.isEncoded()) {
            decided(decision, headers);
            context.proceed();
            return;
        }
        ContentCodec codec = policy.codec(decision.coding());
        OutputStream raw = context.getOutputStream();
        DeferredOutputStream body = new DeferredOutputStream(raw, decision.threshold(), isStreaming(context),
                new DeferredOutputStream.Decision() {
                    @Override
                    public OutputStream encode() throws IOException {
                        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
                        headers.remove(HttpHeaders.CONTENT_LENGTH);
                        EntityTags.addCoding(headers, codec.token());
                        decided(decision, headers);
                        if (decision.reason() == Reason.HEAD) {
                            // Commit the headers now, as a streamed GET would be; the container would otherwise
                            // announce the 0 bytes HEAD writes as a Content-Length.
                            raw.flush();
                            return OutputStream.nullOutputStream();
                        }
                        return codec.encode(Uncloseable.output(raw));
                    }

                    @Override
                    public void identity(int length) {
                        decided(decision.belowThreshold(length), headers);
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

    /** Says why: at debug level in the log, and in a header when the application asked for it. */
    private void decided(ResponseDecision decision, MultivaluedMap<String, Object> headers) {
        boolean log = LOG.isLoggable(System.Logger.Level.DEBUG);
        if (!log && !policy.debug()) {
            return;
        }
        String described = decision.describe(policy.threshold());
        if (policy.debug()) {
            headers.putSingle(ConfigKeys.DECISION_HEADER, described);
        }
        if (log) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: " + policy.name() + ": " + described);
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
