package org.restcompress.internal.codec;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.Setting;

/**
 * The {@code deflate} coding: zlib-wrapped deflate (RFC 1950) as RFC 9110 section 8.4.1.2 defines it. Decoding also
 * accepts raw deflate (RFC 1951), which some clients send under this name.
 */
public final class DeflateCodec implements ContentCodec {

    public static final String TOKEN = "deflate";

    private final int level;

    public DeflateCodec() {
        this(GzipCodec.DEFAULT_LEVEL);
    }

    public DeflateCodec(int level) {
        this.level = Setting.DEFLATE_LEVEL.check(level);
    }

    public int level() {
        return level;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    @Override
    public OutputStream encode(OutputStream sink) {
        return new DeflaterEncoder(sink, new Deflater(level, false));
    }

    @Override
    public InputStream decode(InputStream source) {
        return new ZlibDecoder(source);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new DeflateCodec(options.getInt(Setting.DEFLATE_LEVEL.option(), level));
    }
}
