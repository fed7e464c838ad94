package org.restcompress.internal.codec;

import java.io.IOException;

/** A {@code Content-Encoding} names a coding this process cannot decode, or stacks more than allowed. */
public final class UnsupportedCodingException extends IOException {

    private static final long serialVersionUID = 1L;

    public UnsupportedCodingException(String message) {
        super(message);
    }
}
