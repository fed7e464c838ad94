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

    public static byte[] encode(String coding, byte[] data) {
        switch (coding) {
            case "gzip":
                return gzip(data);
            case "deflate":
                return deflate(data);
            case "lzf":
                return lzf(data);
            default:
                throw new IllegalArgumentException(coding);
        }
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
