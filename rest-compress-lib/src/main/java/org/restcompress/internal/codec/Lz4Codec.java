package org.restcompress.internal.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.xxhash.XXHashFactory;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.KeyValues;
import org.restcompress.internal.Setting;

/**
 * The private {@code lz4} coding: the LZ4 frame format (what the {@code lz4} command line tool reads and writes)
 * through lz4-java, active when lz4-java is on the classpath; it uses its native library when that loads. Meant for
 * Java-to-Java traffic on fast links. A body it encodes is one frame of independent blocks, with a content checksum;
 * it decodes what other encoders write too (several frames, skippable frames, linked blocks) with its own strict
 * reader ({@link Lz4FrameReader}), whose buffers are sized once per body, not per frame. Setting:
 * {@code restcompress.lz4.block-size} (64K, 256K, 1M or 4M).
 */
public final class Lz4Codec implements ContentCodec {

    public static final String TOKEN = "lz4";

    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();
    private static final XXHashFactory XXHASH = XXHashFactory.fastestInstance();

    private final LZ4FrameOutputStream.BLOCKSIZE blockSize;

    public Lz4Codec() {
        this(LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB);
    }

    public Lz4Codec(LZ4FrameOutputStream.BLOCKSIZE blockSize) {
        this.blockSize = blockSize;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        return new LZ4FrameOutputStream(sink, blockSize, -1L, LZ4.fastCompressor(), XXHASH.hash32(),
                LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM);
    }

    /** Every frame of the body, skippable ones skipped, blocks independent or linked: {@link Lz4FrameReader}. */
    @Override
    public InputStream decode(InputStream source) throws IOException {
        return new Lz4FrameReader(source, LZ4.safeDecompressor(), XXHASH);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return options.get(Setting.LZ4_BLOCK_SIZE.option())
                .map(value -> new Lz4Codec(blockSize(Setting.LZ4_BLOCK_SIZE.key(), value)))
                .orElse(this);
    }

    /** A size as every size key reads it ({@code 64K}, {@code 65536}, {@code 64KiB}), one of the frame's four. */
    private static LZ4FrameOutputStream.BLOCKSIZE blockSize(String key, String value) {
        long bytes;
        try {
            bytes = KeyValues.size(key, value);
        } catch (IllegalArgumentException notASize) {
            bytes = -1;
        }
        for (LZ4FrameOutputStream.BLOCKSIZE size : LZ4FrameOutputStream.BLOCKSIZE.values()) {
            if (1L << (8 + 2 * size.getIndicator()) == bytes) {
                return size;
            }
        }
        throw new IllegalArgumentException(key + " must be 64K, 256K, 1M or 4M, was '" + value + "'");
    }
}
