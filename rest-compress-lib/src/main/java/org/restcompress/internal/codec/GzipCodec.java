package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.zip.Deflater;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/**
 * The {@code gzip} coding (RFC 1952), also read as {@code x-gzip}. Settings: {@code restcompress.gzip.level} (1 to 9,
 * default 6) and {@code restcompress.gzip.padding} (0 to 1024, default 0): when set, every response carries a random
 * 0 to {@code padding} bytes in the gzip header's comment field, which every gzip reader skips, so that the
 * compressed length leaks less (a BREACH mitigation that makes the attack slower, not impossible).
 */
public final class GzipCodec implements ContentCodec {

    public static final String TOKEN = "gzip";
    /** zlib's own default, and what RESTEasy's and the JDK's gzip streams use. */
    public static final int DEFAULT_LEVEL = 6;

    public static final int MAX_PADDING = 1024;

    private final int level;
    private final int padding;

    public GzipCodec() {
        this(DEFAULT_LEVEL);
    }

    public GzipCodec(int level) {
        this(level, 0);
    }

    public GzipCodec(int level, int padding) {
        this.level = DeflateCodec.checkLevel(level);
        if (padding < 0 || padding > MAX_PADDING) {
            throw new IllegalArgumentException("gzip padding must be 0 to " + MAX_PADDING + ", was " + padding);
        }
        this.padding = padding;
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
        return new GzipEncoder(sink, new Deflater(level, true), padding);
    }

    @Override
    public InputStream decode(InputStream source) {
        return new GzipDecoder(source);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new GzipCodec(options.getInt("level", level, Deflater.BEST_SPEED, Deflater.BEST_COMPRESSION),
                options.getInt("padding", padding, 0, MAX_PADDING));
    }
}
