package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.InterceptorContext;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.util.List;
import org.restcompress.ContentDecodingException;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.io.Closing;
import org.restcompress.internal.io.DecodingInputStream;
import org.restcompress.internal.observe.Observation;
import org.restcompress.observe.RequestBody;

/**
 * Decodes one resource method's request bodies as their {@code Content-Encoding} says, last coding first, with the
 * decoded size capped. A corrupt or truncated body answers 400, one that decodes past the limit 413, and one coded
 * against a dictionary not available here 415, however the message body reader wrapped the failure. After the
 * reader is done the rest of the body is read too, so that checksums and trailers are verified and codec resources
 * released; a method that takes the body as a stream reads it itself (trailers are verified when it reads to the
 * end), and codec resources are released at its end, on close, or once the response is written, whichever comes
 * first.
 *
 * <p>Each coded body is reported once to the {@link Observation}: decoded (when the reader is done, or when a streamed
 * body is released), or refused with its status.
 *
 * <p>Bound at priority {@code ENTITY_CODER - 100}, outside RESTEasy's own {@code GZIPDecodingInterceptor}: the
 * {@code Content-Encoding} header is removed once decoded, so nothing decodes twice.
 */
final class RequestDecompression implements ReaderInterceptor {

    /** A request body the method took as a stream: its codecs are released once the response is written. */
    private static final String STREAMED = RequestDecompression.class.getName() + ".streamed";

    private final MethodPolicy policy;

    RequestDecompression(MethodPolicy policy) {
        this.policy = policy;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        Exchange exchange = Exchange.of(context);
        RequestFacts facts = exchange == null ? null : exchange.facts();
        List<ContentCodec> codings = facts != null && facts.requestCodings() != null
                ? facts.requestCodings() // Content-Encoding parsed once, by the request filter
                : policy.requestCodings(context.getHeaders().get(HttpHeaders.CONTENT_ENCODING));
        if (codings.isEmpty()) {
            context.getHeaders().remove(HttpHeaders.CONTENT_ENCODING); // only identity was named
            return context.proceed();
        }
        Observation observation = policy.observation();
        DecodingInputStream body = DecodingInputStream.open(context.getInputStream(), codings,
                policy.maxDecodedSize()).maxExpansionRatio(policy.maxExpansionRatio());
        if (observation.observesRequests()) {
            body.observe(report -> observation.requestBody(new RequestBody(policy.name(), report.codings(),
                    report.failure() == null ? 0 : Problems.status(report.failure()),
                    report.bytesIn(), report.bytesOut(), report.decodeNanos())));
        }
        context.setInputStream(body);
        context.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        context.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
        try {
            Object entity = context.proceed();
            if (DecodingInputStream.readsOnAfterReader(context.getType(), entity)) {
                if (exchange != null) {
                    exchange.streamed(body);
                } else {
                    context.setProperty(STREAMED, body);
                }
            } else {
                body.drain();
            }
            return entity;
        } catch (IOException | RuntimeException e) {
            ContentDecodingException failure = body.failure();
            Closing.afterFailure(body, e);
            if (failure != null) {
                throw Problems.decodingFailed(failure, policy.accepted());
            }
            throw e;
        }
    }

    /**
     * Releases the codecs of a body the resource method read as a stream, if it did not read it to the end: kept in
     * the request's exchange, or (a request whose filter did not run) in a property of its own.
     */
    static void release(Exchange exchange, ContainerRequestContext request) {
        if (exchange != null) {
            close(exchange.takeStreamed());
            return;
        }
        Object streamed = request.getProperty(STREAMED);
        if (streamed != null) {
            request.removeProperty(STREAMED);
            close(streamed);
        }
    }

    /** {@link #release(Exchange, ContainerRequestContext)} from an interceptor. */
    static void release(Exchange exchange, InterceptorContext context) {
        if (exchange != null) {
            close(exchange.takeStreamed());
            return;
        }
        Object streamed = context.getProperty(STREAMED);
        if (streamed != null) {
            context.removeProperty(STREAMED);
            close(streamed);
        }
    }

    private static void close(Object streamed) {
        if (streamed instanceof DecodingInputStream) {
            try {
                ((DecodingInputStream) streamed).close();
            } catch (IOException ignored) {
                // the request stream is the container's; only the codecs were released here
            }
        }
    }
}
