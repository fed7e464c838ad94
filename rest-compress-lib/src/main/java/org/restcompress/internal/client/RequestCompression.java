package org.restcompress.internal.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.IdentityCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.io.Closing;
import org.restcompress.internal.io.Uncloseable;
import org.restcompress.ConfigKeys;

/**
 * Compresses request bodies, when asked to: by the request property {@code restcompress.request-coding}, else the
 * coding of the proxy method's annotation, else the client's {@code restcompress.request-coding} setting. The
 * decision, and the {@code Content-Encoding} header, are made in the request filter: connectors that stream the body
 * (chunked) send the headers before a writer interceptor runs. So the threshold applies where the filter knows the
 * body's size ({@code byte[]}, {@code String}, {@code File}); other entities are encoded whatever their size. Bodies
 * of an incompressible media type go out as they are. A server that has answered 415 gets a coding it said it
 * accepts, or the body as it is.
 */
final class RequestCompression implements ClientRequestFilter, WriterInterceptor {

    /** The coding this request's body is sent in: the 415 retry reads it. */
    static final String SENT_CODING = RequestCompression.class.getName() + ".sent";

    /** The dictionary a {@code dcz}/{@code dcb} body is encoded against. */
    static final String BODY_DICTIONARY = RequestCompression.class.getName() + ".dictionary";

    private final ClientCodecs codings;
    private final OriginCodings servers;
    private final DictionaryExchange dictionaries;

    RequestCompression(ClientCodecs codings, OriginCodings servers, DictionaryExchange dictionaries) {
        this.codings = codings;
        this.servers = servers;
        this.dictionaries = dictionaries;
    }

    @Override
    public void filter(ClientRequestContext request) {
        // the application's request filters ran after the library's Accept-Encoding: one may have written its own
        String accept = request.getHeaderString(HttpHeaders.ACCEPT_ENCODING);
        if (accept != null && !accept.equals(codings.acceptEncoding())
                && (dictionaries == null || !accept.equals(dictionaries.acceptEncoding()))) {
            request.setProperty(AcceptEncodingFilter.APPLICATION_OWNED, Boolean.TRUE);
        }
        // an Invocation may be invoked again (RESTEasy keeps what filters set on it): nothing carries over, and a
        // Content-Encoding this filter set last time is not taken for the application's
        Object sent = request.getProperty(SENT_CODING);
        if (sent != null && sent.equals(request.getHeaderString(HttpHeaders.CONTENT_ENCODING))) {
            request.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        }
        request.removeProperty(SENT_CODING);
        request.removeProperty(BODY_DICTIONARY);
        if (!request.hasEntity() || request.getHeaders().containsKey(HttpHeaders.CONTENT_ENCODING)
                || !codings.mediaTypes().isCompressible(request.getMediaType())
                || knownSize(request.getEntity()) < codings.config().threshold()) {
            return;
        }
        Object setting = ClientCompression.setting(request, ConfigKeys.REQUEST_CODING);
        Object asked = setting != null ? setting : codings.config().requestCoding();
        DictionaryFormat format = asked == null ? null : DictionaryFormat.of(asked.toString().trim());
        if (format != null) {
            // dcz/dcb against the dictionary this client would announce for the URL, which the server sent; without
            // one, or to a server that said it takes no such body, the coding beneath
            Dictionary dictionary = dictionaries != null && servers.takes(request.getUri(), format.token())
                    ? dictionaries.forBody(request.getUri(), format) : null;
            if (dictionary != null) {
                request.getHeaders().putSingle(HttpHeaders.CONTENT_ENCODING, format.token());
                request.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
                request.setProperty(SENT_CODING, format.token());
                request.setProperty(BODY_DICTIONARY, dictionary);
                return;
            }
            asked = format.base();
        }
        String wanted = codings.requestCoding(asked);
        if (wanted.equals(IdentityCodec.TOKEN)) {
            return;
        }
        String coding = servers.choose(request.getUri(), wanted, codings.decodable());
        if (coding != null) {
            request.getHeaders().putSingle(HttpHeaders.CONTENT_ENCODING, coding);
            request.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
            request.setProperty(SENT_CODING, coding);
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        Object coding = context.getProperty(SENT_CODING);
        if (coding == null) {
            context.proceed();
            return;
        }
        Object dictionary = context.getProperty(BODY_DICTIONARY);
        ContentCodec codec = dictionary instanceof Dictionary
                ? dictionaries.encoder(coding.toString(), (Dictionary) dictionary)
                : codings.codec(coding.toString()).orElseThrow();
        OutputStream raw = context.getOutputStream();
        OutputStream encoder = codec.encode(Uncloseable.output(raw));
        context.setOutputStream(encoder);
        try {
            context.proceed();
            encoder.close(); // finishes the coding; the connector's stream stays open
        } catch (IOException | RuntimeException e) {
            Closing.afterFailure(encoder, e);
            throw e;
        } finally {
            context.setOutputStream(raw);
        }
    }

    /** The body's size where the entity tells it without being written, else {@code Long.MAX_VALUE}. */
    static long knownSize(Object entity) {
        if (entity instanceof byte[]) {
            return ((byte[]) entity).length;
        }
        if (entity instanceof String) {
            String s = (String) entity;
            return s.length() > 4096 ? s.length() : s.getBytes(StandardCharsets.UTF_8).length;
        }
        if (entity instanceof File) {
            return ((File) entity).length();
        }
        return Long.MAX_VALUE;
    }
}
