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

    private final BrotliSettings settings;

    public BrotliCodec() {
        this(BrotliSettings.DEFAULTS);
    }

    public BrotliCodec(int quality, int window) {
        this(new BrotliSettings(quality, window));
    }

    public BrotliCodec(BrotliSettings settings) {
        Brotli4jLoader.ensureAvailability(); // fails here, at registry loading, when the native part is missing
        this.settings = settings;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    /** brotli4j's flush ends a meta-block but does not flush the sink: this one does, as codecs must. */
    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        return new BrotliOutputStream(sink, new Encoder.Parameters().setQuality(settings.quality()).setWindow(settings.window())) {
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
        return new BrotliCodec(BrotliSettings.from(options, settings));
    }
}
