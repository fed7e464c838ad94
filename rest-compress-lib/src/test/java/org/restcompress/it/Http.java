package org.restcompress.it;

import com.ning.compress.lzf.LZFInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

/**
 * Raw-byte HTTP for tests: the JDK client decodes nothing, so tests see exactly what went over the wire, and decode
 * with independent implementations (the JDK's gzip and zlib, compress-lzf's own stream), not the library's codecs.
 */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private Http() {
    }

    /** A response as received. */
    public record Reply(int status, HttpHeaders headers, byte[] body) {
        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        public List<String> headers(String name) {
            return headers.allValues(name);
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The body decoded by independent decoders, as its Content-Encoding says. */
        public byte[] decoded() {
            return decode(header("Content-Encoding"), body);
        }
    }

    public static HttpRequest.Builder request(URI uri, String... headerNamesAndValues) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60));
        for (int i = 0; i < headerNamesAndValues.length; i += 2) {
            builder.header(headerNamesAndValues[i], headerNamesAndValues[i + 1]);
        }
        return builder;
    }

    public static Reply get(URI uri, String... headerNamesAndValues) {
        return send(request(uri, headerNamesAndValues).GET().build());
    }

    public static Reply head(URI uri, String... headerNamesAndValues) {
        return send(request(uri, headerNamesAndValues).method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
    }

    public static Reply post(URI uri, byte[] body, String... headerNamesAndValues) {
        return send(request(uri, headerNamesAndValues).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    public static Reply send(HttpRequest request) {
        try {
            HttpResponse<byte[]> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static HttpResponse<InputStream> stream(HttpRequest request) throws IOException, InterruptedException {
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofInputStream());
    }

    /** The response once its headers have arrived, the body a stream. */
    public static java.util.concurrent.CompletableFuture<HttpResponse<InputStream>> streamAsync(HttpRequest request) {
        return CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
    }

    /**
     * Decodes with implementations independent of the library, each handing out what the bytes so far decode to (a
     * streaming test reads a flushed part before the rest exists).
     */
    public static InputStream decoder(String coding, InputStream in) throws IOException {
        if (coding == null || coding.equals("identity")) {
            return in;
        }
        InputStream decoder = referenceDecoder(coding, in);
        // InputStream.readNBytes(n) ends with a read of length 0, on which lz4-java's frame reader waits for the next
        // block: a read of nothing returns at once here, as InputStream's contract says
        return new java.io.FilterInputStream(decoder) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : super.read(b, off, len);
            }
        };
    }

    private static InputStream referenceDecoder(String coding, InputStream in) throws IOException {
        switch (coding) {
            case "gzip":
                return new GZIPInputStream(in);
            case "deflate":
                return new InflaterInputStream(in);
            case "lzf":
                return new LZFInputStream(in);
            case "zstd":
                return new com.github.luben.zstd.ZstdInputStream(in);
            case "br":
                // loads the native part: a server in this JVM would have done it, one in another JVM (WildFly) not
                com.aayushatharva.brotli4j.Brotli4jLoader.ensureAvailability();
                return new EagerBrotliInputStream(in);
            case "lz4":
                return new net.jpountz.lz4.LZ4FrameInputStream(in);
            case "x-xor":
                return new InputStream() {
                    @Override
                    public int read() throws IOException {
                        int b = in.read();
                        return b < 0 ? b : b ^ 0x5a;
                    }
                };
            default:
                throw new IllegalArgumentException("no test decoder for " + coding);
        }
    }

    /**
     * brotli's native decoder (brotli4j's JNI wrapper), handing out output as soon as it has some. brotli4j's own
     * BrotliInputStream asks for more input first, even with eager output, so a flushed part waits for the next one.
     */
    private static final class EagerBrotliInputStream extends InputStream {
        private final InputStream source;
        private final com.aayushatharva.brotli4j.decoder.DecoderJNI.Wrapper decoder;
        private final byte[] chunk = new byte[16 * 1024];
        private java.nio.ByteBuffer output;
        private boolean done;

        EagerBrotliInputStream(InputStream source) throws IOException {
            this.source = source;
            this.decoder = new com.aayushatharva.brotli4j.decoder.DecoderJNI.Wrapper(chunk.length);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (output == null || !output.hasRemaining()) {
                if (done) {
                    return -1;
                }
                switch (decoder.getStatus()) {
                    case NEEDS_MORE_OUTPUT:
                        output = decoder.pull();
                        break;
                    case NEEDS_MORE_INPUT:
                        if (decoder.hasOutput()) {
                            output = decoder.pull();
                            break;
                        }
                        int n = source.read(chunk, 0, chunk.length);
                        if (n < 0) {
                            throw new java.io.EOFException("brotli stream truncated");
                        }
                        java.nio.ByteBuffer input = decoder.getInputBuffer();
                        input.clear();
                        input.put(chunk, 0, n);
                        decoder.push(n);
                        break;
                    case OK:
                        decoder.push(0);
                        break;
                    case DONE:
                        if (decoder.hasOutput()) {
                            output = decoder.pull();
                        } else {
                            done = true;
                        }
                        break;
                    default:
                        throw new IOException("corrupt brotli stream");
                }
            }
            int n = Math.min(len, output.remaining());
            output.get(b, off, n);
            return n;
        }

        @Override
        public void close() throws IOException {
            decoder.destroy();
            source.close();
        }
    }

    public static byte[] decode(String coding, byte[] body) {
        try (InputStream in = decoder(coding, new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
