package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/** The runnable jar as a user starts it, {@code java [-Drestcompress.debug=true] -jar rest-demo-app.jar}. */
class DemoJarIT {

    private static final Path JAR = Path.of("target", "rest-demo-app.jar");

    @Test
    void debugPropertyMakesResponsesSayWhy() throws Exception {
        try (Demo demo = Demo.start("-Drestcompress.debug=true")) {
            Reply zstd = Http.get(demo.uri("rest/static/any"), "Accept-Encoding", "zstd");
            assertEquals("zstd", zstd.header("Content-Encoding"));
            assertEquals("zstd; reason=negotiated", zstd.header("Compression-Decision"));
            assertEquals("identity; reason=no-accept-encoding",
                    Http.get(demo.uri("rest/static/any")).header("Compression-Decision"));
        }
    }

    @Test
    void noDecisionHeaderByDefault() throws Exception {
        try (Demo demo = Demo.start()) {
            Reply zstd = Http.get(demo.uri("rest/static/any"), "Accept-Encoding", "zstd");
            assertEquals("zstd", zstd.header("Content-Encoding"));
            assertNull(zstd.header("Compression-Decision"));
        }
    }

    /** The jar in a process of its own, on a free port, stopped on close. */
    private record Demo(Process process, URI base) implements AutoCloseable {

        static Demo start(String... jvmOptions) throws Exception {
            assertTrue(Files.isRegularFile(JAR), "built by the package phase: " + JAR);
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
            command.addAll(List.of(jvmOptions));
            command.addAll(List.of("-jar", JAR.toString()));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(Path.of("target", "demo-jar-" + port + ".log").toFile());
            builder.environment().put("PORT", Integer.toString(port));
            Demo demo = new Demo(builder.start(), URI.create("http://127.0.0.1:" + port + "/"));
            demo.awaitUp();
            return demo;
        }

        URI uri(String path) {
            return base.resolve(path);
        }

        private void awaitUp() throws Exception {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the demo jar exited with " + process.exitValue());
                }
                try {
                    if (Http.get(uri("rest/ping")).status() == 200) {
                        return;
                    }
                } catch (RuntimeException notYet) {
                    // not listening yet
                }
                Thread.sleep(200);
            }
            close();
            throw new IllegalStateException("the demo jar did not answer within 60 s");
        }

        @Override
        public void close() throws IOException, InterruptedException {
            process.destroy();
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }
}
