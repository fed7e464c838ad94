package org.restcompress.io;

/** The decoded body would exceed the configured limit; decoding stopped before passing it. */
public final class ContentTooLargeException extends ContentDecodingException {

    private static final long serialVersionUID = 1L;

    private final long limit;

    public ContentTooLargeException(String coding, long limit) {
        super(coding, "decoded " + coding + " content exceeds the limit of " + limit + " bytes", null);
        this.limit = limit;
    }

    public long limit() {
        return limit;
    }
}
