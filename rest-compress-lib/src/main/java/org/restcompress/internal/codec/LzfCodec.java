package org.restcompress.internal.codec;

import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFOutputStream;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import java.io.InputStream;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;

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
            ChunkEncoderFactory.optimalInstance(16).close();
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

    @Override
    public OutputStream encode(OutputStream sink) {
        ChunkEncoder encoder = UNSAFE_ENCODER_OK
                ? ChunkEncoderFactory.optimalInstance()
                : ChunkEncoderFactory.safeInstance();
        return new LZFOutputStream(encoder, sink).setFinishBlockOnFlush(true);
    }

    @Override
    public InputStream decode(InputStream source) {
        return new LzfDecoder(source);
    }
}
