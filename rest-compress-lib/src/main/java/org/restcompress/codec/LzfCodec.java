package org.restcompress.codec;

import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFOutputStream;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The private {@code lzf} coding: compress-lzf's chunked "ZV" format (the C liblzf {@code lzf} tool reads and writes it
 * too). Much faster than gzip at a somewhat lower ratio, which wins on fast links. A flush ends the current chunk, so
 * every flushed byte is decodable at once.
 */
public final class LzfCodec implements ContentCodec {

    public static final String TOKEN = "lzf";

    /** From JDK 24 on, sun.misc.Unsafe memory access prints warnings (JEP 498): use the plain-Java encoder there. */
    private static final boolean UNSAFE_ENCODER_OK = Runtime.version().feature() < 24;

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
