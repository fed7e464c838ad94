package org.restcompress.internal.client;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.UnsupportedCodingException;
import org.restcompress.internal.cost.ReceiveMeter;
import org.restcompress.ContentDecodingException;
import org.restcompress.internal.io.Closing;
import org.restcompress.internal.io.DecodingInputStream;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.KeyValues;
import org.restcompress.internal.MediaTypes;

/**
 * Decodes response bodies as their {@code Content-Encoding} says, stacked codings included, with the decoded size
 * capped ({@code restcompress.max-decoded-size}, also a client or request property). A coding this client lacks, a
 * corrupt or truncated body, or one past the limit is a {@link ProcessingException} that names the coding. The header
 * stays on the response, so the application sees what came over the wire and a buffered entity can be read again.
 *
 * <p>Exceptions: an application that set {@code Accept-Encoding} itself gets codings this client lacks as they came;
 * an event stream ({@code text/event-stream}, exactly) read as it comes is unbounded by nature, so it has no size cap;
 * and a body read as a stream (or into anything closeable, like an event input) is verified at its end rather than
 * drained here.
 */
final class ResponseDecompression implements ReaderInterceptor {

    private final ClientCodecs codings;
    /** The dictionary side, or {@code null} when this client has neither zstd nor br. */
    private final DictionaryExchange dictionaries;

    /** Where the link's speed goes, or {@code null}. */
    private final ClientLinks links;

    ResponseDecompression(ClientCodecs codings, DictionaryExchange dictionaries, ClientLinks links) {
        this.codings = codings;
        this.dictionaries = dictionaries;
        this.links = links;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        if (context.getProperty(UnsupportedCodingRetry.PASS_THROUGH) != null) {
            return context.proceed();
        }
        List<ContentCodec> applied;
        if (empty(context)) {
            return context.proceed(); // nothing to decode, in whatever coding
        }
        try {
            Object announced = context.getProperty(DictionaryExchange.ANNOUNCED);
            applied = codings.registry().decoders(context.getHeaders().get(HttpHeaders.CONTENT_ENCODING),
                    codings.config().maxCodings(),
                    token -> dictionaries != null ? dictionaries.decoder(token, announced) : null);
        } catch (UnsupportedCodingException e) {
            if (context.getProperty(AcceptEncodingFilter.APPLICATION_OWNED) != null) {
                meterLink(context, false);
                return context.proceed(); // the application asked for it: its bytes, as they came
            }
            throw new ProcessingException("cannot decode the response: " + e.getMessage(), e);
        }
        ReceiveMeter meter = meterLink(context, applied.isEmpty());
        Object captured = context.getProperty(DictionaryExchange.CAPTURE);
        DictionaryCapture capture = captured instanceof DictionaryCapture ? (DictionaryCapture) captured : null;
        if (applied.isEmpty()) {
            if (capture == null) {
                return context.proceed();
            }
            InputStream read = capture.over(context.getInputStream());
            context.setInputStream(read);
            Object entity = context.proceed();
            if (!DecodingInputStream.readsOnAfterReader(context.getType(), entity)) {
                read.transferTo(OutputStream.nullOutputStream()); // to its end, where the copy is kept
            }
            return entity;
        }
        DecodingInputStream body = DecodingInputStream.open(context.getInputStream(), applied, limit(context), true)
                .maxExpansionRatio(codings.config().maxExpansionRatio());
        InputStream read = capture != null ? capture.over(body) : body;
        context.setInputStream(read);
        // The body read on is decoded: interceptors after this one must not see the coding, or another decoder
        // (Jersey's EncodingFilter) decodes it again. Put back once they ran: on Jersey these are the headers the
        // application's Response shows, which still say how the body came.
        List<String> coding = context.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        List<String> length = context.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
        try {
            Object entity = context.proceed();
            if (!DecodingInputStream.readsOnAfterReader(context.getType(), entity)) {
                read.transferTo(OutputStream.nullOutputStream()); // verifies the trailer, keeps a dictionary
                if (meter != null && meter.hidTheLink(body.decodedCount())) {
                    links.hidden((URI) context.getProperty(AcceptEncodingFilter.REQUEST_URI), meter.untimedBytes(),
                            meter.untimedNanos());
                }
            }
            return entity;
        } catch (IOException | RuntimeException e) {
            ContentDecodingException failure = body.failure();
            Closing.afterFailure(body, e);
            if (failure != null) {
                throw new ProcessingException("cannot decode the response: " + failure.getMessage(), failure);
            }
            throw e;
        } finally {
            if (coding != null) {
                context.getHeaders().put(HttpHeaders.CONTENT_ENCODING, coding);
            }
            if (length != null) {
                context.getHeaders().put(HttpHeaders.CONTENT_LENGTH, length);
            }
        }
    }

    /**
     * Times the body's arrival for {@code Downlink}, and returns the meter ({@code null} when not timed); not an event
     * stream's, whose reads wait for the server's next event, not for the link. {@code uncoded}: the body came as it
     * is, so its reading is the link's, never an encoder's pace ({@link ClientLinks#record}).
     */
    private ReceiveMeter meterLink(ReaderInterceptorContext context, boolean uncoded) {
        Object uri = context.getProperty(AcceptEncodingFilter.REQUEST_URI);
        if (links == null || !(uri instanceof URI) || MediaTypes.isEventStream(context.getMediaType())) {
            return null;
        }
        ReceiveMeter meter = new ReceiveMeter(context.getInputStream(),
                (bitsPerSecond, atLeast) -> links.record((URI) uri, bitsPerSecond, atLeast, uncoded));
        context.setInputStream(meter);
        return meter;
    }

    /** A body that says it has no bytes ({@code Content-Length: 0}). */
    private static boolean empty(ReaderInterceptorContext context) {
        return "0".equals(context.getHeaders().getFirst(HttpHeaders.CONTENT_LENGTH));
    }

    private long limit(ReaderInterceptorContext context) {
        Class<?> read = context.getType();
        if (MediaTypes.isEventStream(context.getMediaType()) && (AutoCloseable.class.isAssignableFrom(read)
                || DecodingInputStream.readsOnAfterReader(read, null))) {
            return Long.MAX_VALUE; // an event input, or a stream: read as it comes, not held whole
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
