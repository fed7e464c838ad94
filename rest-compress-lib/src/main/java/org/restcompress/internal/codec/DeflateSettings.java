package org.restcompress.internal.codec;

import java.util.zip.Deflater;
import org.restcompress.codec.CodecOptions;

/** {@code restcompress.deflate.level} (1 to 9). */
public record DeflateSettings(int level) {

    public static final DeflateSettings DEFAULTS = new DeflateSettings(GzipSettings.DEFAULT_LEVEL);

    public DeflateSettings {
        Settings.inRange(DeflateCodec.TOKEN, "level", level, Deflater.BEST_SPEED, Deflater.BEST_COMPRESSION);
    }

    static DeflateSettings from(CodecOptions options, DeflateSettings base) {
        return new DeflateSettings(options.getInt("level", base.level()));
    }
}
