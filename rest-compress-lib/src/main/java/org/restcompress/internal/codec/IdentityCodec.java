package org.restcompress.internal.codec;

import java.io.InputStream;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;

/** The {@code identity} coding: no transformation. Accepted in a request's {@code Content-Encoding}. */
public final class IdentityCodec implements ContentCodec {

    public static final String TOKEN = "identity";

    @Override
    public String token() {
        return TOKEN;
    }

    @Override
    public OutputStream encode(OutputStream sink) {
        return sink;
    }

    @Override
    public InputStream decode(InputStream source) {
        return source;
    }
}
