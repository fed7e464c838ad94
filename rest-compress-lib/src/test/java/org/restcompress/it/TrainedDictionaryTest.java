package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.SharedDictionary;
import org.restcompress.TrainedDictionary;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.it.Http.Reply;

/**
 * {@code @TrainedDictionary} over real HTTP: no dictionary is announced until enough distinct responses were sampled;
 * then one trained on them is served and announced by {@code Link}, a request naming it gets {@code dcz} that decodes
 * to the body, and the library's client picks it up with no code of its own. Values planted in fewer than K responses
 * are not in it; the structure they share is. A method with both dictionary annotations, or a trained name that is
 * also configured, fails the deployment, naming it.
 */
class TrainedDictionaryTest {

    private static final int SAMPLES = 40;
    private static final int PLANTED = 3;
    private static TestServer server;

    @Path("trained")
    @Produces(MediaType.APPLICATION_JSON)
    public static class TrainedResource {
        @GET
        @Path("docs/{id}")
        @TrainedDictionary("docs")
        public byte[] doc(@PathParam("id") int id) {
            return TrainedDictionaryTest.doc(id);
        }
    }

    /** Documents whose shape changes when the test says so: the dictionary trained on the first shape saves less. */
    @Path("drifting")
    @Produces(MediaType.APPLICATION_JSON)
    public static class DriftingResource {
        static volatile boolean changed;

        @GET
        @Path("{id}")
        @TrainedDictionary("drifting")
        public byte[] doc(@PathParam("id") int id) {
            return changed ? otherShape(id) : TrainedDictionaryTest.doc(id + 100_000);
        }
    }

