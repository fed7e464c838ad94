package org.restcompress;

/** The coded body is malformed or truncated. */
public final class CorruptContentException extends ContentDecodingException {

    private static final long serialVersionUID = 1L;

    /**
     * The body is not valid in {@code coding}.
     *
     * @param coding the coding being decoded
     * @param cause what the decoder found
     */
    public CorruptContentException(String coding, Throwable cause) {
        super(coding, "corrupt " + coding + " content: " + describe(cause), cause);
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }
}
