package org.restcompress.it;

import com.ning.compress.lzf.LZFOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/** Test bodies, and encoders independent of the library for request bodies. */
public final class Bodies {

    private Bodies() {
    }

    /** Deterministic JSON of about {@code size} bytes, compressible like real API responses. */
    public static byte[] json(int size) {
        Random random = new Random(size);
        StringBuilder sb = new StringBuilder(size + 200).append('[');
        while (sb.length() < size - 2) {
            sb.append("{\"id\":").append(random.nextInt(1_000_000))
                    .append(",\"station\":\"ST-").append(random.nextInt(900))
                    .append("\",\"temperature\":").append(Math.round(random.nextGaussian() * 1000) / 100.0)
                    .append(",\"status\":\"").append(random.nextBoolean() ? "active" : "retired").append("\"},");
        }
        sb.setLength(Math.max(1, size - 1));
        sb.append(']');
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] random(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    /** An encoder of the JDK or compress-lzf, independent of the library. */
    @FunctionalInterface
    private interface Encoder {
        OutputStream wrap(OutputStream sink) throws IOException;
    }

    private static byte[] encodeWith(Encoder encoder, byte[] data) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = encoder.wrap(sink)) {
            out.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.toByteArray();
    }

    public static byte[] gzip(byte[] data) {
        return encodeWith(GZIPOutputStream::new, data);
    }

    public static byte[] deflate(byte[] data) {
        return encodeWith(DeflaterOutputStream::new, data);
    }

    public static byte[] lzf(byte[] data) {
        return encodeWith(LZFOutputStream::new, data);
    }

    /** Encoded by each library's own reference stream, not the library under test. */
    public static byte[] encode(String coding, byte[] data) {
        return encodeWith(encoder(coding), data);
    }

    private static Encoder encoder(String coding) {
        switch (coding) {
            case "gzip":
                return GZIPOutputStream::new;
            case "deflate":
                return DeflaterOutputStream::new;
            case "lzf":
                return LZFOutputStream::new;
            case "zstd":
                return com.github.luben.zstd.ZstdOutputStream::new;
            case "br":
                return sink -> new com.aayushatharva.brotli4j.encoder.BrotliOutputStream(sink,
                        new com.aayushatharva.brotli4j.encoder.Encoder.Parameters().setQuality(5));
            case "lz4":
                return net.jpountz.lz4.LZ4FrameOutputStream::new;
            default:
                throw new IllegalArgumentException(coding);
        }
    }

    /** {@code size} zero bytes in {@code coding}, streamed through the encoder without holding the zeros. */
    public static byte[] bomb(String coding, long size) {
        if (coding.equals("gzip")) {
            return gzipBomb(size);
        }
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 16];
        try (OutputStream out = encoder(coding).wrap(sink)) {
            for (long written = 0; written < size; written += zeros.length) {
                out.write(zeros, 0, (int) Math.min(zeros.length, size - written));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.toByteArray();
    }

    /** gzip of {@code size} zero bytes at the best ratio (about 1000:1), built without holding the zeros. */
    public static byte[] gzipBomb(long size) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 16];
        try (OutputStream out = new GZIPOutputStream(sink, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            for (long written = 0; written < size; written += zeros.length) {
                out.write(zeros, 0, (int) Math.min(zeros.length, size - written));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.toByteArray();
    }
}
