package org.restcompress.internal.negotiation;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * The rules that decide whether one response is encoded, in which coding, and why: a pure function of plain facts
 * about the request and the response ({@link #decide}), made where the library knows the final headers. Only the size
 * threshold waits for the body's first bytes ({@link Decision#belowThreshold}).
 */
public final class DecisionRules {

    private DecisionRules() {
    }

    /** One method's unencoded decisions, one per reason, made once: most responses end in one of them. */
    public static final class Identities {
        private final String method;
        private final Map<Reason, Decision> byReason = new EnumMap<>(Reason.class);

        public Identities(String method) {
            this.method = Objects.requireNonNull(method, "method");
            for (Reason reason : Reason.values()) {
                byReason.put(reason, Decision.identity(method, reason));
            }
        }

        public String method() {
            return method;
        }

        public Decision get(Reason reason) {
            return byReason.get(reason);
        }
    }

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
    public record Facts(boolean uncompressed, Negotiated choice, boolean head, int status, boolean hasEntity,
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

    /** Whether a response of {@code status} carries a representation a coding applies to (not 1xx, 204, 206, 304). */
    public static boolean representsContent(int status) {
        return status >= 200 && status != 204 && status != 206 && status != 304;
    }

    /**
     * The rules, in order: a refusal by negotiation (a 406 included) or {@code @Uncompressed}; a status that has no
     * representation to encode; no body; the application's exclusion (it wins even over {@code identity;q=0}: a
     * secret must not be compressed next to reflected input); a coding already applied; a byte range; an excluded
     * media type (unless the client refused identity); then the negotiated coding, for a body of at least the
     * threshold.
     *
     * @param method     the resource method's unencoded decisions (and its name, for an encoded one)
     * @param dictionary what a dictionary coding ({@code dcz}, {@code dcb}) is against, {@code null} for none
     */
    public static Decision decide(Identities method, Facts facts, Decision.DictionaryKind dictionary) {
        Negotiated choice = facts.choice();
        if (facts.uncompressed() && !choice.isNotAcceptable()) {
            return method.get(Reason.UNCOMPRESSED);
        }
        if (!choice.isEncoded()) {
            return method.get(choice.reason());
        }
        int status = facts.status();
        if (!representsContent(status)) {
            return method.get(Reason.STATUS);
        }
        if (!facts.hasEntity()) {
            return method.get(Reason.NO_ENTITY);
        }
        if (facts.excluded()) {
            return method.get(Reason.EXCLUDED_BY_PREDICATE);
        }
        if (facts.alreadyEncoded()) {
            return method.get(Reason.ALREADY_ENCODED);
        }
        if (facts.byteRange()) {
            return method.get(Reason.BYTE_RANGE);
        }
        boolean optional = choice.identityAcceptable();
        if (optional && !facts.compressibleType()) {
            return method.get(Reason.EXCLUDED_MEDIA_TYPE);
        }
        Reason reason = facts.head() ? Reason.HEAD
                : choice.reason() == Reason.DICTIONARY || choice.reason() == Reason.AUTO ? choice.reason()
                : Reason.NEGOTIATED;
        return new Decision(method.method(), choice.coding(), reason, optional ? Math.max(1, facts.threshold()) : 1,
                choice.reason() == Reason.DICTIONARY ? dictionary : null, null, null, -1, -1, -1);
    }
}
