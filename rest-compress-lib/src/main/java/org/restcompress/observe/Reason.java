package org.restcompress.observe;

/** Why a response is, or is not, encoded: one value per rule of the decision, with its header token. */
public enum Reason {
    /** Encoded in the coding the client's {@code Accept-Encoding} and the server's preference chose. */
    NEGOTIATED("negotiated"),
    /** Encoded against a dictionary the client named ({@code dcz}, {@code dcb}: RFC 9842). */
    DICTIONARY("dictionary"),
    /**
     * {@code preference=auto}: chosen by expected delivery time among the codings the client values equally (and
     * identity): the decision names the estimate.
     */
    AUTO("auto"),
    /** HEAD: the headers GET would get, and no body to encode. */
    HEAD("head"),
    /** The request had no {@code Accept-Encoding}. */
    NO_ACCEPT_ENCODING("no-accept-encoding"),
    /** The client values identity above every coding on offer. */
    IDENTITY_PREFERRED("identity-preferred"),
    /** The client accepts none of the codings on offer (identity still acceptable). */
    NONE_ACCEPTABLE("none-acceptable"),
    /** The client refuses identity and every coding on offer: 406. */
    NOT_ACCEPTABLE("not-acceptable"),
    /** The response has no body. */
    NO_ENTITY("no-entity"),
    /** 1xx, 204, 206 or 304. */
    STATUS("status"),
    /** The response already carries a {@code Content-Encoding}: never two codings on one body. */
    ALREADY_ENCODED("already-encoded"),
    /** The response is a byte range ({@code Content-Range}). */
    BYTE_RANGE("byte-range"),
    /** Its media type is one of {@code restcompress.excluded-media-types}. */
    EXCLUDED_MEDIA_TYPE("excluded-media-type"),
    /** The application's {@code excludeResponses} predicate excluded it. */
    EXCLUDED_BY_PREDICATE("excluded-by-predicate"),
    /** {@code @Uncompressed} on the method or its class. */
    UNCOMPRESSED("uncompressed"),
    /** The body ended short of the threshold. */
    BELOW_THRESHOLD("below-threshold"),
    /** The coding's encoder could not start (a native context not to be had): the body went out as it is. */
    ENCODER_UNAVAILABLE("encoder-unavailable");

    private final String token;

    Reason(String token) {
        this.token = token;
    }

    /**
     * The reason as it appears in logs and in the {@code Compression-Decision} header.
     *
     * @return the token
     */
    public String token() {
        return token;
    }
}
