package org.restcompress.internal.codec;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.xxhash.XXHashFactory;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/**
 * The private {@code lz4} coding: the LZ4 frame format (what the {@code lz4} command line tool reads and writes)
 * through lz4-java, active when lz4-java is on the classpath; it uses its native library when that loads. Meant for
 * Java-to-Java traffic on fast links. A body is one frame, with a content checksum; decoding uses the bounds-checked
 * decompressor and reads exactly one frame: lz4-java allocates two block buffers (up to 4 MB each) per frame header,
 * so a body of many empty frames would otherwise make a few bytes cost gigabytes of allocation. Setting:
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

    /** lz4-java reports malformed blocks with an unchecked LZ4Exception: turned into the IOException codecs throw. */
    @Override
    public InputStream decode(InputStream source) throws IOException {
        InputStream frame = new LZ4FrameInputStream(source, LZ4.safeDecompressor(), XXHASH.hash32(), true);
        return new FilterInputStream(frame) {
            private final byte[] one = new byte[1];

            @Override
            public int read() throws IOException {
                return SingleByte.read(this, one);
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n;
                try {
                    n = in.read(b, off, len);
                } catch (RuntimeException e) {
                    throw new IOException("corrupt LZ4 frame: " + e.getMessage(), e);
                }
                if (n < 0 && source.read() >= 0) {
                    throw new IOException("unexpected data after the LZ4 frame");
                }
                return n;
            }
        };
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return options.get("block-size").map(value -> new Lz4Codec(blockSize(options.key("block-size"), value)))
                .orElse(this);
    }

    private static LZ4FrameOutputStream.BLOCKSIZE blockSize(String key, String value) {
        switch (value.trim().toUpperCase(java.util.Locale.ROOT)) {
            case "64K":
                return LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB;
            case "256K":
                return LZ4FrameOutputStream.BLOCKSIZE.SIZE_256KB;
            case "1M":
                return LZ4FrameOutputStream.BLOCKSIZE.SIZE_1MB;
            case "4M":
                return LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB;
            default:
                throw new IllegalArgumentException(key + " must be 64K, 256K, 1M or 4M, was '" + value + "'");
        }
    }
}
