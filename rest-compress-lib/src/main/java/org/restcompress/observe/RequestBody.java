package org.restcompress.observe;

/**
 * One request body that arrived in a content coding: decoded, or refused. A body the resource method took as a
 * stream and stopped reading before its end is reported when it is released, with what was read.
 *
 * @param method      the resource method, {@code Class#method}
 * @param coding      the coding it arrived in, as this library names it ({@code gzip}); several stacked ones joined by
 *                    a comma, outermost last as in {@code Content-Encoding}; {@code unsupported} for one this server
 *                    cannot decode (the client's own token is never repeated here)
 * @param status      0 when decoded, else the answer: 400 corrupt or truncated, 413 too large, 415 unsupported coding
 * @param bytesIn     coded bytes read, -1 when unknown (415: nothing was read)
 * @param bytesOut    decoded bytes produced
 * @param decodeNanos time spent reading and decoding the body, -1 when unknown
 */
public record RequestBody(String method, String coding, int status, long bytesIn, long bytesOut, long decodeNanos) {

    /** The token of a coding this server does not decode: client input never becomes a value here. */
    public static final String UNSUPPORTED = "unsupported";

    /**
     * Whether the body was decoded (not refused).
     *
     * @return whether it was
     */
    public boolean isDecoded() {
        return status == 0;
    }
}