    static byte[] otherShape(int id) {
        Random random = new Random(id);
        StringBuilder s = new StringBuilder("<shipment number=\"").append(id).append("\">");
        for (int i = 0; i < 8; i++) {
            s.append("<parcel weight-grams=\"").append(random.nextInt(5000)).append("\" carrier=\"")
                    .append(random.nextBoolean() ? "postal-service" : "express-courier").append("\"/>");
        }
        return s.append("</shipment>").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A document alike in structure to the others; the first {@value #PLANTED} hold a secret of their own. */
    static byte[] doc(int id) {
        Random random = new Random(id);
        StringBuilder s = new StringBuilder("{\"id\":").append(id).append(",\"kind\":\"invoice\",\"currency\":\"EUR\"")
                .append(",\"customer\":{\"name\":\"Customer ").append(random.nextInt(50)).append("\",\"tier\":\"")
                .append(random.nextBoolean() ? "gold" : "basic").append("\"},\"lines\":[");
        for (int line = 0; line < 8; line++) {
            s.append(line == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(random.nextInt(9000) + 1000)
                    .append("\",\"quantity\":").append(random.nextInt(9) + 1).append(",\"unitPrice\":")
                    .append(random.nextInt(10_000) / 100.0).append(",\"description\":\"Standard service item\"}");
        }
        s.append("],\"note\":\"").append(id <= PLANTED ? secret(id) : "payment due within thirty days").append("\"}");
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    static String secret(int id) {
        return "tok_" + Long.toHexString(new Random(-id).nextLong()) + "_mail" + id + "@private.example";
    }

    public static class TrainingApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(TrainedResource.class, DriftingResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().debug(true)
                    .training(new CompressionConfig.Training(SAMPLES, 5, 4096, Duration.ZERO, 2)).build()));
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(TrainingApplication.class);
        linkBeforeTraining = Http.get(server.uri("trained/docs/1"), "Accept-Encoding", "zstd").header("Link");
    }

    /** What the first response of a fresh application announced. */
    private static String linkBeforeTraining;

    @AfterAll
    static void stop() {
        server.close();
    }

    private static final Pattern LINK = Pattern.compile("<([^>]+)>; rel=\"compression-dictionary\"");

    /** Requests distinct documents, the planted ones first, until a response announces a dictionary. */
    private static String trainedDictionaryUrl() throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (int id = 1; System.nanoTime() < end; id++) {
            Reply reply = Http.get(server.uri("trained/docs/" + id), "Accept-Encoding", "zstd");
            assertEquals(200, reply.status());
            String link = reply.header("Link");
            if (link != null) {
                Matcher m = LINK.matcher(link);
                assertTrue(m.find(), link);
                return m.group(1);
            }
            Thread.sleep(50); // the first samples are spread over time: at most a tenth of them per second
        }
        throw new AssertionError("no dictionary was announced within a minute");
    }

    @Test
    void aDictionaryTrainedOnTheMethodsResponsesIsAnnouncedServedAndUsedWithoutAnyPlantedSecret() throws Exception {
        assertNull(linkBeforeTraining, "announced before any training");
        String url = trainedDictionaryUrl();
        Reply served = Http.get(server.uri("").resolve(url));
        assertEquals(200, served.status());
        assertTrue(served.header("Use-As-Dictionary").contains("id=\"docs\""), served.header("Use-As-Dictionary"));
        byte[] dictionary = served.body();
        assertEquals(url.substring(url.lastIndexOf('/') + 1), Dictionary.of(dictionary).hash());
        String text = new String(dictionary, StandardCharsets.ISO_8859_1);
        for (int id = 1; id <= PLANTED; id++) {
            String secret = secret(id);
            for (int i = 0; i + 8 <= secret.length(); i++) {
                assertFalse(text.contains(secret.substring(i, i + 8)), "part of a planted secret: "
                        + secret.substring(i, i + 8));
            }
        }
        assertTrue(text.contains("\"description\":\"Standard service item\""), "the shared structure is missing");

        byte[] body = doc(10_001); // never sampled
        Reply dcz = Http.get(server.uri("trained/docs/10001"), "Accept-Encoding", "dcz, zstd",
                "Available-Dictionary", DictionaryTest.available(dictionary));
        assertEquals("dcz", dcz.header("Content-Encoding"), dcz.header("Compression-Decision"));
        assertArrayEquals(body, DictionaryTest.decode("dcz", dcz.body(), dictionary));
        Reply zstd = Http.get(server.uri("trained/docs/10001"), "Accept-Encoding", "zstd");
        assertTrue(dcz.body().length < 0.8 * zstd.body().length, dcz.body().length + " against " + zstd.body().length);
    }

    /** Requests distinct drifting documents from {@code first} on until one announces a version but {@code not}. */
    private static String announcedOtherThan(String not, int first) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (int id = first; System.nanoTime() < end; id++) {
            Reply reply = Http.get(server.uri("drifting/" + id), "Accept-Encoding", "zstd");
            assertEquals(200, reply.status());
            String link = reply.header("Link");
            if (link != null && !link.equals(not)) {
                return link;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no new version was announced within a minute");
    }

    @Test
    void whenTheResponsesChangeShapeTheSavingFallsAndANewVersionIsTrainedTheOldOneStillServed() throws Exception {
        DriftingResource.changed = false;
        String first = announcedOtherThan(null, 1);
        for (int id = 1000; id < 1060; id++) { // the first shape still: what the version saves, measured
            Http.get(server.uri("drifting/" + id), "Accept-Encoding", "zstd");
            Thread.sleep(20);
        }
        DriftingResource.changed = true;
        String second = announcedOtherThan(first, 2000);
        Matcher old = LINK.matcher(first);
        assertTrue(old.find());
        assertEquals(200, Http.get(server.uri("").resolve(old.group(1))).status(),
                "the version before stays usable (restcompress.training.versions=2)");
        Matcher now = LINK.matcher(second);
        assertTrue(now.find());
        byte[] dictionary = Http.get(server.uri("").resolve(now.group(1))).body();
        assertTrue(new String(dictionary, StandardCharsets.ISO_8859_1).contains("carrier=\""),
                "trained on the new shape");
        Reply dcz = Http.get(server.uri("drifting/5000"), "Accept-Encoding", "dcz, zstd",
                "Available-Dictionary", DictionaryTest.available(dictionary));
        assertEquals("dcz", dcz.header("Content-Encoding"));
        assertArrayEquals(otherShape(5000), DictionaryTest.decode("dcz", dcz.body(), dictionary));
    }

    @Test
    void theLibrarysClientFetchesTheTrainedDictionaryAndGetsDcz() throws Exception {
        trainedDictionaryUrl();
        Client client = ClientBuilder.newClient().register(CompressionFeature.class);
        try {
            String decision = null;
            for (int i = 0; i < 50 && (decision == null || !decision.startsWith("dcz")); i++) {
                try (Response response = client.target(server.uri("trained/docs/" + (20_000 + i))).request().get()) {
                    assertArrayEquals(doc(20_000 + i), response.readEntity(byte[].class));
                    decision = response.getHeaderString("Compression-Decision");
                }
                Thread.sleep(20); // the dictionary is fetched off the response's thread
            }
            assertNotNull(decision);
            assertTrue(decision.startsWith("dcz"), decision);
        } finally {
            client.close();
        }
    }

    @Path("both")
    public static class BothResource {
        @GET
        @TrainedDictionary("docs")
        @SharedDictionary("items")
        public String both() {
            return "{}";
        }
    }

    @Path("named")
    public static class ConfiguredNameResource {
        @GET
        @TrainedDictionary("items")
        public String trained() {
            return "{}";
        }
    }

    @Path("badly-named")
    public static class BadNameResource {
        @GET
        @TrainedDictionary("my docs")
        public String trained() {
            return "{}";
        }
    }

    public static class BadNameApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(BadNameResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().build()));
        }
    }

    public static class BothApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(BothResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder()
                    .sharedDictionary("items", DictionaryBodies.trained()).build()));
        }
    }

    public static class ConfiguredNameApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(ConfiguredNameResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder()
                    .sharedDictionary("items", DictionaryBodies.trained()).build()));
        }
    }

    @Test
    void aMethodWithBothDictionaryAnnotationsOrATrainedNameAlsoConfiguredFailsTheDeploymentNamingIt() {
        Throwable both = assertThrows(Throwable.class, () -> TestServer.start(BothApplication.class).close());
        assertTrue(messages(both).contains("BothResource.both has both @SharedDictionary and "
                + "@TrainedDictionary"), messages(both));
        Throwable named = assertThrows(Throwable.class,
                () -> TestServer.start(ConfiguredNameApplication.class).close());
        assertTrue(messages(named).contains("also configured as a shared dictionary"),
                messages(named));
        Throwable badName = assertThrows(Throwable.class,
                () -> TestServer.start(BadNameApplication.class).close());
        assertTrue(messages(badName).contains("BadNameResource.trained: a trained dictionary's name is 1 to 64 "
                + "letters, digits, '.', '_' or '-', was 'my docs'"), messages(badName));
    }

    private static String messages(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        return messages.toString();
    }

    @Test
    void trainingSettingsOutOfRangeAreRefusedNamingTheirKey() {
        IllegalArgumentException k = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(java.util.Map.of("restcompress.training.min-occurrences", "1")));
        assertTrue(k.getMessage().startsWith("restcompress.training.min-occurrences must be 2 to half of "
                + "restcompress.training.samples (150)"), k.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(java.util.Map.of(
                "restcompress.training.samples", "20", "restcompress.training.min-occurrences", "11")));
        assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(java.util.Map.of(
                "restcompress.training.samples", "2001")), "samples are bounded: at most 2000");
        assertThrows(IllegalArgumentException.class, () -> CompressionConfig.from(java.util.Map.of(
                "restcompress.training.period", "366d")), "a period past a year overflows nothing: refused");
        IllegalArgumentException period = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(java.util.Map.of("restcompress.training.period", "10s")));
        assertTrue(period.getMessage().startsWith("restcompress.training.period must be a minute to 365 days"),
                period.getMessage());
        IllegalArgumentException malformed = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(java.util.Map.of("restcompress.training.period", "daily")));
        assertTrue(malformed.getMessage().startsWith("restcompress.training.period must be a duration"),
                malformed.getMessage());
        assertEquals(Duration.ofHours(12), CompressionConfig.from(java.util.Map.of("restcompress.training.period",
                "12h")).training().period());
        assertEquals(List.of(300, 5, 16384, 3), List.of(CompressionConfig.defaults().training().samples(),
                CompressionConfig.defaults().training().minOccurrences(),
                CompressionConfig.defaults().training().dictionarySize(), CompressionConfig.defaults().training()
                        .versions()));
    }
}
