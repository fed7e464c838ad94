package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.Application;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;

/**
 * What an application's compression starts, it starts when first needed, and ends when the application stops: no
 * thread of the library outlives it (in a WAR the servlet container's context listener ends them; on Jersey its
 * shutdown does too).
 */
class StopTest {

    public static class AutoApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DictionaryResource.class, CodingResource.class, TrainedDictionaryTest.TrainedResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().preference(List.of("auto")).debug(true)
                    .sharedDictionary("items", DictionaryBodies.trained())
                    .build()));
        }
    }

    @Test
    void noThreadOfTheLibraryOutlivesItsApplication() throws Exception {
        try (TestServer server = TestServer.start(AutoApplication.class)) {
            assertEquals(200, Http.get(server.uri("all"), "Accept-Encoding", "zstd, gzip").status());
            assertFalse(libraryThreads().contains("rest-compress-cpu-load"), "no hint, no link to weigh: auto "
                    + "measures nothing yet: " + libraryThreads());
            assertFalse(libraryThreads().contains("rest-compress-calibration"), libraryThreads().toString());
            assertEquals(200, Http.get(server.uri("all"), "Accept-Encoding", "zstd, gzip", "Downlink", "10")
                    .status());
            assertTrue(libraryThreads().contains("rest-compress-cpu-load"), "the first hint starts auto's "
                    + "measuring: " + libraryThreads());
            assertEquals(200, Http.get(server.uri("dict/feed?at=1"), "Accept-Encoding", "zstd, dcz").status());
            assertTrue(started("rest-compress-dictionary-writer"), "a response kept as a dictionary starts the "
                    + "writer: " + libraryThreads());
            assertFalse(libraryThreads().contains("rest-compress-training"), "no response sampled yet: no trainer: "
                    + libraryThreads());
            assertEquals(200, Http.get(server.uri("trained/docs/1"), "Accept-Encoding", "zstd").status());
            assertTrue(started("rest-compress-training"), "the first sample starts the trainer: " + libraryThreads());
        }
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (!libraryThreads().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(List.of(), libraryThreads());
    }

    /**
     * Whether the thread {@code name} runs within two seconds: what starts it acts on a response once its body is
     * written, which the client may have read whole a moment before.
     */
    private static boolean started(String name) throws InterruptedException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (!libraryThreads().contains(name) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return libraryThreads().contains(name);
    }

    private static List<String> libraryThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("rest-compress-")).sorted().collect(Collectors.toList());
    }
}
