package org.restcompress;

import java.io.IOException;

/** A coded body that cannot be decoded. The server answers 400 or 413; the client throws a ProcessingException. */
public abstract class ContentDecodingException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The coding being decoded. */
    private final String coding;

    ContentDecodingException(String coding, String message, Throwable cause) {
        super(message, cause);
        this.coding = coding;
    }

    /**
     * The content coding (or, for stacked codings, the list) being decoded.
     *
     * @return the coding token, or the comma-separated list
     */
    public String coding() {
        return coding;
    }
}
