package org.restcompress.testcodec;

import java.io.InputStream;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;

/** A codec whose native part does not load on this platform, as zstd or brotli would fail: the registry skips it. */
public final class UnavailableCodec implements ContentCodec {

    public UnavailableCodec() {
        throw new UnsatisfiedLinkError("no native library for this platform");
    }

    @Override
    public String token() {
        return "x-unavailable";
    }

    @Override
    public OutputStream encode(OutputStream sink) {
        throw new AssertionError("never constructed");
    }

    @Override
    public InputStream decode(InputStream source) {
        throw new AssertionError("never constructed");
    }
}
