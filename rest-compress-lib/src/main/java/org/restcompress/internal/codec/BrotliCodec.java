package org.restcompress.internal.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/**
 * The {@code br} coding (RFC 7932) through brotli4j, active when brotli4j and its native library for this platform
 * load. Settings: {@code restcompress.br.quality} (0 to 11, default {@value #DEFAULT_QUALITY}: dynamic responses want
 * a low quality; 11 is for precompressed files) and {@code restcompress.br.window} (10 to 24, default 22).
 */
public final class BrotliCodec implements ContentCodec {

    public static final String TOKEN = "br";
    public static final int DEFAULT_QUALITY = 4;
    public static final int DEFAULT_WINDOW = 22;

    private final int quality;
    private final int window;

    public BrotliCodec() {
        this(DEFAULT_QUALITY, DEFAULT_WINDOW);
    }

    public BrotliCodec(int quality, int window) {
        Brotli4jLoader.ensureAvailability(); // fails here, at registry loading, when the native part is missing
        if (quality < 0 || quality > 11) {
            throw new IllegalArgumentException("brotli quality must be 0 to 11, was " + quality);
        }
        if (window < 10 || window > 24) {
            throw new IllegalArgumentException("brotli window must be 10 to 24, was " + window);
        }
        this.quality = quality;
        this.window = window;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    /** brotli4j's flush ends a meta-block but does not flush the sink: this one does, as codecs must. */
    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        return new BrotliOutputStream(sink, new Encoder.Parameters().setQuality(quality).setWindow(window)) {
            @Override
            public void flush() throws IOException {
                super.flush();
                sink.flush();
            }
        };
    }

    @Override
    public InputStream decode(InputStream source) throws IOException {
        return new BrotliDecoder(source);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new BrotliCodec(options.getInt("quality", quality, 0, 11), options.getInt("window", window, 10, 24));
    }
}
