package org.restcompress.internal.codec;

import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.Setting;

/**
 * {@code restcompress.zstd.level} (1 to 19) and {@code restcompress.zstd.window-log} (10 to 23, RFC 9659's 8 MB; 0
 * leaves the window to zstd, which stays within 8 MB at these levels); for event streams, where a context stays open
 * per client, {@code restcompress.zstd.event-window-log} (10 to 23, default {@value #DEFAULT_EVENT_WINDOW_LOG}) and
 * {@code restcompress.zstd.event-hash-log} (6 to 20, default {@value #DEFAULT_EVENT_HASH_LOG}; the chain table's too):
 * at level 3, 60 KiB of native and heap memory per open stream, against 2.9 MiB with zstd's own parameters
 * (benchmarks/results/event-streams.md).
 */
public record ZstdSettings(int level, int windowLog, int eventWindowLog, int eventHashLog) {

    /** RFC 9659: 8 MB. */
    public static final int MAX_WINDOW_LOG = 23;
    public static final int DEFAULT_LEVEL = 3;
    public static final int DEFAULT_EVENT_WINDOW_LOG = 12;
    public static final int DEFAULT_EVENT_HASH_LOG = 10;
    public static final ZstdSettings DEFAULTS = new ZstdSettings(DEFAULT_LEVEL, 0);

    public ZstdSettings {
        Setting.ZSTD_LEVEL.check(level);
        if (windowLog != 0) {
            Setting.ZSTD_WINDOW_LOG.check(windowLog);
        }
        Setting.ZSTD_EVENT_WINDOW_LOG.check(eventWindowLog);
        Setting.ZSTD_EVENT_HASH_LOG.check(eventHashLog);
    }

    public ZstdSettings(int level, int windowLog) {
        this(level, windowLog, DEFAULT_EVENT_WINDOW_LOG, DEFAULT_EVENT_HASH_LOG);
    }

    /** The settings an event stream's context uses: the event window and tables, the same level. */
    ZstdSettings forEvents() {
        return new ZstdSettings(level, eventWindowLog, eventWindowLog, eventHashLog);
    }

    static ZstdSettings from(CodecOptions options, ZstdSettings base) {
        return new ZstdSettings(options.getInt(Setting.ZSTD_LEVEL.option(), base.level()),
                options.getInt(Setting.ZSTD_WINDOW_LOG.option(), base.windowLog()),
                options.getInt(Setting.ZSTD_EVENT_WINDOW_LOG.option(), base.eventWindowLog()),
                options.getInt(Setting.ZSTD_EVENT_HASH_LOG.option(), base.eventHashLog()));
    }
}
