package org.restcompress.bench;

import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.ning.compress.lzf.ChunkDecoder;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.LZFEncoder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.xxhash.XXHashFactory;

/**
 * What a developer would call without the library: each codec's own plain API at the library's default settings,
 * so that the benchmark's ratio library/raw is the cost of the library's layer. For LZF decoding that is
 * compress-lzf's bounds-checked decoder: its faster Unsafe one is not for untrusted input.
 */
final class RawCodecs {

    private static final ChunkDecoder LZF_SAFE = ChunkDecoderFactory.safeInstance();
    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();
    private static final XXHashFactory XXHASH = XXHashFactory.fastestInstance();

    private RawCodecs() {
    }

    static byte[] encode(String coding, byte[] body) throws IOException {
        if (coding.startsWith("gzip-")) {
            int level = Integer.parseInt(coding.substring(5));
            return stream(new ByteArrayOutputStream(), out -> new GZIPOutputStream(out) {
                {
                    def.setLevel(level);
                }
            }, body);
        }
        switch (coding) {
            case "lzf":
                return LZFEncoder.encode(body);
            case "zstd":
                return Zstd.compress(body, 3);
            case "br":
                return Encoder.compress(body, new Encoder.Parameters().setQuality(4).setWindow(22));
            case "gzip":
                return stream(new ByteArrayOutputStream(), GZIPOutputStream::new, body);
            case "deflate":
                return stream(new ByteArrayOutputStream(), DeflaterOutputStream::new, body);
            case "lz4": // the library's settings: 64 KB blocks, the fastest compressor, a content checksum
                return stream(new ByteArrayOutputStream(), out -> new LZ4FrameOutputStream(out,
                        LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB, -1L, LZ4.fastCompressor(), XXHASH.hash32(),
                        LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
                        LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM), body);
            default:
                throw new IllegalArgumentException(coding);
        }
    }

    static byte[] decode(String coding, byte[] encoded, int originalSize) throws IOException {
        switch (coding.startsWith("gzip-") ? "gzip" : coding) {
            case "lzf":
                // the bounds-checked decoder, as the library must use on untrusted input: ours/raw is our layer
                return LZF_SAFE.decode(encoded);
            case "zstd":
                return Zstd.decompress(encoded, originalSize);
            case "br":
                return Decoder.decompress(encoded).getDecompressedData();
            case "gzip":
                return read(new GZIPInputStream(new ByteArrayInputStream(encoded)));
            case "deflate":
                return read(new InflaterInputStream(new ByteArrayInputStream(encoded)));
            case "lz4":
                return read(new LZ4FrameInputStream(new ByteArrayInputStream(encoded), LZ4.safeDecompressor(),
                        XXHASH.hash32()));
            default:
                throw new IllegalArgumentException(coding);
        }
    }

    private interface Wrapper {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private static byte[] stream(ByteArrayOutputStream sink, Wrapper wrapper, byte[] body) throws IOException {
        try (OutputStream out = wrapper.wrap(sink)) {
            out.write(body);
        }
        return sink.toByteArray();
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }
}
