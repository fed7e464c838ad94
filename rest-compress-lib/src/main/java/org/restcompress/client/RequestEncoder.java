package org.restcompress.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.ContentCodec;
import org.restcompress.codec.IdentityCodec;
import org.restcompress.io.DeferredOutputStream;
import org.restcompress.io.Uncloseable;

/**
 * Compresses request bodies, when asked to: by the request property {@code restcompress.request-coding}, else the
 * coding of the proxy method's annotation, else the client's {@code restcompress.request-coding} setting. Bodies
 * under the threshold or of an incompressible type go out as they are; the body is encoded while it is written. A
 * server that has answered 415 gets a coding it said it accepts, or the body as it is.
 */
final class RequestEncoder implements ClientRequestFilter, WriterInterceptor {

    /** The coding this request's body was sent in (set once the body is encoded): the 415 retry reads it. */
    static final String SENT_CODING = RequestEncoder.class.getName() + ".sent";
    private static final String PENDING = RequestEncoder.class.getName() + ".pending";

    private final ClientCodings codings;
    private final ServerCodings servers;

    RequestEncoder(ClientCodings codings, ServerCodings servers) {
        this.codings = codings;
        this.servers = servers;
    }

    @Override
    public void filter(ClientRequestContext request) {
        if (!request.hasEntity() || request.getHeaders().containsKey(HttpHeaders.CONTENT_ENCODING)) {
            return;
        }
        Object setting = request.getProperty(CompressionConfig.REQUEST_CODING);
        String wanted = codings.requestCoding(setting != null ? setting : codings.config().requestCoding());
        if (wanted.equals(IdentityCodec.TOKEN)) {
            return;
        }
        String coding = servers.choose(request.getUri(), wanted, codings.decodable());
        if (coding != null) {
            request.setProperty(PENDING, coding);
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        Object pending = context.getProperty(PENDING);
        if (pending == null || !codings.config().isCompressible(context.getMediaType())) {
            context.proceed();
            return;
        }
        context.removeProperty(PENDING);
        ContentCodec codec = codings.codec(pending.toString()).orElseThrow();
        MultivaluedMap<String, Object> headers = context.getHeaders();
        OutputStream raw = context.getOutputStream();
        DeferredOutputStream body = new DeferredOutputStream(raw, codings.config().threshold(), false,
                new DeferredOutputStream.Decision() {
                    @Override
                    public OutputStream encode() throws IOException {
                        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.token());
                        headers.remove(HttpHeaders.CONTENT_LENGTH);
                        context.setProperty(SENT_CODING, codec.token());
                        return codec.encode(Uncloseable.output(raw));
                    }

                    @Override
                    public void identity(int length) {
                        // sent as it is
                    }
                });
        context.setOutputStream(body);
        try {
            context.proceed();
            body.finish();
        } catch (IOException | RuntimeException e) {
            body.abandon(e);
            throw e;
        } finally {
            context.setOutputStream(raw);
        }
    }
}
