package org.restcompress.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.IdentityCodec;
import org.restcompress.negotiation.AcceptEncoding;
import org.restcompress.negotiation.HeaderLists;

/**
 * Makes compressed request bodies safe against servers that do not take them: a 415 to a body this client encoded,
 * listing in {@code Accept-Encoding} what the server accepts (RFC 7694), is remembered for that origin and the
 * request is sent once more in an accepted coding, or as it is, when its entity can be written again (not a stream).
 * The application sees only the second answer.
 */
final class UnsupportedCodingRetry implements ClientResponseFilter {

    private static final String RETRIED = UnsupportedCodingRetry.class.getName() + ".retried";
    private static final List<String> NOT_COPIED = List.of(HttpHeaders.CONTENT_ENCODING.toLowerCase(),
            HttpHeaders.CONTENT_LENGTH.toLowerCase(), "host", "transfer-encoding", "connection");

    private final ClientCodings codings;
    private final ServerCodings servers;

    UnsupportedCodingRetry(ClientCodings codings, ServerCodings servers) {
        this.codings = codings;
        this.servers = servers;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        Object sent = request.getProperty(RequestEncoder.SENT_CODING);
        List<String> advertised = response.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
        if (response.getStatus() != 415 || sent == null || advertised == null) {
            return;
        }
        List<String> accepted = accepted(advertised);
        servers.remember(request.getUri(), accepted);
        Object entity = request.getEntity();
        if (request.getProperty(RETRIED) != null || entity instanceof InputStream || entity instanceof Reader) {
            return;
        }
        String coding = servers.choose(request.getUri(), sent.toString(), codings.decodable());
        Invocation.Builder retry = request.getClient().target(request.getUri()).request();
        for (Map.Entry<String, List<Object>> header : request.getHeaders().entrySet()) {
            if (!NOT_COPIED.contains(header.getKey().toLowerCase())) {
                for (Object value : header.getValue()) {
                    retry.header(header.getKey(), value);
                }
            }
        }
        for (String name : request.getPropertyNames()) {
            retry.property(name, request.getProperty(name));
        }
        retry.property(RETRIED, Boolean.TRUE)
                .property(RequestEncoder.SENT_CODING, null)
                .property(CompressionConfig.REQUEST_CODING, coding != null ? coding : IdentityCodec.TOKEN);
        Response second = retry.method(request.getMethod(),
                Entity.entity(entity, request.getMediaType(), request.getEntityAnnotations()));
        transplant(second, response);
    }

    /** The codings a 415's {@code Accept-Encoding} names as acceptable, canonical. */
    private List<String> accepted(List<String> advertised) {
        AcceptEncoding parsed = AcceptEncoding.parse(advertised, codings.registry()::canonical);
        List<String> accepted = new ArrayList<>();
        for (String member : HeaderLists.members(advertised)) {
            String coding = codings.registry().canonical(member.split(";", 2)[0].trim());
            if (parsed.quality(coding) > 0 && !accepted.contains(coding)) {
                accepted.add(coding);
            }
        }
        return accepted;
    }

    /** Makes the application's response the retried one: status, headers and the raw body stream. */
    private static void transplant(Response from, ClientResponseContext to) {
        to.setStatus(from.getStatus());
        MultivaluedMap<String, String> headers = to.getHeaders();
        headers.clear();
        headers.putAll(from.getStringHeaders());
        if (from.hasEntity()) {
            // read through this client's decoder; the coding is then gone from the body, so from the headers too
            to.setEntityStream(from.readEntity(InputStream.class));
            headers.remove(HttpHeaders.CONTENT_ENCODING);
            headers.remove(HttpHeaders.CONTENT_LENGTH);
        } else {
            from.close();
            to.setEntityStream(InputStream.nullInputStream());
        }
    }
}
