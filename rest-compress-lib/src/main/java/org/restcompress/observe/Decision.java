package org.restcompress.observe;

import java.util.Objects;

/**
 * Whether one response is encoded, in which coding, and why; once its body is done, what the coding did. Made once
 * per response, where the library decides (only the size threshold waits for the body's first bytes), and never
 * changed: {@link #done} makes the completed copy. The log line, the {@code Compression-Decision} header, the JDK
 * Flight Recorder event and every {@link CompressionListener} read this value.
 *
 * @param method      the resource method, {@code Class#method}
 * @param coding      the coding applied, {@value #IDENTITY} for none
 * @param reason      why
 * @param threshold   the smallest body that is encoded, in bytes (1 when the client refused identity or a dictionary
 *                    is used: only an empty body stays as it is); 0 when the coding is identity for another reason
 * @param dictionary  what an encoded body was coded against, {@code null} for no dictionary
 * @param unusedDictionary why the dictionary the client named was not used ({@code unknown},
 *                    {@code cross-site}...), {@code null} when it named none or it was used
 * @param estimate    what {@code preference=auto} expected of the codings it weighed, {@code null} without auto
 * @param bytesIn     the body's bytes before coding, -1 until the body is done or where it was not counted (a
 *                    response with no entity, HEAD)
 * @param bytesOut    the body's bytes after coding, -1 likewise
 * @param encodeNanos time spent in the encoder, writing to the client excluded; 0 when nothing was encoded,
 *                    -1 when not measured (nobody listened, or the response was decided before its body)
 * @param reuse       what encoding once did for the body ({@link org.restcompress.EncodeOnce}), or {@code null} where
 *                    the method does not encode once or the body could not be kept
 */
