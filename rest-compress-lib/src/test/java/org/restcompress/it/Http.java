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
import org.restcompress.internal.codec.BrotliCodec;

/**
 * Raw-byte HTTP for tests: the JDK client decodes nothing, so tests see exactly what went over the wire, and decode
 * whole bodies with independent implementations (the JDK's gzip and zlib, compress-lzf's, zstd-jni's, brotli4j's and
 * lz4-java's own streams), not the library's codecs.
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
            HttpResponse<byte[]> response;
            try {
                response = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                if (!String.valueOf(e.getMessage()).contains("header parser received no bytes")) {
                    throw e;
                }
                // a pooled connection the server closed (after a response that left a body unread) just as it was
                // reused: the JDK's client retries that only for idempotent methods; no byte of a response came
                response = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
            }
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
     * A decoder for a body still arriving, handing out what the bytes so far decode to (a streaming test reads a
     * flushed part before the rest exists): independent implementations, except for br (see below).
     */
    public static InputStream decoder(String coding, InputStream in) throws IOException {
        if (coding == null || coding.equals("identity")) {
            return in;
        }
        InputStream decoder = "br".equals(coding) ? new BrotliCodec().decode(in) : referenceDecoder(coding, in);
        // InputStream.readNBytes(n) ends with a read of length 0, on which lz4-java's frame reader waits for the next
        // block: a read of nothing returns at once here, as InputStream's contract says
        // And the JDK's inflating streams say 1 byte is available until they reach the end, so a reader (an
        // InputStreamReader) that reads on while bytes are available would wait for the next event: say nothing.
        return new java.io.FilterInputStream(decoder) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : super.read(b, off, len);
            }

            @Override
            public int available() {
                return 0;
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
                // Whole bodies only: brotli4j's stream asks for more input before handing out what it has, so a
                // flushed part would wait for the next one; streams take the library's eager reader instead.
                // Loads the native part: a server in this JVM would have done it, one in another JVM (WildFly) not.
                com.aayushatharva.brotli4j.Brotli4jLoader.ensureAvailability();
                return new com.aayushatharva.brotli4j.decoder.BrotliInputStream(in);
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

    /** A whole body decoded by implementations independent of the library. */
    public static byte[] decode(String coding, byte[] body) {
        if (coding == null || coding.equals("identity")) {
            return body;
        }
        try (InputStream in = referenceDecoder(coding, new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
