package org.restcompress.internal.codec;

import java.util.zip.Deflater;
import org.restcompress.codec.CodecOptions;

/**
 * {@code restcompress.gzip.level} (1 to 9) and {@code restcompress.gzip.padding} (0 to {@value #MAX_PADDING} random
 * bytes in the header's comment field, against BREACH).
 */
public record GzipSettings(int level, int padding) {

    /** zlib's own default, and what RESTEasy's and the JDK's gzip streams use. */
    public static final int DEFAULT_LEVEL = 6;
    public static final int MAX_PADDING = 1024;
    public static final GzipSettings DEFAULTS = new GzipSettings(DEFAULT_LEVEL, 0);

    public GzipSettings {
        Settings.inRange(GzipCodec.TOKEN, "level", level, Deflater.BEST_SPEED, Deflater.BEST_COMPRESSION);
        Settings.inRange(GzipCodec.TOKEN, "padding", padding, 0, MAX_PADDING);
    }

    static GzipSettings from(CodecOptions options, GzipSettings base) {
        return new GzipSettings(options.getInt("level", base.level()), options.getInt("padding", base.padding()));
    }
}
