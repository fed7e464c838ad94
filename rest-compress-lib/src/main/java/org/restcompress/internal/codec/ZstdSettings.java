package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;

/**
 * {@code restcompress.zstd.level} (1 to 19) and {@code restcompress.zstd.window-log} (10 to 23, RFC 9659's 8 MB; 0
 * leaves the window to zstd, which stays within 8 MB at these levels).
 */
public record ZstdSettings(int level, int windowLog) {

    /** RFC 9659: 8 MB. */
    public static final int MAX_WINDOW_LOG = 23;
    public static final int DEFAULT_LEVEL = 3;
    public static final ZstdSettings DEFAULTS = new ZstdSettings(DEFAULT_LEVEL, 0);

    public ZstdSettings {
        Settings.inRange(ZstdCodec.TOKEN, "level", level, 1, 19);
        if (windowLog != 0) {
            Settings.inRange(ZstdCodec.TOKEN, "window-log", windowLog, 10, MAX_WINDOW_LOG);
        }
    }

    static ZstdSettings from(CodecOptions options, ZstdSettings base) {
        return new ZstdSettings(options.getInt("level", base.level()), options.getInt("window-log", base.windowLog()));
    }
}
