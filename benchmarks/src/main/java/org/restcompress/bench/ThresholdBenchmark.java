package org.restcompress.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
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
import org.restcompress.codec.ContentCodec;

/**
 * What encoding a small body costs through the library's codec path (new encoder per body, as per response), by
 * size: the input for the default {@code restcompress.threshold}. {@link ThresholdReport} turns it into a table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ThresholdBenchmark {

    @Param({"lzf", "gzip"})
    public String coding;

    @Param({"256", "512", "1024", "1460", "2048", "4096", "8192"})
    public int size;

    @Param({"events-feed.json", "jobs-large.xml"})
    public String source;

    private byte[] body;
    private ContentCodec codec;
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream(1 << 16);

    @Setup
    public void setUp() {
        body = Arrays.copyOf(Corpus.read(source), size);
        codec = codec(coding);
    }

    static ContentCodec codec(String coding) {
        return CodecBenchmark.REGISTRY.find(coding).orElseThrow(() -> new IllegalStateException(coding));
    }

    @Benchmark
    public int encode() throws IOException {
        sink.reset();
        try (OutputStream out = codec.encode(sink)) {
            out.write(body);
        }
        return sink.size();
    }

    /** The encoded size of {@code body}, outside the timed path. */
    static int encodedSize(String coding, byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream encoder = codec(coding).encode(out)) {
            encoder.write(body);
        }
        return out.size();
    }
}
