package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;

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
        Settings.inRange(BrotliCodec.TOKEN, "quality", quality, 0, 11);
        Settings.inRange(BrotliCodec.TOKEN, "window", window, 10, 24);
        Settings.inRange(BrotliCodec.TOKEN, "event-window", eventWindow, 10, 24);
    }

    public BrotliSettings(int quality, int window) {
        this(quality, window, DEFAULT_EVENT_WINDOW);
    }

    static BrotliSettings from(CodecOptions options, BrotliSettings base) {
        return new BrotliSettings(options.getInt("quality", base.quality()), options.getInt("window", base.window()),
                options.getInt("event-window", base.eventWindow()));
    }
}
