package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.Setting;

/** {@code restcompress.deflate.level} (1 to 9). */
public record DeflateSettings(int level) {

    public static final DeflateSettings DEFAULTS = new DeflateSettings(GzipSettings.DEFAULT_LEVEL);

    public DeflateSettings {
        Setting.DEFLATE_LEVEL.check(level);
    }

    static DeflateSettings from(CodecOptions options, DeflateSettings base) {
        return new DeflateSettings(options.getInt(Setting.DEFLATE_LEVEL.option(), base.level()));
    }
}
