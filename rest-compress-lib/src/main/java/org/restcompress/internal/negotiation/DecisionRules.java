package org.restcompress.internal.negotiation;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Whether one response is encoded, in which coding, and why: a pure function of plain facts about the request and the
 * response ({@link #decide}). Only the size threshold waits for the body's first bytes ({@link #belowThreshold}).
 *
 * @param coding    the coding to apply, {@code null} for identity
 * @param reason    why
 * @param threshold an encoded body's minimum size: a shorter one goes out as it is (1 when the client refused
 *                  identity, so that only an empty body stays unencoded); 0 when not encoded
 * @param size      the body's size, where known and relevant ({@link Reason#BELOW_THRESHOLD}), else -1
 */
public record ResponseDecision(String coding, Reason reason, int threshold, long size) {

    /**
     * What is known about one exchange when its response is decided.
     *
     * @param uncompressed     {@code @Uncompressed} on the method or its class
     * @param choice           the negotiated choice
     * @param head             a HEAD request
     * @param status           the response status
     * @param hasEntity        whether the response has a body
     * @param excluded         whether the application's exclusion predicate holds for it
     * @param alreadyEncoded   whether it already carries a {@code Content-Encoding} other than identity
     * @param byteRange        whether it carries a {@code Content-Range}
     * @param compressibleType whether its media type is not among the excluded ones
     * @param threshold        the method's size threshold in bytes
     */
    public record Facts(boolean uncompressed, Choice choice, boolean head, int status, boolean hasEntity,
            boolean excluded, boolean alreadyEncoded, boolean byteRange, boolean compressibleType, int threshold) {

        public Facts {
            Objects.requireNonNull(choice, "choice");
        }

        /** The same facts for a response the application's exclusion predicate holds for. */
        public Facts withExclusion() {
            return new Facts(uncompressed, choice, head, status, hasEntity, true, alreadyEncoded, byteRange,
                    compressibleType, threshold);
        }

        /** The same facts with the response's headers as they are when its body is written. */
        public Facts withHeaders(boolean alreadyEncoded, boolean byteRange, boolean compressibleType) {
            return new Facts(uncompressed, choice, head, status, hasEntity, excluded, alreadyEncoded, byteRange,
                    compressibleType, threshold);
        }
    }

    public ResponseDecision {
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * The rules, in order: a refusal by negotiation (a 406 included) or {@code @Uncompressed}; a status that has no
     * representation to encode; no body; the application's exclusion (it wins even over {@code identity;q=0}: a
     * secret must not be compressed next to reflected input); a coding already applied; a byte range; an excluded
     * media type (unless the client refused identity); then the negotiated coding, for a body of at least the
     * threshold.
     */
    public static ResponseDecision decide(Facts facts) {
        Choice choice = facts.choice();
        if (facts.uncompressed() && !choice.isNotAcceptable()) {
            return identity(Reason.UNCOMPRESSED);
        }
        if (!choice.isEncoded()) {
            return identity(choice.reason());
        }
        int status = facts.status();
        if (status < 200 || status == 204 || status == 206 || status == 304) {
            return identity(Reason.STATUS);
        }
        if (!facts.hasEntity()) {
            return identity(Reason.NO_ENTITY);
        }
        if (facts.excluded()) {
            return identity(Reason.EXCLUDED_BY_PREDICATE);
        }
        if (facts.alreadyEncoded()) {
            return identity(Reason.ALREADY_ENCODED);
        }
        if (facts.byteRange()) {
            return identity(Reason.BYTE_RANGE);
        }
        boolean optional = choice.identityAcceptable();
        if (optional && !facts.compressibleType()) {
            return identity(Reason.EXCLUDED_MEDIA_TYPE);
        }
        Reason reason = facts.head() ? Reason.HEAD
                : choice.reason() == Reason.DICTIONARY || choice.reason() == Reason.AUTO ? choice.reason()
                : Reason.NEGOTIATED;
        return new ResponseDecision(choice.coding(), reason,
                optional ? Math.max(1, facts.threshold()) : 1, -1);
    }

    public static ResponseDecision identity(Reason reason) {
        return IdentityDecisions.BY_REASON.get(reason);
    }

    /** One identity decision per reason, made once: most responses end here. */
    private static final class IdentityDecisions {
        static final Map<Reason, ResponseDecision> BY_REASON = new EnumMap<>(Reason.class);

        static {
            for (Reason reason : Reason.values()) {
                BY_REASON.put(reason, new ResponseDecision(null, reason, 0, -1));
            }
        }
    }

    /** The decision for an encodable body that ended after {@code size} bytes, short of the threshold. */
    public ResponseDecision belowThreshold(long size) {
        return new ResponseDecision(null, Reason.BELOW_THRESHOLD, 0, size);
    }

    public boolean isEncoded() {
        return coding != null;
    }

    /**
     * The decision as a structured-field item (RFC 8941), for the {@code Compression-Decision} header and logs:
     * {@code zstd; reason=negotiated}, {@code identity; reason=below-threshold; size=512; threshold=1024}.
     */
    public String describe(int configuredThreshold) {
        StringBuilder s = new StringBuilder(coding != null ? coding : "identity").append("; reason=")
                .append(reason.token());
        if (reason == Reason.BELOW_THRESHOLD) {
            s.append("; size=").append(size).append("; threshold=").append(configuredThreshold);
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return describe(threshold);
    }
}
