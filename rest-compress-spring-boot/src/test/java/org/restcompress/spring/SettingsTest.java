package org.restcompress.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.restcompress.CompressionConfig;
import org.restcompress.it.CodingResource;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;
import org.restcompress.spring.app.TestApplication;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.restcompress.micrometer.CompressionMetrics;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.convert.DataSizeUnit;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.util.unit.DataSize;
import org.springframework.util.unit.DataUnit;

/**
 * Settings as a Spring application gets them: environment variables and relaxed names reach the library; a bad value,
 * whether Spring cannot convert it or the library refuses it, fails the start with a message naming its key.
 */
class SettingsTest {

    /** The application's resources include one that uses the shared dictionary "items". */
    private static final String ITEMS = dictionaryFile();

    private static String dictionaryFile() {
        try {
            Path file = Files.createTempFile("items", ".dict");
            file.toFile().deleteOnExit();
            return Files.write(file, StarterTest.TRAINED).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The application started with {@code environment} as environment variables and {@code arguments}. */
    private static ConfigurableApplicationContext start(Map<String, Object> environment, String... arguments) {
        return start(new Class<?>[] {TestApplication.class}, environment, arguments);
    }

    private static ConfigurableApplicationContext start(Class<?>[] sources, Map<String, Object> environment,
            String... arguments) {
        // Spring reads environment variables' relaxed names only from a source named so
        SystemEnvironmentPropertySource variables = new SystemEnvironmentPropertySource("test-"
                + StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment);
        return new SpringApplicationBuilder(sources)
                .properties("server.port=0", "restcompress.shared-dictionary.items=" + ITEMS)
                .initializers(context -> context.getEnvironment().getPropertySources().addFirst(variables))
                .run(Arrays.stream(arguments).map(argument -> "--" + argument).toArray(String[]::new));
    }

    /** Every message in the failure's chain, for finding the key among them. */
    private static String messages(Throwable failure) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }

    @Test
    void environmentVariablesAndRelaxedNamesReachTheLibrary() {
        try (ConfigurableApplicationContext app = start(Map.of("RESTCOMPRESS_MAXDECODEDSIZE", "2KB",
                "RESTCOMPRESS_THRESHOLD", "0"), "restcompress.maxCodings=5", "restcompress.preference=gzip,lzf")) {
            CompressionConfig config = app.getBean(CompressionConfig.class);
            assertEquals(2048, config.maxDecodedSize());
            assertEquals(5, config.maxCodings());
            assertEquals(List.of("gzip", "lzf"), config.preference());
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            Reply small = Http.get(java.net.URI.create("http://127.0.0.1:" + port + "/rest/small"),
                    "Accept-Encoding", "lzf, gzip");
            assertEquals("gzip", small.header("Content-Encoding"), "the preference, and no threshold");
            assertEquals(CodingResource.SMALL.length, small.decoded().length);
        }
    }

    /** Sizes read as on every other runtime: {@code 100K} too, which Spring's own conversion refuses. */
    @Test
    void sizesTakeTheLibrarysSpellings() {
        try (ConfigurableApplicationContext app = start(Map.of("RESTCOMPRESS_MAXDECODEDSIZE", "2MiB"),
                "restcompress.threshold=100K", "restcompress.dictionary.max-size=64k",
                "restcompress.dictionary.store-max-bytes=10MB")) {
            CompressionConfig config = app.getBean(CompressionConfig.class);
            assertEquals(100 * 1024, config.threshold());
            assertEquals(2 << 20, config.maxDecodedSize());
            assertEquals(64 * 1024, config.dictionaryMaxSize());
        }
    }

    /**
     * An application that registers the feature itself keeps its own registration (Jersey drops a second one): the
     * starter's settings would be lost, so a start with any fails naming them; without any, it runs as registered.
     */
    @Test
    void settingsAFeatureRegisteredByTheApplicationWouldIgnoreFailTheStart() {
        Class<?>[] sources = {org.restcompress.spring.selfregistering.SelfRegisteringApplication.class};
        Exception failure = assertThrows(Exception.class,
                () -> start(sources, Map.of(), "restcompress.threshold=2K").close());
        assertTrue(messages(failure).contains("registers CompressionFeature on its ResourceConfig itself"),
                messages(failure));
        assertTrue(messages(failure).contains("restcompress.threshold"), messages(failure));
        // nothing lost (no application.properties, no restcompress.* key): it runs as registered
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(sources).properties("server.port=0",
                "spring.config.location=optional:classpath:/none/", "spring.jersey.application-path=/rest").run()) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            Reply reply = Http.get(java.net.URI.create("http://127.0.0.1:" + port + "/rest/gzip"),
                    "Accept-Encoding", "gzip");
            assertEquals("gzip", reply.header("Content-Encoding"));
        }
    }

    /** An application's own size property, in the unit it names: the library's spellings change nothing there. */
    @ConfigurationProperties("app")
    public static class AppSizes {
        @DataSizeUnit(DataUnit.MEGABYTES)
        private DataSize buffer;
        private DataSize cache;

        public DataSize getBuffer() {
            return buffer;
        }

        public void setBuffer(DataSize buffer) {
            this.buffer = buffer;
        }

        public DataSize getCache() {
            return cache;
        }

        public void setCache(DataSize cache) {
            this.cache = cache;
        }
    }

    @Configuration
    @EnableConfigurationProperties(AppSizes.class)
    static class WithAppSizes {
    }

    @Test
    void anApplicationsOwnSizesKeepTheirUnit() {
        try (ConfigurableApplicationContext app = start(new Class<?>[] {TestApplication.class, WithAppSizes.class},
                Map.of(), "app.buffer=10", "app.cache=10", "restcompress.threshold=2K")) {
            AppSizes sizes = app.getBean(AppSizes.class);
            assertEquals(DataSize.ofMegabytes(10), sizes.getBuffer(), "@DataSizeUnit(MEGABYTES)");
            assertEquals(DataSize.ofBytes(10), sizes.getCache());
            assertEquals(2048, app.getBean(CompressionConfig.class).threshold());
        }
    }

    /**
     * What the library starts (auto's CPU sampler, the dictionary store's writer) ends with the application. Threads
     * of applications other tests keep running in this JVM are left out.
     */
    @Test
    void nothingOutlivesTheApplication() throws InterruptedException {
        Set<Thread> before = libraryThreads();
        try (ConfigurableApplicationContext app = start(Map.of())) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            assertEquals(200, Http.get(java.net.URI.create("http://127.0.0.1:" + port + "/rest/dict/feed?at=1"),
                    "Accept-Encoding", "zstd, dcz", "Downlink", "10").status()); // a hint: auto starts measuring
            assertTrue(!started(before).isEmpty(), "the library's threads run while the application does");
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!started(before).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(Set.of(), started(before));
    }

    private static Set<Thread> started(Set<Thread> before) {
        Set<Thread> now = libraryThreads();
        now.removeAll(before);
        return now;
    }

    private static Set<Thread> libraryThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("rest-compress-"))
                .collect(Collectors.toCollection(HashSet::new));
    }

    /** Two registries, one primary (Boot then makes no composite, and binds its binders to each). */
    @Configuration(proxyBeanMethods = false)
    static class TwoRegistries {
        @Bean
        @Primary
        SimpleMeterRegistry primaryRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        SimpleMeterRegistry otherRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Test
    void withTwoRegistriesTheMetersGoToThePrimary() {
        try (ConfigurableApplicationContext app = start(new Class<?>[] {TestApplication.class, TwoRegistries.class},
                Map.of())) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            assertEquals("gzip", Http.get(java.net.URI.create("http://127.0.0.1:" + port + "/rest/all"),
                    "Accept-Encoding", "gzip").header("Content-Encoding"));
            MeterRegistry primary = app.getBean("primaryRegistry", MeterRegistry.class);
            assertEquals(1, primary.get(CompressionMetrics.RESPONSES).tag("coding", "gzip").counter().count());
            assertEquals(null, app.getBean("otherRegistry", MeterRegistry.class)
                    .find(CompressionMetrics.RESPONSES).counter());
        }
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "restcompress.gzip.level=12             | restcompress.gzip.level",        // the library's range
        "restcompress.threshold=lots            | restcompress.threshold",         // Spring's conversion
        "restcompress.threshold=100X            | restcompress.threshold",
        "restcompress.preference=zstd, zstdd    | restcompress.preference",        // checked as Jersey starts
        "restcompress.downlink-hint=sometimes   | restcompress.downlink-hint",
        "restcompress.auto.link-speed=fast      | restcompress.auto.link-speed",
        "restcompress.lz4.block-size=100KB      | restcompress.lz4.block-size",
    })
    void aBadValueFailsTheStartNamingItsKey(String setting, String key) {
        RuntimeException failure = assertThrows(RuntimeException.class, () -> start(Map.of(), setting).close());
        assertTrue(messages(failure).contains(key), messages(failure));
    }
}
