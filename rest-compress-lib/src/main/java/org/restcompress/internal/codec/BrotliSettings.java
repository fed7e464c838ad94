package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.Setting;

/**
 * {@code restcompress.br.quality} (0 to 11; dynamic responses want a low one, 11 is for precompressed files),
 * {@code restcompress.br.window} (10 to 24) and, for event streams, {@code restcompress.br.event-window} (10 to 24,
 * default {@value #DEFAULT_EVENT_WINDOW}). At qualities 2 and up brotli's hash tables dominate its memory (over 300 KiB
 * per open stream whatever the window); at 1, 39 KiB, but it hardly uses earlier events.
 */
public record BrotliSettings(int quality, int window, int eventWindow) {

    public static final int DEFAULT_QUALITY = 4;
    public static final int DEFAULT_WINDOW = 22;
    public static final int DEFAULT_EVENT_WINDOW = 16;
    public static final BrotliSettings DEFAULTS = new BrotliSettings(DEFAULT_QUALITY, DEFAULT_WINDOW);

    public BrotliSettings {
        Setting.BR_QUALITY.check(quality);
        Setting.BR_WINDOW.check(window);
        Setting.BR_EVENT_WINDOW.check(eventWindow);
    }

    public BrotliSettings(int quality, int window) {
        this(quality, window, DEFAULT_EVENT_WINDOW);
    }

    static BrotliSettings from(CodecOptions options, BrotliSettings base) {
        return new BrotliSettings(options.getInt(Setting.BR_QUALITY.option(), base.quality()),
                options.getInt(Setting.BR_WINDOW.option(), base.window()),
                options.getInt(Setting.BR_EVENT_WINDOW.option(), base.eventWindow()));
    }
}
