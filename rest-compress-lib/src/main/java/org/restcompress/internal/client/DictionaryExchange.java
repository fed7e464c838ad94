package org.restcompress.internal.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.client.InvocationCallback;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.dictionary.StructuredFields;
import org.restcompress.internal.dictionary.UrlPattern;
import org.restcompress.internal.dictionary.UseAsDictionary;

/**
 * The client's side of RFC 9842. On a request it announces the best dictionary it keeps for the URL
 * ({@code Available-Dictionary}, {@code Dictionary-ID}) and adds {@code dcz, dcb} to {@code Accept-Encoding}; on a
 * response it notes one offered as a dictionary ({@code Use-As-Dictionary} with a freshness lifetime: kept once read,
 * see {@link DictionaryCapture}), and fetches a shared dictionary announced by {@code Link: rel="compression-dictionary"}
 * in the background, through the same client. An application that set {@code Accept-Encoding} itself is left alone.
 */
final class DictionaryExchange implements ClientRequestFilter, ClientResponseFilter {

    static final String AVAILABLE_DICTIONARY = "Available-Dictionary";
    static final String DICTIONARY_ID = "Dictionary-ID";
    static final String USE_AS_DICTIONARY = "Use-As-Dictionary";
    /** The dictionary announced on this request: the only one its response may be decoded with. */
    static final String ANNOUNCED = DictionaryExchange.class.getName() + ".announced";
    /** A {@link DictionaryCapture} for this response. */
    static final String CAPTURE = DictionaryExchange.class.getName() + ".capture";

    private static final long MAX_DELTA_SECONDS = 1L << 31;
    private static final Pattern MAX_AGE = Pattern.compile("(?:^|[,\\s])(?:s-)?max-age\\s*=\\s*\"?(\\d+)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NO_STORE = Pattern.compile("(?:^|[,\\s])no-store(?:$|[,\\s])",
            Pattern.CASE_INSENSITIVE);

    private final ClientCodecs codecs;
    private final ClientDictionaries dictionaries;
    private final List<String> formats;
    private final String acceptEncoding;

    DictionaryExchange(ClientCodecs codecs, ClientDictionaries dictionaries, List<String> formats) {
        this.codecs = codecs;
        this.dictionaries = dictionaries;
        this.formats = formats;
        this.acceptEncoding = codecs.acceptEncoding() + ", " + String.join(", ", formats);
    }

    /** The decoder for a {@code dcz}/{@code dcb} response to a request that announced {@code announced}. */
    ContentCodec decoder(String token, Object announced) {
        DictionaryFormat format = DictionaryFormat.of(token);
        if (format == null || !(announced instanceof Dictionary) || !formats.contains(format.token())) {
            return null;
        }
        Dictionary dictionary = (Dictionary) announced;
        return DictionaryCodec.over(format, codecs.codec(format.base()).orElse(null),
                hash -> hash.equals(dictionary.hash()) ? dictionary : null); // another hash: refused
    }

    /** The dictionary a request body to {@code uri} may be encoded against in {@code format}, or {@code null}. */
    Dictionary forBody(URI uri, DictionaryFormat format) {
        if (!formats.contains(format.token())) {
            return null;
        }
        ClientDictionaries.Entry best = dictionaries.best(uri);
        return best != null ? best.dictionary() : null;
    }

    /**
     * A body sent to {@code uri} against {@code dictionary} was refused (415) for it: its server does not have it (a
     * store may forget any), so it is neither announced nor used for bodies there again.
     */
    void refused(URI uri, Dictionary dictionary) {
        dictionaries.forget(uri, dictionary);
    }

    /** The {@code Accept-Encoding} a request that announces a dictionary carries: the client's, and the formats. */
    String acceptEncoding() {
        return acceptEncoding;
    }

    /** The encoder of {@code token} ({@code dcz} or {@code dcb}) against {@code dictionary}. */
    ContentCodec encoder(String token, Dictionary dictionary) {
        DictionaryFormat format = DictionaryFormat.of(token);
        return DictionaryCodec.over(format, codecs.codec(format.base()).orElse(null), hash -> null).bound(dictionary);
    }

