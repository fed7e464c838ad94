package org.restcompress.internal.client;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Flow;
import java.util.stream.BaseStream;
import org.restcompress.internal.codec.IdentityCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.negotiation.AcceptEncoding;
import org.restcompress.ConfigKeys;

/**
 * Makes compressed request bodies safe against servers that do not take them: a 415 to a body this client encoded,
 * listing in {@code Accept-Encoding} what the server accepts (RFC 7694) without the coding sent, is remembered for
 * that origin, and the request is sent once more in an accepted coding (a {@code dcz}/{@code dcb} body in the coding
 * beneath), or as it is, when its entity can be written
 * again (not a stream, a {@code StreamingOutput}, parts or a publisher). It runs before the application's response filters, which never see the 415 (the second
 * request, made on the same client, passes through them too). When the second request fails to go out at all, the
 * application gets the 415.
 *
 * <p>A 415 to a {@code dcz}/{@code dcb} body that lists the coding sent refused the dictionary, not the coding: the
 * server does not have it (RFC 9842 leaves request bodies open; this library's server answers so). That dictionary is
 * forgotten for the origin, nothing is remembered of its codings, and the body goes again in the coding beneath.
 *
 * <p>The retry is a new request on the same client and URI with the same headers and properties: providers
 * registered on a {@code WebTarget} only are not on it, and it is made synchronously, also for an async invocation.
 */
final class UnsupportedCodingRetry implements ClientResponseFilter {

    /** Client response filters run from the highest priority down: this one first. */
    static final int PRIORITY = Integer.MAX_VALUE;
    /** On the retry: our decoder leaves its body coded, for the application's own read to decode once. */
    static final String PASS_THROUGH = UnsupportedCodingRetry.class.getName() + ".passThrough";

    private static final System.Logger LOG = System.getLogger(UnsupportedCodingRetry.class.getName());
    private static final String RETRIED = UnsupportedCodingRetry.class.getName() + ".retried";
    private static final long MAX_REFUSAL_BODY = 64 * 1024;
    private static final List<String> NOT_COPIED = List.of("content-encoding", "content-length", "host",
            "transfer-encoding", "connection");

    private final ClientCodecs codings;
    private final OriginCodings servers;
    /** The client's dictionaries, or null where it has none. */
    private final DictionaryExchange dictionaries;

    UnsupportedCodingRetry(ClientCodecs codings, OriginCodings servers, DictionaryExchange dictionaries) {
        this.codings = codings;
        this.servers = servers;
        this.dictionaries = dictionaries;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) throws IOException {
        Object sent = request.getProperty(RequestCompression.SENT_CODING);
        List<String> advertised = response.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
        if (response.getStatus() != 415 || sent == null || advertised == null) {
            return;
        }
        List<String> accepted = accepted(advertised);
        Object dictionary = request.getProperty(RequestCompression.BODY_DICTIONARY);
        DictionaryFormat format = dictionary instanceof Dictionary ? DictionaryFormat.of(sent.toString()) : null;
        boolean taken = accepted.contains(sent.toString()) || accepted.contains("*");
        if (format != null && taken) {
            // the coding is taken, not against this dictionary: the server does not have it (any store may forget)
            if (dictionaries != null) {
                dictionaries.refused(request.getUri(), (Dictionary) dictionary);
            }
        } else if (taken) {
            return; // refused for another reason than the coding
        } else {
            servers.remember(request.getUri(), accepted);
        }
        Object entity = request.getEntity();
        if (request.getProperty(RETRIED) != null || !repeatable(entity)) {
            return;
        }
        // a dictionary's body goes again in the coding beneath, where the server takes it
        String wanted = format != null ? format.base() : sent.toString();
        Response second;
        try {
            second = retry(request, servers.choose(request.getUri(), wanted, codings.decodable()));
        } catch (ProcessingException e) {
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: resending after 415 failed; keeping the 415", e);
            return;
        }
        transplant(second, response);
    }

    /**
     * Whether {@code entity} can be written a second time: not a stream, nor what may write or hold one once only
     * (a {@code StreamingOutput}, parts, a publisher). A body that cannot goes to the application as the 415.
     */
    static boolean repeatable(Object entity) {
        if (entity instanceof InputStream || entity instanceof Reader || entity instanceof StreamingOutput
                || entity instanceof EntityPart || entity instanceof Flow.Publisher || entity instanceof BaseStream
                || entity instanceof Iterator) {
            return false;
        }
        if (entity instanceof Iterable<?> && !(entity instanceof Collection<?>)) {
            return false; // an Iterable may iterate once; a collection holding parts, below, holds streams
        }
        if (entity instanceof Collection<?> parts) {
            for (Object part : parts) {
                if (part instanceof EntityPart) {
                    return false;
                }
            }
        }
        return entity == null || !entity.getClass().getName().toLowerCase(Locale.ROOT).contains("multipart");
    }

    private Response retry(ClientRequestContext request, String coding) {
        Invocation.Builder retry = request.getClient().target(request.getUri()).request();
        for (Map.Entry<String, List<Object>> header : request.getHeaders().entrySet()) {
            if (!NOT_COPIED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                for (Object value : header.getValue()) {
                    retry.header(header.getKey(), value);
                }
            }
        }
        for (String name : request.getPropertyNames()) {
            retry.property(name, request.getProperty(name));
        }
        retry.property(RETRIED, Boolean.TRUE)
                .property(PASS_THROUGH, Boolean.TRUE)
                .property(RequestCompression.SENT_CODING, null)
                .property(ConfigKeys.REQUEST_CODING, coding != null ? coding : IdentityCodec.TOKEN);
        Object entity = new GenericEntity<>(request.getEntity(), request.getEntityType());
        return retry.method(request.getMethod(),
                Entity.entity(entity, request.getMediaType(), request.getEntityAnnotations()));
    }

    /** The codings a 415's {@code Accept-Encoding} names as acceptable, canonical ({@code *} kept). */
    private List<String> accepted(List<String> advertised) {
        return AcceptEncoding.parse(advertised, codings.registry()::canonical).acceptable();
    }

    /**
     * Makes the application's response the retried one: status, headers, and the body still coded (the application's
     * read decodes it). The 415's short body is read to its end, which frees its connection on any client (closing it
     * would close the whole response on some); closing the new body releases the second response.
     */
    private static void transplant(Response second, ClientResponseContext response) throws IOException {
        InputStream first = response.getEntityStream();
        if (first != null) {
            first.skip(MAX_REFUSAL_BODY);
        }
        response.setStatus(second.getStatus());
        response.getHeaders().clear();
        response.getHeaders().putAll(second.getStringHeaders());
        InputStream body = second.readEntity(InputStream.class);
        response.setEntityStream(new FilterInputStream(body != null ? body : InputStream.nullInputStream()) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    second.close();
                }
            }
        });
    }
}
