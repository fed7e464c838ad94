package org.restcompress.internal.codec;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFOutputStream;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.Setting;

/**
 * The private {@code lzf} coding: compress-lzf's chunked "ZV" format (the C liblzf {@code lzf} tool reads and writes it
 * too). Much faster than gzip at a somewhat lower ratio, which wins on fast links. A flush ends the current chunk, so
 * every flushed byte is decodable at once.
 */
public final class LzfCodec implements ContentCodec {

    public static final String TOKEN = "lzf";

    private static final System.Logger LOG = System.getLogger(LzfCodec.class.getName());

    /**
     * compress-lzf's Unsafe encoder where it can run, else its plain-Java one. From JDK 24 on, sun.misc.Unsafe memory
     * access prints warnings (JEP 498), so not there. Nor where this class's loader cannot see sun.misc.Unsafe (module
     * jdk.unsupported): a WildFly deployment by default, a named module without {@code requires jdk.unsupported}.
     * {@link ChunkEncoderFactory#optimalInstance()} only falls back on an Exception, so there its
     * NoClassDefFoundError would fail every lzf response; hence the probe, once.
     */
    private static final boolean UNSAFE_ENCODER_OK = Runtime.version().feature() < 24 && unsafeEncoderLoads();

    private static boolean unsafeEncoderLoads() {
        try {
            // with a recycler of its own: the factory's default one is a ThreadLocal of the thread that loads this
            ChunkEncoderFactory.optimalInstance(16, new BufferRecycler()).close();
            return true;
        } catch (LinkageError e) {
            LOG.log(System.Logger.Level.INFO, "rest-compress: lzf uses compress-lzf's plain-Java encoder, "
                    + "sun.misc.Unsafe is not visible here: " + e);
            return false;
        }
    }

    @Override
    public String token() {
        return TOKEN;
    }

    /**
     * An event stream's chunk size: the buffers and the hash table scale with it (81 KiB per stream, not 195). At least
     * 8192: compress-lzf's buffers are never smaller than 8000 bytes.
     */
    public static final int DEFAULT_EVENT_CHUNK_SIZE = 8192;

    private final int chunkSize;
    private final int eventChunkSize;

    public LzfCodec() {
        this(LZFChunk.MAX_CHUNK_LEN, DEFAULT_EVENT_CHUNK_SIZE);
    }

    private LzfCodec(int chunkSize, int eventChunkSize) {
        this.chunkSize = chunkSize;
        this.eventChunkSize = eventChunkSize;
        this.recyclers = new ArrayBlockingQueue<>(POOLED);
    }

    /** Buffers kept for reuse: about 200 KB each; enough for the responses a server encodes at once. */
    static final int POOLED = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    /** How many buffer sets wait for reuse (for tests). */
    int pooled() {
        return recyclers.size();
    }

    /**
     * Buffers for full-size chunks, reused across responses: compress-lzf's default keeps them in a
     * {@code ThreadLocal} of every thread that encoded, where they outlive an undeployed application on a container's
     * pooled threads (and hold its class loader). These go with this codec, so with the application. Bounded: a
     * burst beyond it allocates, and what it returns past the bound is dropped.
     */
    private final BlockingQueue<BufferRecycler> recyclers;

    @Override
    public OutputStream encode(OutputStream sink) {
        if (chunkSize == LZFChunk.MAX_CHUNK_LEN) {
            BufferRecycler recycler = recyclers.poll();
            BufferRecycler buffers = recycler != null ? recycler : new BufferRecycler();
            ChunkEncoder encoder = UNSAFE_ENCODER_OK
                    ? ChunkEncoderFactory.optimalInstance(buffers)
                    : ChunkEncoderFactory.safeInstance(buffers);
            return new Recycling(new LZFOutputStream(encoder, sink, buffers).setFinishBlockOnFlush(true), buffers);
        }
        // Buffers of this stream's own: the pool's full-size ones are larger than the encoder can take.
        BufferRecycler own = new BufferRecycler();
        ChunkEncoder encoder = UNSAFE_ENCODER_OK
                ? ChunkEncoderFactory.optimalInstance(chunkSize, own)
                : ChunkEncoderFactory.safeInstance(chunkSize, own);
        return new LZFOutputStream(encoder, sink, chunkSize, own).setFinishBlockOnFlush(true);
    }

    /** Hands its buffers back to the pool once closed; an encoder abandoned unclosed leaves them to the collector. */
    private final class Recycling extends FilterOutputStream {
        private BufferRecycler buffers;

        Recycling(LZFOutputStream lzf, BufferRecycler buffers) {
            super(lzf);
            this.buffers = buffers;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            BufferRecycler returned = buffers;
            buffers = null;
            try {
                out.close(); // releases the encoder's buffers into the recycler (a failed close keeps them: harmless)
            } finally {
                if (returned != null) {
                    recyclers.offer(returned);
                }
            }
        }
    }

    /** Chunks of {@code restcompress.lzf.event-chunk-size} (default 8192; LZF keeps no context across chunks). */
    @Override
    public ContentCodec forEventStreams() {
        return chunkSize == eventChunkSize ? this : new LzfCodec(eventChunkSize, eventChunkSize);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new LzfCodec(chunkSize,
                Setting.LZF_EVENT_CHUNK_SIZE.check(
                        options.getInt(Setting.LZF_EVENT_CHUNK_SIZE.option(), eventChunkSize)));
    }

    @Override
    public InputStream decode(InputStream source) {
        return new LzfDecoder(source);
    }
}
