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

    private final GzipSettings settings;

    public GzipCodec() {
        this(GzipSettings.DEFAULTS);
    }

    public GzipCodec(int level) {
        this(new GzipSettings(level, 0));
    }

    public GzipCodec(int level, int padding) {
        this(new GzipSettings(level, padding));
    }

    public GzipCodec(GzipSettings settings) {
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
    public Set<String> aliases() {
        return Set.of("x-gzip");
    }

    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        return new GzipEncoder(sink, new Deflater(settings.level(), true), settings.padding());
    }

    @Override
    public InputStream decode(InputStream source) {
        return new GzipDecoder(source);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new GzipCodec(GzipSettings.from(options, settings));
    }
}
