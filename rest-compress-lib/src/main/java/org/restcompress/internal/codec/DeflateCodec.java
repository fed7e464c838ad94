package org.restcompress.internal.codec;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/**
 * The {@code deflate} coding: zlib-wrapped deflate (RFC 1950) as RFC 9110 section 8.4.1.2 defines it. Decoding also
 * accepts raw deflate (RFC 1951), which some clients send under this name. Setting: {@code restcompress.deflate.level}.
 */
public final class DeflateCodec implements ContentCodec {

    public static final String TOKEN = "deflate";

    private final DeflateSettings settings;

    public DeflateCodec() {
        this(DeflateSettings.DEFAULTS);
    }

    public DeflateCodec(int level) {
        this(new DeflateSettings(level));
    }

    public DeflateCodec(DeflateSettings settings) {
        this.settings = settings;
    }

    public int level() {
        return settings.level();
    }

    @Override
    public String token() {
        return TOKEN;
    }

    @Override
    public OutputStream encode(OutputStream sink) {
        return new DeflaterEncoder(sink, new Deflater(settings.level(), false));
    }

    @Override
    public InputStream decode(InputStream source) {
        return new ZlibDecoder(source);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new DeflateCodec(DeflateSettings.from(options, settings));
    }
}
