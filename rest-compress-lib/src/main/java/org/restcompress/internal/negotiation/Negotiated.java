package org.restcompress.internal.negotiation;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.restcompress.observe.Reason;

/**
 * The outcome of content-coding negotiation for one request, with its reason. Two choices are equal when their
 * outcomes are: the reason explains, it does not change what is sent.
 */
public final class Negotiated {

    private static final Negotiated NOT_ACCEPTABLE = new Negotiated(null, false, Reason.NOT_ACCEPTABLE);
    /** One identity choice per reason: most requests end here, and need not allocate one. */
    private static final Map<Reason, Negotiated> IDENTITY = new EnumMap<>(Reason.class);

    static {
        for (Reason reason : Reason.values()) {
            IDENTITY.put(reason, new Negotiated(null, true, reason));
        }
    }

    private final String coding;
    private final boolean identityAcceptable;
    private final Reason reason;
    private final List<String> equallyValued;

    private Negotiated(String coding, boolean identityAcceptable, Reason reason) {
        this(coding, identityAcceptable, reason, coding == null ? List.of() : List.of(coding));
    }

    private Negotiated(String coding, boolean identityAcceptable, Reason reason, List<String> equallyValued) {
        this.coding = coding;
        this.identityAcceptable = identityAcceptable;
        this.reason = reason;
        this.equallyValued = equallyValued;
    }

    /** Encode with {@code coding}; {@code identityAcceptable} says whether an unencoded body would also do. */
    public static Negotiated of(String coding, boolean identityAcceptable) {
        return new Negotiated(Objects.requireNonNull(coding, "coding"), identityAcceptable, Reason.NEGOTIATED);
    }

    /**
     * Encode with {@code coding}, the server's preference among {@code equallyValued}: every offered coding the
     * client values as highly, in server preference order, and {@code identity} when the client does not value it
     * less (what {@code preference=auto} chooses among).
     */
    public static Negotiated of(String coding, boolean identityAcceptable, List<String> equallyValued) {
        return new Negotiated(Objects.requireNonNull(coding, "coding"), identityAcceptable, Reason.NEGOTIATED,
                List.copyOf(equallyValued));
    }

    /** {@code coding} ({@code null}: identity) chosen by cost among {@link #equallyValued()} ({@code auto}). */
    public static Negotiated byCost(String coding, boolean identityAcceptable) {
        return coding == null ? identity(Reason.AUTO) : new Negotiated(coding, identityAcceptable, Reason.AUTO);
    }

    /** Encode with {@code coding} ({@code dcz} or {@code dcb}) against the dictionary the client named. */
    public static Negotiated withDictionary(String coding, boolean identityAcceptable) {
        return new Negotiated(Objects.requireNonNull(coding, "coding"), identityAcceptable, Reason.DICTIONARY);
    }

    /** Send the body unencoded, because of {@code reason}. */
    public static Negotiated identity(Reason reason) {
        return IDENTITY.get(Objects.requireNonNull(reason, "reason"));
    }

    /** Nothing acceptable: the client refuses identity and every coding on offer (406). */
    public static Negotiated notAcceptable() {
        return NOT_ACCEPTABLE;
    }

    /** The chosen coding's token, or {@code null} for identity and not-acceptable. */
    public String coding() {
        return coding;
    }

    public boolean isEncoded() {
        return coding != null;
    }

    public boolean isIdentity() {
        return coding == null && identityAcceptable;
    }

    public boolean isNotAcceptable() {
        return this == NOT_ACCEPTABLE;
    }

    /**
     * Whether the body may still go unencoded (small, or of an incompressible type). False when the client refused
     * identity: then the chosen coding must be applied whatever the body.
     */
    public boolean identityAcceptable() {
        return identityAcceptable;
    }

    public Reason reason() {
        return reason;
    }

    /**
     * The negotiated candidates the client values equally, in server preference order ({@code identity} among them
     * when it is as acceptable): the chosen coding alone unless negotiation saw a tie.
     */
    public List<String> equallyValued() {
        return equallyValued;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Negotiated && Objects.equals(coding, ((Negotiated) o).coding)
                && identityAcceptable == ((Negotiated) o).identityAcceptable;
    }

    @Override
    public int hashCode() {
        return Objects.hash(coding, identityAcceptable);
    }

    @Override
    public String toString() {
        if (isEncoded()) {
            return coding + (identityAcceptable ? "" : " (identity refused)");
        }
        return isNotAcceptable() ? "not acceptable" : "identity";
    }
}
