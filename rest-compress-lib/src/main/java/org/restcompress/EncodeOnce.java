package org.restcompress;

/**
 * Whether a method's encoded bodies are kept and served again when the same body repeats: encoded once per coding,
 * then sent as kept, and once it repeats encoded once more at the coding's strongest level. For bodies many clients
 * fetch alike between two changes (a product list, reference data, a feed page). Set per method with
 * {@link Compressed#encodeOnce()}, for the application with {@value ConfigKeys#ENCODE_ONCE}; bounded by
 * {@value ConfigKeys#ENCODE_ONCE_MAX_BYTES}.
 *
 * <p>A kept body is served only for the very same bytes, compared in full. What sharing still tells is timing: a
 * response whose body someone else was sent recently is faster. So by default a response private to a user is never
 * kept ({@link #SHARED}); {@link #ALWAYS} is for an application that knows its bodies reveal nothing when they match.
 */
public enum EncodeOnce {

    /** As the application's {@value ConfigKeys#ENCODE_ONCE} says ({@code never} unless set). */
    DEFAULT,
    /** Every body encoded for its response. */
    NEVER,
    /**
     * Bodies of responses that any client may be sent are kept: not those marked {@code Cache-Control: private} or
     * {@code no-store}, nor those setting a cookie, nor the answer to a request with {@code Authorization} unless
     * marked {@code Cache-Control: public} (the rules of a shared HTTP cache, RFC 9111 section 3).
     */
    SHARED,
    /** Every body is kept, private ones too: the application vouches that a matching body reveals nothing. */
    ALWAYS
}
