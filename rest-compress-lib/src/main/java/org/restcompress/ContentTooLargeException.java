package org.restcompress;

/** The decoded body would exceed the configured limit; decoding stopped before passing it. */
public final class ContentTooLargeException extends ContentDecodingException {

    private static final long serialVersionUID = 1L;

    /** The size limit, or -1 for the expansion ratio. */
    private final long limit;

    /**
     * The body decodes to more than {@code limit} bytes.
     *
     * @param coding the coding being decoded
     * @param limit the limit in bytes
     */
    public ContentTooLargeException(String coding, long limit) {
        this(coding, limit, "decoded " + coding + " content exceeds the limit of " + limit + " bytes");
    }

    private ContentTooLargeException(String coding, long limit, String message) {
        super(coding, message, null);
        this.limit = limit;
    }

    /**
     * The body expands more than {@code ratio} times its coded size.
     *
     * @param coding the coding being decoded
     * @param ratio the ratio exceeded
     * @return the exception
     */
    public static ContentTooLargeException ratio(String coding, int ratio) {
        return new ContentTooLargeException(coding, -1,
                "decoded " + coding + " content expands more than " + ratio + ":1");
    }

    /**
     * The size limit in bytes, or -1 when the expansion ratio was exceeded.
     *
     * @return the limit, or -1
     */
    public long limit() {
        return limit;
    }
}
