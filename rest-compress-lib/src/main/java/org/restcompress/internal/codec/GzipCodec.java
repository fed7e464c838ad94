package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.zip.Deflater;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.Setting;

/**
 * The {@code gzip} coding (RFC 1952), also read as {@code x-gzip}. With {@code restcompress.gzip.padding} set, each
 * response carries 0 to that many random bytes in the header's comment field, which every reader skips, so that the
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
        this(DEFAULT_LEVEL, 0);
    }

    public GzipCodec(int level) {
        this(level, 0);
    }

    public GzipCodec(int level, int padding) {
        this.level = Setting.GZIP_LEVEL.check(level);
        this.padding = Setting.GZIP_PADDING.check(padding);
    }

    public int level() {
        return level;
    }

    public int padding() {
        return padding;
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
        return new GzipCodec(options.getInt(Setting.GZIP_LEVEL.option(), level),
                options.getInt(Setting.GZIP_PADDING.option(), padding));
    }
}