    @Override
    public void filter(ClientRequestContext request) {
        request.removeProperty(ANNOUNCED);
        request.removeProperty(CAPTURE);
        if (request.getProperty(AcceptEncodingFilter.APPLICATION_OWNED) != null) {
            return;
        }
        ClientDictionaries.Entry best = dictionaries.best(request.getUri());
        if (best == null) {
            request.getHeaders().remove(AVAILABLE_DICTIONARY); // a reused invocation carries nothing over
            request.getHeaders().remove(DICTIONARY_ID);
            return;
        }
        request.getHeaders().putSingle(AVAILABLE_DICTIONARY, StructuredFields.byteSequenceOf(
                best.dictionary().sha256()));
        if (!best.id().isEmpty()) {
            request.getHeaders().putSingle(DICTIONARY_ID, StructuredFields.string(best.id()));
        }
        request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
        request.setProperty(ANNOUNCED, best.dictionary());
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        if (response.getStatus() != 200) {
            return;
        }
        String offered = response.getHeaderString(USE_AS_DICTIONARY);
        if (offered != null && response.hasEntity()) {
            DictionaryCapture capture = capture(request.getUri(), offered,
                    response.getHeaderString(HttpHeaders.CACHE_CONTROL));
            if (capture != null) {
                request.setProperty(CAPTURE, capture);
            }
        }
        for (URI url : DictionaryLinks.announced(request.getUri(), response.getHeaders().get(HttpHeaders.LINK))) {
            fetch(request, url);
        }
    }

    /** What keeping a response offered as a dictionary needs, or {@code null} when it cannot be one. */
    DictionaryCapture capture(URI source, String useAsDictionary, String cacheControl) {
        Duration lifetime = lifetime(cacheControl);
        if (lifetime == null) {
            return null; // no freshness lifetime: as browsers, never used
        }
        try {
            UseAsDictionary offer = UseAsDictionary.parse(useAsDictionary);
            if (!offer.usable() || !offer.matchDest().isEmpty()) {
                return null; // another type, or only for browser destinations (this client's is the empty one)
            }
            UrlPattern pattern = UrlPattern.compile(offer.match(), source);
            return new DictionaryCapture(dictionaries, source, offer.match(), pattern, offer.id(), lifetime,
                    codecs.config().dictionaryMaxSize());
        } catch (IllegalArgumentException malformed) {
            return null;
        }
    }

    /** The freshness lifetime {@code Cache-Control} gives, or {@code null}. */
    static Duration lifetime(String cacheControl) {
        if (cacheControl == null || NO_STORE.matcher(cacheControl).find()) {
            return null;
        }
        Matcher m = MAX_AGE.matcher(cacheControl);
        if (!m.find()) {
            return null;
        }
        String digits = m.group(1).replaceFirst("^0+(?=\\d)", ""); // 000060 is 60
        // RFC 9111 §1.2.2: a larger delta-seconds is taken as 2^31
        long seconds = digits.length() > 10 ? MAX_DELTA_SECONDS : Math.min(Long.parseLong(digits), MAX_DELTA_SECONDS);
        return seconds > 0 ? Duration.ofSeconds(seconds) : null;
    }

    /**
     * Fetches an announced shared dictionary in the background, same origin only, through the client that saw the
     * announcement: its proxy, TLS, authentication, timeouts and filters apply, and this class's own response filter
     * keeps the body as a dictionary once it has been read to its end. At most {@code restcompress.dictionary.max-size}
     * bytes are read; a longer one is not kept and not fetched again. A failed fetch is tried again later, after a
     * back-off ({@link ClientDictionaries#fetched}).
     */
    private void fetch(ClientRequestContext request, URI url) {
        if (!OriginCodings.origin(url).equals(OriginCodings.origin(request.getUri()))
                || !dictionaries.startFetch(url)) {
            return;
        }
        long maxSize = codecs.config().dictionaryMaxSize();
        try {
            request.getClient().target(url).request().async().get(new InvocationCallback<Response>() {
                @Override
                public void completed(Response response) {
                    boolean done;
                    try (response) {
                        if (response.getStatus() == 200) {
                            read(response, maxSize);
                        }
                        // kept, too large to keep, or gone: fetching it again would not change that
                        done = response.getStatus() == 200 || response.getStatus() == 404;
                    } catch (RuntimeException | IOException e) {
                        done = false;
                    }
                    dictionaries.fetched(url, done);
                }

                @Override
                public void failed(Throwable failure) {
                    dictionaries.fetched(url, false);
                }
            });
        } catch (RuntimeException e) { // a client that cannot send it now (closed): another announcement retries
            dictionaries.fetched(url, false);
        }
    }

    /**
     * Reads a fetched dictionary to its end, where its capture keeps it, or stops past {@code maxSize} bytes: too
     * large to keep, and its capture kept nothing.
     */
    private static void read(Response response, long maxSize) throws IOException {
        try (InputStream in = response.readEntity(InputStream.class)) {
            byte[] buffer = new byte[8192];
            long total = 0;
            for (int n; total <= maxSize && (n = in.read(buffer)) >= 0; ) {
                total += n;
            }
        }
    }
}
