package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.Setting;

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
        Setting.GZIP_LEVEL.check(level);
        Setting.GZIP_PADDING.check(padding);
    }

    static GzipSettings from(CodecOptions options, GzipSettings base) {
        return new GzipSettings(options.getInt(Setting.GZIP_LEVEL.option(), base.level()),
                options.getInt(Setting.GZIP_PADDING.option(), base.padding()));
    }
}
