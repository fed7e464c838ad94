package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.CompressionOptions;
import org.restcompress.GZIP;
import org.restcompress.it.Http.Reply;

/** Every setting takes effect, or the deployment (or the request) fails with one message naming its key. */
class SettingsTest {

    /** The class limits decoded bodies; the method only lowers the threshold: both hold. */
    @Path("options")
    @CompressionOptions(maxDecodedSize = 1000)
    public static class OptionsResource {
        @POST
        @GZIP
        @CompressionOptions(threshold = 0)
        @Consumes(MediaType.WILDCARD)
        @Produces(MediaType.TEXT_PLAIN)
        public String upload(byte[] body) {
            return "x".repeat(Math.min(body.length, 10));
        }
    }

    public static class OptionsApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(OptionsResource.class, CompressionFeature.class);
        }
    }

    @Test
    void aMethodsOptionsAndItsClassesMergeAttributeByAttribute() throws Exception {
        try (TestServer server = TestServer.start(OptionsApplication.class)) {
            Reply small = Http.post(server.uri("options"), gzip(new byte[500]), "Content-Encoding", "gzip",
                    "Accept-Encoding", "gzip");
            assertEquals(200, small.status());
            assertEquals("gzip", small.header("Content-Encoding"), "the method's threshold 0 encodes 10 bytes");
            Reply large = Http.post(server.uri("options"), gzip(new byte[5000]), "Content-Encoding", "gzip");
            assertEquals(413, large.status(), "the class's maxDecodedSize of 1000 holds beside the method's threshold");
        }
    }

    public static class TypoInPreference extends Application {
        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.from(
                    Map.<String, Object>of("restcompress.preference", "zstd, gizp")::get)));
        }

        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(OptionsResource.class);
        }
    }

    @Test
    void aPreferenceNamingNoCodingFailsTheDeploymentNamingTheKey() {
        String messages = deploymentFailure(TypoInPreference.class);
        assertTrue(messages.contains("restcompress.preference names 'gizp'"), messages);
    }

    /**
     * Two configurations reaching one runtime configuration: the second fails rather than being ignored. (A runtime
     * given two instances of the class itself keeps one and says so: RESTEasy's RESTEASY002160, Jersey's warning.)
     */
    @Test
    void aSecondConfigurationFailsInsteadOfBeingIgnored() throws Exception {
        try (TestServer server = TestServer.start(OptionsApplication.class)) {
            CompressionFeature second = new CompressionFeature(CompressionConfig.builder().threshold(20).build());
            Exception failure = assertThrows(Exception.class, () -> {
                Client client = ClientBuilder.newClient();
                try {
                    client.register(new CompressionFeature(CompressionConfig.builder().threshold(10).build()))
                            .register((jakarta.ws.rs.core.Feature) context -> second.configure(context));
                    client.target(server.uri("options")).request().post(Entity.text("x")).close();
                } finally {
                    client.close();
                }
            });
            assertTrue(messages(failure).contains("registered twice with different configurations"),
                    messages(failure));
            Client same = ClientBuilder.newClient().register(CompressionFeature.class)
                    .register((jakarta.ws.rs.core.Feature) context -> new CompressionFeature().configure(context));
            try {
                assertEquals(200, same.target(server.uri("options")).request().post(Entity.text("x")).getStatus(),
                        "registered twice reading the same keys: the second adds nothing");
            } finally {
                same.close();
            }
        }
    }

    static java.nio.file.Path sharedFile;

    /** A shared dictionary named by a key that CompressionConfig.from(Function) cannot list. */
    public static class SharedFromFunction extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DictionaryResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            Map<String, Object> keys = Map.of("restcompress.shared-dictionary.items", sharedFile.toString());
            return Set.of(new CompressionFeature(CompressionConfig.from(keys::get)));
        }
    }

    @Test
    void aSharedDictionaryKeyReadThroughAFunctionIsFound() throws Exception {
        java.nio.file.Path file = Files.createTempFile("items", ".dict");
        try {
            Files.write(file, DictionaryBodies.trained());
            sharedFile = file;
            try (TestServer server = TestServer.start(SharedFromFunction.class)) {
                Reply reply = Http.get(server.uri("dict/items/3"), "Accept-Encoding", "zstd, dcz");
                assertEquals(200, reply.status());
                String link = reply.header("Link");
                assertTrue(link != null && link.contains("compression-dictionary"), "no dictionary announced: " + link);
                assertArrayEquals(DictionaryBodies.item(3), reply.decoded());
            }
        } finally {
            Files.delete(file);
        }
        Map<String, Object> keys = Map.of("restcompress.shared-dictionary.items", "classpath:x.dict");
        assertEquals("classpath:x.dict", CompressionConfig.from(keys).sharedDictionaries().get("items"),
                "from(Map) lists the map's shared dictionaries");
    }

    @Test
    void aClientRequestCodingNamingNoCodingFailsNamingTheKey() throws Exception {
        try (TestServer server = TestServer.start(OptionsApplication.class)) {
            Exception failure = assertThrows(Exception.class, () -> {
                Client client = ClientBuilder.newClient().register(
                        new CompressionFeature(CompressionConfig.builder().requestCoding("gzpi").build()));
                try {
                    client.target(server.uri("options")).request().post(Entity.text("x".repeat(5000))).close();
                } finally {
                    client.close();
                }
            });
            assertTrue(messages(failure).contains("restcompress.request-coding=gzpi"), messages(failure));
            Client client = ClientBuilder.newClient().register(CompressionFeature.class);
            try {
                Exception perRequest = assertThrows(Exception.class, () -> client.target(server.uri("options"))
                        .request().property("restcompress.request-coding", "lz").post(Entity.text("x".repeat(5000)))
                        .close());
                assertTrue(messages(perRequest).contains("restcompress.request-coding=lz"), messages(perRequest));
            } finally {
                client.close();
            }
        }
    }

    @Test
    void valuesOutOfRangeAreErrorsNotClamps() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(Map.<String, Object>of("restcompress.max-codings", "101")::get));
        assertEquals("restcompress.max-codings must be 1 to 100, was 101", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(Map.<String, Object>of("restcompress.threshold", "3G")::get));
        assertTrue(e.getMessage().startsWith("restcompress.threshold must be at most 2147483647"), e.getMessage());
        assertEquals(100, CompressionConfig.from(Map.<String, Object>of("restcompress.max-codings", "100")::get)
                .maxCodings());
    }

    private static String deploymentFailure(Class<? extends Application> application) {
        Exception failure = assertThrows(Exception.class, () -> TestServer.start(application).close());
        return messages(failure);
    }

    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t).append('\n');
            Arrays.stream(t.getSuppressed()).forEach(s -> messages.append(s).append('\n'));
        }
        return messages.toString();
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        }
        return out.toByteArray();
    }
}
