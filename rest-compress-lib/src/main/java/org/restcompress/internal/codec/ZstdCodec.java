package org.restcompress.internal.codec;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictContentType;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.util.Native;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.lifecycle.Lifecycle;

/**
 * The {@code zstd} coding (RFC 8878) through zstd-jni, active when zstd-jni and its native library load. As RFC 9659
 * requires of HTTP, frames use a window of at most 8 MB, and frames that need a larger one are refused when
 * decoding, so a sender cannot make us allocate a huge window. Encoding contexts are pooled, two per core, in one
 * pool per setting shared by every registry (clients come and go): a fresh one costs more than compressing a small
 * body. Idle contexts are freed when the applications using the library stop ({@link Lifecycle}). Above level
 * {@value #MAX_POOLED_LEVEL} contexts are large and the compression dominates, so they are not pooled. Settings:
 * {@code restcompress.zstd.level} (1 to 19, default 3) and {@code restcompress.zstd.window-log} (10 to 23; default:
 * zstd's choice for the level); for event streams {@code event-window-log} and {@code event-hash-log}
 * ({@link ZstdSettings}).
 */
public final class ZstdCodec implements ContentCodec {

    public static final String TOKEN = "zstd";
    /** RFC 9659: 8 MB. */
    public static final int MAX_WINDOW_LOG = ZstdSettings.MAX_WINDOW_LOG;
    static final int MAX_POOLED_LEVEL = 9;

    private static final Map<List<Integer>, ZstdEncoder.Pool> POOLS = new ConcurrentHashMap<>();

    static { // the pools' idle native contexts are freed when the last application using the library stops
        Lifecycle.whenAllEnd(ZstdCodec::drainPools);
    }

    /** Frees every pool's idle native contexts; the pools stay usable (a context in use goes back as usual). */
    static void drainPools() {
        POOLS.values().forEach(ZstdEncoder.Pool::drain);
    }

    /** An event stream's output buffer: it stays allocated for as long as the stream is open. */
    private static final int EVENT_BUFFER_SIZE = 2 * 1024;

    private final ZstdSettings settings;
    private final boolean events;
    private final ZstdEncoder.Pool pool;
    private volatile ZstdCodec eventVariant;

    public ZstdCodec() {
        this(ZstdSettings.DEFAULTS);
    }

    /** {@code windowLog} 0 leaves the window to zstd (at levels up to 19 it stays within 8 MB). */
    public ZstdCodec(int level, int windowLog) {
        this(new ZstdSettings(level, windowLog));
    }

    public ZstdCodec(ZstdSettings settings) {
        this(settings, false);
    }

    private ZstdCodec(ZstdSettings settings, boolean events) {
        Native.load(); // fails here, at registry loading, when the native part is missing
        this.settings = settings;
        this.events = events;
        int capacity = settings.level() <= MAX_POOLED_LEVEL ? 2 * Runtime.getRuntime().availableProcessors() : 0;
        this.pool = POOLS.computeIfAbsent(List.of(settings.level(), settings.windowLog(), capacity,
                events ? settings.eventHashLog() : 0),
                key -> new ZstdEncoder.Pool(capacity, this::configure, events ? EVENT_BUFFER_SIZE : 64 * 1024));
    }

    private void configure(ZstdCompressCtx context) {
        context.setLevel(settings.level()).setChecksum(true);
        if (settings.windowLog() != 0) {
            context.setWindowLog(settings.windowLog());
        }
        if (events) { // the tables zstd sizes for large inputs are most of a context's memory
            context.setHashLog(settings.eventHashLog()).setChainLog(settings.eventHashLog());
        }
    }

    /** A small window and small tables: 60 KiB per open stream at level 3 (zstd's own parameters: 2.9 MiB). */
    @Override
    public ContentCodec forEventStreams() {
        ZstdCodec variant = events ? this : eventVariant;
        if (variant == null) {
            variant = new ZstdCodec(settings.forEvents(), true);
            eventVariant = variant; // a race makes two equal ones, sharing one pool
        }
        return variant;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    @Override
    public OutputStream encode(OutputStream sink) {
        return new ZstdEncoder(sink, pool, context -> { });
    }

    /** Idle pooled encoding contexts (for tests: every stream gives its context back). */
    int idleContexts() {
        return pool.idle();
    }

    @Override
    public InputStream decode(InputStream source) throws IOException {
        return new ZstdInputStreamNoFinalizer(source, RecyclingBufferPool.INSTANCE).setLongMax(MAX_WINDOW_LOG);
    }

    /**
     * Encodes against {@code dictionary} taken as raw content (RFC 9842's {@code dcz}: a dictionary made by zstd's
     * trainer is raw content too there, as browsers load it), on a pooled context: giving it back resets the
     * dictionary with the parameters.
     */
    public OutputStream encode(OutputStream sink, byte[] dictionary) {
        return new ZstdEncoder(sink, pool, context -> context.loadDict(dictionary, ZstdDictContentType.RAW_CONTENT));
    }

    /**
     * Encodes against a dictionary prepared once by {@link #prepare} (referenced, not copied: cheap per response).
     * {@code prepared} must be a {@code ZstdDictCompress} from this codec's {@link #prepare}.
     */
    public OutputStream encode(OutputStream sink, Object prepared) {
        ZstdDictCompress dictionary = (ZstdDictCompress) prepared;
        return new ZstdEncoder(sink, pool, context -> context.loadDict(dictionary));
    }

    /**
     * {@code dictionary} digested for this codec's level, as raw content: for a dictionary many responses use. Its
     * native memory lives as long as the returned object.
     */
    public Object prepare(byte[] dictionary) {
        return new ZstdDictCompress(dictionary, settings.level(), ZstdDictContentType.RAW_CONTENT);
    }

    /** What a prepared dictionary depends on: the same for every codec with this setting. */
    public Object preparationKey() {
        return settings;
    }

    /**
     * Decodes a frame made against {@code dictionary} (raw content), allowing a window of up to 8 MB or 1.25 times
     * the dictionary, whichever is larger (RFC 9842 section 4.2). The native dictionary is freed on close.
     */
    public InputStream decode(InputStream source, byte[] dictionary) throws IOException {
        ZstdDictDecompress prepared = new ZstdDictDecompress(dictionary, ZstdDictContentType.RAW_CONTENT);
        try {
            ZstdInputStreamNoFinalizer stream = new ZstdInputStreamNoFinalizer(source, RecyclingBufferPool.INSTANCE)
                    .setLongMax(windowLogFor(dictionary.length)).setDict(prepared);
            return new FilterInputStream(stream) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        prepared.close();
                    }
                }
            };
        } catch (IOException | RuntimeException e) {
            prepared.close();
            throw e;
        }
    }

    /** The smallest window log covering max(8 MB, 1.25 x the dictionary). */
    static int windowLogFor(int dictionarySize) {
        long needed = Math.max(1L << MAX_WINDOW_LOG, dictionarySize + (long) dictionarySize / 4);
        return 64 - Long.numberOfLeadingZeros(needed - 1);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new ZstdCodec(ZstdSettings.from(options, settings));
    }
}