public record Decision(String method, String coding, Reason reason, int threshold, DictionaryKind dictionary,
        String unusedDictionary, String estimate, long bytesIn, long bytesOut, long encodeNanos, Reuse reuse) {

    /** What encoding once did for an encoded body. */
    public enum Reuse {
        /** Encoded for this response; kept if the same body repeats. */
        MISS("miss"),
        /** Sent as kept from an earlier response with the very same body: nothing encoded. */
        HIT("hit");

        private final String token;

        Reuse(String token) {
            this.token = token;
        }

        /**
         * The result as it appears in metrics, events and the {@code Compression-Decision} header.
         *
         * @return the token
         */
        public String token() {
            return token;
        }
    }

    /** The coding of an unencoded response. */
    public static final String IDENTITY = "identity";

    /** What an encoded body was coded against (RFC 9842). */
    public enum DictionaryKind {
        /** An earlier response the client kept ({@code Use-As-Dictionary}). */
        DELTA("delta"),
        /** A dictionary the server announces to every client ({@code Link: rel="compression-dictionary"}). */
        SHARED("shared");

        private final String token;

        DictionaryKind(String token) {
            this.token = token;
        }

        /**
         * The kind as it appears in logs, metrics and the {@code Compression-Decision} header.
         *
         * @return the token
         */
        public String token() {
            return token;
        }
    }

    /**
     * Checks that method, coding and reason are given.
     *
     * @param method           the resource method
     * @param coding           the coding applied
     * @param reason           why
     * @param threshold        the smallest body encoded
     * @param dictionary       what the body was coded against, or {@code null}
     * @param unusedDictionary why a named dictionary was not used, or {@code null}
     * @param estimate         auto's estimate, or {@code null}
     * @param bytesIn          bytes before coding, -1 until known
     * @param bytesOut         bytes after coding, -1 until known
     * @param encodeNanos      time in the encoder, -1 when not measured
     * @param reuse            what encoding once did, or {@code null}
     */
    public Decision {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(coding, "coding");
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * A decision encoding once had no part in.
     *
     * @param method           the resource method
     * @param coding           the coding applied
     * @param reason           why
     * @param threshold        the smallest body encoded
     * @param dictionary       what the body was coded against, or {@code null}
     * @param unusedDictionary why a named dictionary was not used, or {@code null}
     * @param estimate         auto's estimate, or {@code null}
     * @param bytesIn          bytes before coding, -1 until known
     * @param bytesOut         bytes after coding, -1 until known
     * @param encodeNanos      time in the encoder, -1 when not measured
     */
    public Decision(String method, String coding, Reason reason, int threshold, DictionaryKind dictionary,
            String unusedDictionary, String estimate, long bytesIn, long bytesOut, long encodeNanos) {
        this(method, coding, reason, threshold, dictionary, unusedDictionary, estimate, bytesIn, bytesOut,
                encodeNanos, null);
    }

    /**
     * An unencoded response, because of {@code reason}, its body not yet done.
     *
     * @param method the resource method
     * @param reason why it is unencoded
     * @return the decision
     */
    public static Decision identity(String method, Reason reason) {
        return new Decision(method, IDENTITY, reason, 0, null, null, null, -1, -1, -1);
    }

    /**
     * Whether the response is encoded.
     *
     * @return whether its coding is not identity
     */
    public boolean isEncoded() {
        return !IDENTITY.equals(coding);
    }

    /**
     * Whether the body is done and its sizes known.
     *
     * @return whether the sizes are known
     */
    public boolean isDone() {
        return bytesIn >= 0;
    }

    /**
     * This decision with what the request's facts add: why a named dictionary was not used, auto's estimate.
     *
     * @param unusedDictionary why a named dictionary was not used, or {@code null}
     * @param estimate auto's estimate, or {@code null}
     * @return the decision with them
     */
    public Decision withNotes(String unusedDictionary, String estimate) {
        return new Decision(method, coding, reason, threshold, dictionary, unusedDictionary, estimate, bytesIn,
                bytesOut, encodeNanos, reuse);
    }

    /**
     * This decision with what encoding once did for its body.
     *
     * @param reuse a hit or a miss
     * @return the decision with it
     */
    public Decision reused(Reuse reuse) {
        return new Decision(method, coding, reason, threshold, dictionary, unusedDictionary, estimate, bytesIn,
                bytesOut, encodeNanos, reuse);
    }

    /**
     * The decision for an encodable body that ended after {@code size} bytes, short of the threshold.
     *
     * @param size the body's size
     * @return the decision
     */
    public Decision belowThreshold(long size) {
        return new Decision(method, IDENTITY, Reason.BELOW_THRESHOLD, threshold, null, unusedDictionary, estimate,
                size, size, 0);
    }

    /**
     * The completed decision: the body is done.
     *
     * @param bytesIn the body's bytes before coding
     * @param bytesOut its bytes after coding
     * @param encodeNanos time in the encoder, -1 when not measured
     * @return the completed decision
     */
    public Decision done(long bytesIn, long bytesOut, long encodeNanos) {
        return new Decision(method, coding, reason, threshold, dictionary, unusedDictionary, estimate, bytesIn,
                bytesOut, encodeNanos, reuse);
    }

    /**
     * As a structured-field item (RFC 8941), for the {@code Compression-Decision} header (sent before the body, so
     * without sizes): {@code zstd; reason=negotiated}, {@code identity; reason=below-threshold; size=512;
     * threshold=1024}, {@code zstd; reason=negotiated; dictionary=unknown}, {@code lz4; reason=auto;
     * estimate="..."}, {@code zstd; reason=negotiated; reuse=hit}.
     *
     * @return the item
     */
    public String describe() {
        StringBuilder s = new StringBuilder(coding).append("; reason=").append(reason.token());
        if (reason == Reason.BELOW_THRESHOLD) {
            s.append("; size=").append(bytesIn).append("; threshold=").append(threshold);
        }
        if (unusedDictionary != null) {
            s.append("; dictionary=").append(unusedDictionary);
        }
        if (reuse != null) {
            s.append("; reuse=").append(reuse.token());
        }
        if (estimate != null) {
            s.append("; estimate=\"").append(estimate.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        return s.toString();
    }

    /** {@link #describe()}, and once the body is done its sizes and encoding time: for logs. */
    @Override
    public String toString() {
        String described = method + ": " + describe();
        if (!isDone() || reason == Reason.BELOW_THRESHOLD) {
            return described;
        }
        return described + "; bytes=" + bytesIn + "; coded=" + bytesOut
                + (encodeNanos >= 0 ? "; encode-us=" + encodeNanos / 1000 : "");
    }
}
