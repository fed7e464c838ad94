package org.restcompress.internal.negotiation;

import java.util.Objects;

/** The outcome of content-coding negotiation for one response. */
public final class Choice {

    /** Send the body unencoded. */
    public static final Choice IDENTITY = new Choice(null, true);
    /** Nothing acceptable: the client refuses identity and every coding on offer (406). */
    public static final Choice NOT_ACCEPTABLE = new Choice(null, false);

    private final String coding;
    private final boolean identityAcceptable;

    private Choice(String coding, boolean identityAcceptable) {
        this.coding = coding;
        this.identityAcceptable = identityAcceptable;
    }

    /** Encode with {@code coding}; {@code identityAcceptable} says whether an unencoded body would also do. */
    public static Choice of(String coding, boolean identityAcceptable) {
        return new Choice(Objects.requireNonNull(coding, "coding"), identityAcceptable);
    }

    /** The chosen coding's token, or {@code null} for identity and not-acceptable. */
    public String coding() {
        return coding;
    }

    public boolean isEncoded() {
        return coding != null;
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

    @Override
    public boolean equals(Object o) {
        return o instanceof Choice && Objects.equals(coding, ((Choice) o).coding)
                && identityAcceptable == ((Choice) o).identityAcceptable;
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
