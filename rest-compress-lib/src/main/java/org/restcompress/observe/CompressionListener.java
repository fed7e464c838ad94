package org.restcompress.observe;

/**
 * Told what the library did, once per response and once per coded request body: the way to meters (the
 * {@code rest-compress-micrometer} module is one), audit logs or tests.
 *
 * <p>Registered with {@code CompressionConfig.builder().listener(...)}, or found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/org.restcompress.observe.CompressionListener}) in the application's class loader. Called
 * on the request's thread after the body is done (written, or read to its end or its failure), outside any lock of
 * the library; a listener that throws is logged and does not change the response. Without listeners nothing is
 * built for them.
 */
public interface CompressionListener {

    /**
     * A response went out, encoded or not ({@link Decision#reason()} says why). Responses the library never saw
     * (methods that offer no coding) are not reported.
     *
     * @param decision the response's decision, done
     */
    default void responded(Decision decision) {
    }

    /**
     * A request body in a coding was decoded, or refused (400, 413, 415: {@link RequestBody#status()}).
     *
     * @param body what became of the body
     */
    default void requestBody(RequestBody body) {
    }

    /**
     * What encoding once keeps ({@link org.restcompress.EncodeOnce}) changed: a body or a form was added, made
     * stronger or let go. Called on the thread that changed it, request or background.
     *
     * @param bytes the bytes kept now, bodies and encoded forms, at most
     *              {@link org.restcompress.CompressionConfig#encodeOnceMaxBytes()}
     * @param bodies the bodies kept now
     */
    default void encodeOnceKept(long bytes, int bodies) {
    }
}
