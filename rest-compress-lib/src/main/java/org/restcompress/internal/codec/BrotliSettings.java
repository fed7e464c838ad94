package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;

/**
 * {@code restcompress.br.quality} (0 to 11; dynamic responses want a low one, 11 is for precompressed files) and
 * {@code restcompress.br.window} (10 to 24).
 */
public record BrotliSettings(int quality, int window) {

    public static final int DEFAULT_QUALITY = 4;
    public static final int DEFAULT_WINDOW = 22;
    public static final BrotliSettings DEFAULTS = new BrotliSettings(DEFAULT_QUALITY, DEFAULT_WINDOW);

    public BrotliSettings {
        Settings.inRange(BrotliCodec.TOKEN, "quality", quality, 0, 11);
        Settings.inRange(BrotliCodec.TOKEN, "window", window, 10, 24);
    }

    static BrotliSettings from(CodecOptions options, BrotliSettings base) {
        return new BrotliSettings(options.getInt("quality", base.quality()), options.getInt("window", base.window()));
    }
}
