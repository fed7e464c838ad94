package org.restcompress.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
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
import org.restcompress.CompressionConfig;
import org.restcompress.micrometer.CompressionMetrics;

/**
 * {@link ObservationCostReport}'s deployments as a JMH benchmark, for profiling ({@code -prof gc}): the library alone,
 * with its meters bound, and with a Flight Recorder recording taking its events. The report's ratios come from
 * rotating blocks in one JVM; separate forks differ by more than the effect on this shared machine.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"})
public class ObservationBenchmark {

    @Param({"library", "meters", "jfr"})
    public String observed;

    @Param({"identity", "gzip", "zstd"})
    public String acceptEncoding;

    @Param({"search-results-small.json"})
    public String source;

    private Dispatcher dispatcher;
    private Recording recording;

    @Setup
    public void setUp() {
        IdleCostBenchmark.body = Corpus.read(source);
        dispatcher = ObservationCostReport.deployment(observed.equals("meters")
                ? CompressionConfig.builder().listener(new CompressionMetrics(new SimpleMeterRegistry())).build()
                : CompressionConfig.defaults());
        if (observed.equals("jfr")) {
            recording = new Recording();
            recording.enable("org.restcompress.Response");
            recording.enable("org.restcompress.RequestBody");
            recording.setToDisk(false);
            recording.start();
        }
    }

    @TearDown
    public void tearDown() {
        if (recording != null) {
            recording.close();
        }
    }

    @Benchmark
    public MockHttpResponse get() throws Exception {
        MockHttpRequest request = MockHttpRequest.get("/doc").accept("application/json")
                .header("Accept-Encoding", acceptEncoding);
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(request, response);
        return response;
    }
}
