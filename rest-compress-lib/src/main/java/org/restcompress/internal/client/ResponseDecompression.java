package org.restcompress.internal.client;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.util.List;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.UnsupportedCodingException;
import org.restcompress.ContentDecodingException;
import org.restcompress.internal.io.Closing;
import org.restcompress.internal.io.DecodingInputStream;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.KeyValues;

/**
 * Decodes response bodies as their {@code Content-Encoding} says, stacked codings included, with the decoded size
 * capped ({@code restcompress.max-decoded-size}, also a client or request property). A coding this client lacks, a
 * corrupt or truncated body, or one past the limit is a {@link ProcessingException} that names the coding. The header
 * stays on the response, so the application sees what came over the wire and a buffered entity can be read again.
 *
 * <p>Exceptions: an application that set {@code Accept-Encoding} itself gets codings this client lacks as they came;
 * an event stream ({@code text/event-stream}) is unbounded by nature, so it has no size cap; and a body read as a
 * stream (or into anything closeable, like an event input) is verified at its end rather than drained here.
 */
final class ResponseDecompression implements ReaderInterceptor {

    private static final MediaType EVENT_STREAM = MediaType.SERVER_SENT_EVENTS_TYPE;

    private final ClientCodecs codings;

    ResponseDecompression(ClientCodecs codings) {
        this.codings = codings;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        if (context.getProperty(UnsupportedCodingRetry.PASS_THROUGH) != null) {
            return context.proceed();
        }
        List<ContentCodec> applied;
        try {
            applied = codings.registry().decoders(context.getHeaders().get(HttpHeaders.CONTENT_ENCODING),
                    codings.config().maxCodings());
        } catch (UnsupportedCodingException e) {
            if (context.getProperty(AcceptEncodingFilter.APPLICATION_OWNED) != null) {
                return context.proceed(); // the application asked for it: its bytes, as they came
            }
            throw new ProcessingException("cannot decode the response: " + e.getMessage(), e);
        }
        if (applied.isEmpty()) {
            return context.proceed();
        }
        DecodingInputStream body = DecodingInputStream.open(context.getInputStream(), applied, limit(context), true)
                .maxExpansionRatio(codings.config().maxExpansionRatio());
        context.setInputStream(body);
        try {
            Object entity = context.proceed();
            if (!DecodingInputStream.readsOnAfterReader(context.getType(), entity)) {
                body.drain(); // verifies the trailer
            }
            return entity;
        } catch (IOException | RuntimeException e) {
            ContentDecodingException failure = body.failure();
            Closing.afterFailure(body, e);
            if (failure != null) {
                throw new ProcessingException("cannot decode the response: " + failure.getMessage(), failure);
            }
            throw e;
        }
    }

    private long limit(ReaderInterceptorContext context) {
        if (context.getMediaType() != null && EVENT_STREAM.isCompatible(context.getMediaType())) {
            return Long.MAX_VALUE;
        }
        Object setting = context.getProperty(ConfigKeys.MAX_DECODED_SIZE);
        if (setting == null) {
            return codings.config().maxDecodedSize();
        }
        try {
            return KeyValues.size(ConfigKeys.MAX_DECODED_SIZE, setting.toString());
        } catch (IllegalArgumentException e) {
            throw new ProcessingException(e.getMessage(), e);
        }
    }
}
