package org.restcompress.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.GzipCodec;

/**
 * Encode and decode of one corpus file through the library's codec streams (a new stream per body, as per request),
 * per coding. {@link CodecReport} runs it over the corpus and writes the summary table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 2, time = 1)
@Fork(1)
public class CodecBenchmark {

    static final CodecRegistry REGISTRY = CodecRegistry.load(CodecBenchmark.class.getClassLoader(),
            token -> CodecOptions.NONE);

    /** A registry token, or {@code gzip-1} / {@code gzip-9} for gzip at another level than the default 6. */
    @Param({"lzf", "lz4", "zstd", "br", "gzip", "deflate"})
    public String coding;

    @Param({"jobs-small.json"})
    public String file;

    /** {@code library}: the library's codec streams; {@code raw}: the codec's own plain API ({@link RawCodecs}). */
    @Param({"library", "raw"})
    public String path;

    private byte[] body;
    private byte[] encoded;
    private ContentCodec codec;
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream(1 << 20);
    private final byte[] scratch = new byte[1 << 16];

    @Setup
    public void setUp() throws IOException {
        codec = codec(coding);
        body = Corpus.read(file);
        encoded = encode(codec, body);
    }

    static ContentCodec codec(String name) {
        if (name.startsWith("gzip-")) {
            return new GzipCodec(Integer.parseInt(name.substring(5)));
        }
        return REGISTRY.find(name).orElseThrow(() -> new IllegalStateException(name + " is not active"));
    }

    static byte[] encode(ContentCodec codec, byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream encoder = codec.encode(out)) {
            encoder.write(body);
        }
        return out.toByteArray();
    }

    @Benchmark
    public int encode() throws IOException {
        if (path.equals("raw")) {
            return RawCodecs.encode(coding, body).length;
        }
        sink.reset();
        try (OutputStream out = codec.encode(sink)) {
            out.write(body);
        }
        return sink.size();
    }

    @Benchmark
    public long decode() throws IOException {
        if (path.equals("raw")) {
            return RawCodecs.decode(coding, encoded, body.length).length;
        }
        long total = 0;
        try (InputStream in = codec.decode(new ByteArrayInputStream(encoded))) {
            for (int n; (n = in.read(scratch)) >= 0; ) {
                total += n;
            }
        }
        return total;
    }
}
