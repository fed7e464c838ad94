package org.restcompress.bench;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Does reusing a native compression context pay? A fresh zstd stream or Deflater per body (what a codec without a
 * pool does) against one context reset between bodies, for a small and a medium body.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class NativeContextBenchmark {

    @Param({"2048", "32768"})
    public int size;

    private byte[] body;
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream(1 << 16);
    private final byte[] out = new byte[1 << 17];
    private ZstdCompressCtx zstdContext;
    private Deflater deflater;

    @Setup
    public void setUp() {
        body = Arrays.copyOf(Corpus.read("events-feed.json"), size);
        zstdContext = new ZstdCompressCtx().setLevel(3).setChecksum(true);
        deflater = new Deflater(6, true);
    }

    @TearDown
    public void tearDown() {
        zstdContext.close();
        deflater.end();
    }

    @Benchmark
    public int zstdFreshStream() throws IOException {
        sink.reset();
        try (ZstdOutputStreamNoFinalizer zstd = new ZstdOutputStreamNoFinalizer(sink, RecyclingBufferPool.INSTANCE)) {
            zstd.setLevel(3).setChecksum(true);
            zstd.write(body);
        }
        return sink.size();
    }

    @Benchmark
    public int zstdReusedContext() {
        zstdContext.reset();
        return zstdContext.compressByteArray(out, 0, out.length, body, 0, body.length);
    }

    @Benchmark
    public int deflaterFresh() {
        Deflater fresh = new Deflater(6, true);
        try {
            return deflate(fresh);
        } finally {
            fresh.end();
        }
    }

    @Benchmark
    public int deflaterReused() {
        deflater.reset();
        return deflate(deflater);
    }

    private int deflate(Deflater d) {
        d.setInput(body);
        d.finish();
        int total = 0;
        while (!d.finished()) {
            total += d.deflate(out, 0, out.length);
        }
        return total;
    }
}
