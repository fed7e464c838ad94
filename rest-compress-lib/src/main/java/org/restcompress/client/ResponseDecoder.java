package org.restcompress.client;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.List;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.ContentCodec;
import org.restcompress.codec.UnsupportedCodingException;
import org.restcompress.io.ContentDecodingException;
import org.restcompress.io.DecodingInputStream;

/**
 * Decodes response bodies as their {@code Content-Encoding} says, stacked codings included, with the decoded size
 * capped ({@code restcompress.max-decoded-size}, also settable per request as a property). A coding this client
 * lacks, a corrupt or truncated body, or one past the limit is a {@link ProcessingException} that names the coding.
 * The header stays on the response, so the application can see what came over the wire and a buffered entity can
 * be read again.
 */
final class ResponseDecoder implements ReaderInterceptor {

    private final ClientCodings codings;

    ResponseDecoder(ClientCodings codings) {
        this.codings = codings;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        List<ContentCodec> applied;
        try {
            applied = codings.registry().decoders(context.getHeaders().get(HttpHeaders.CONTENT_ENCODING),
                    codings.config().maxCodings());
        } catch (UnsupportedCodingException e) {
            throw new ProcessingException("cannot decode the response: " + e.getMessage(), e);
        }
        if (applied.isEmpty()) {
            return context.proceed();
        }
        DecodingInputStream body = DecodingInputStream.open(context.getInputStream(), applied, limit(context));
        context.setInputStream(body);
        try {
            Object entity = context.proceed();
            if (!InputStream.class.isAssignableFrom(context.getType())
                    && !Reader.class.isAssignableFrom(context.getType())) {
                body.drain(); // verifies the trailer; the application reads a stream entity itself
            }
            return entity;
        } catch (IOException | RuntimeException e) {
            ContentDecodingException failure = body.failure();
            body.close();
            if (failure != null) {
                throw new ProcessingException("cannot decode the response: " + failure.getMessage(), failure);
            }
            throw e;
        }
    }

    private long limit(ReaderInterceptorContext context) {
        Object perRequest = context.getProperty(CompressionConfig.MAX_DECODED_SIZE);
        if (perRequest instanceof Number) {
            return ((Number) perRequest).longValue();
        }
        return perRequest != null
                ? CompressionConfig.builder().maxDecodedSize(Long.parseLong(perRequest.toString().trim())).build()
                        .maxDecodedSize()
                : codings.config().maxDecodedSize();
    }
}
