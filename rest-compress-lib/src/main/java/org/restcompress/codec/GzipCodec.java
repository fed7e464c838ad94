package org.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.zip.Deflater;

/** The {@code gzip} coding (RFC 1952), also read as {@code x-gzip}. Setting: {@code restcompress.gzip.level}. */
public final class GzipCodec implements ContentCodec {

    public static final String TOKEN = "gzip";
    /** zlib's own default, and what RESTEasy's and the JDK's gzip streams use. */
    public static final int DEFAULT_LEVEL = 6;

    private final int level;

    public GzipCodec() {
        this(DEFAULT_LEVEL);
    }

    public GzipCodec(int level) {
        this.level = DeflateCodec.checkLevel(level);
    }

    public int level() {
        return level;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    @Override
    public Set<String> aliases() {
        return Set.of("x-gzip");
    }

    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        return new GzipEncoder(sink, new Deflater(level, true));
    }

    @Override
    public InputStream decode(InputStream source) {
        return new GzipDecoder(source);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new GzipCodec(options.getInt("level", level, Deflater.BEST_SPEED, Deflater.BEST_COMPRESSION));
    }
}
