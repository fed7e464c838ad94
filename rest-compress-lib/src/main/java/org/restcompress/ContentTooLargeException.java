package org.restcompress;

/** The decoded body would exceed the configured limit; decoding stopped before passing it. */
public final class ContentTooLargeException extends ContentDecodingException {

    private static final long serialVersionUID = 1L;

    private final long limit;

    public ContentTooLargeException(String coding, long limit) {
        this(coding, limit, "decoded " + coding + " content exceeds the limit of " + limit + " bytes");
    }

    private ContentTooLargeException(String coding, long limit, String message) {
        super(coding, message, null);
        this.limit = limit;
    }

    /** The body expands more than {@code ratio} times its coded size. */
    public static ContentTooLargeException ratio(String coding, int ratio) {
        return new ContentTooLargeException(coding, -1,
                "decoded " + coding + " content expands more than " + ratio + ":1");
    }

    /** The size limit in bytes, or -1 when the expansion ratio was exceeded. */
    public long limit() {
        return limit;
    }
}
