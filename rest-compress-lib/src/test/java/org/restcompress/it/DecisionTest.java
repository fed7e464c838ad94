package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.it.Http.Reply;

/**
 * The decision says why, over real HTTP: with {@code restcompress.debug=true} every response of an annotated method
 * carries {@code Compression-Decision}; without it, none does. And codec keys reach a feature built in code.
 */
class DecisionTest {

    private static final String DECISION = "Compression-Decision";

    private static TestServer debug;
    private static TestServer plain;

    /** The defaults, and {@code restcompress.debug=true} as a JAX-RS configuration property. */
    public static class DebugApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(CompressionFeature.class, CodingResource.class, ClassLevelResource.class,
                    JacksonJsonProvider.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of("restcompress.debug", "true");
        }
    }

    @BeforeAll
    static void start() throws Exception {
        debug = TestServer.start(DebugApplication.class);
        plain = TestServer.start(TestApplication.class);
    }

    @AfterAll
    static void stop() {
        debug.close();
        plain.close();
    }

    private static Reply get(String path, String... headers) {
        return Http.get(debug.uri(path), headers);
    }

    @Test
    void encodedResponsesSayTheyWereNegotiated() {
        Reply lzf = get("lzf", "Accept-Encoding", "lzf");
        assertEquals("lzf", lzf.header("Content-Encoding"));
        assertEquals("lzf; reason=negotiated", lzf.header(DECISION));
        assertArrayEquals(CodingResource.JSON, lzf.decoded());
        Reply head = Http.head(debug.uri("lzf"), "Accept-Encoding", "lzf");
        assertEquals("lzf", head.header("Content-Encoding"));
        assertEquals("lzf; reason=head", head.header(DECISION));
    }

    @Test
    void negotiationRefusalsSayWhich() {
        assertEquals("identity; reason=no-accept-encoding", get("lzf").header(DECISION));
        assertEquals("identity; reason=identity-preferred",
                get("lzf", "Accept-Encoding", "lzf;q=0.5, identity").header(DECISION));
        assertEquals("identity; reason=none-acceptable", get("lzf", "Accept-Encoding", "br").header(DECISION));
        Reply refused = get("lzf", "Accept-Encoding", "lzf;q=0, identity;q=0");
        assertEquals(406, refused.status());
        assertEquals("identity; reason=not-acceptable", refused.header(DECISION));
    }

    @Test
    void responseRulesSayWhich() {
        Reply small = get("small", "Accept-Encoding", "gzip");
        assertNull(small.header("Content-Encoding"));
        assertEquals("identity; reason=below-threshold; size=" + CodingResource.SMALL.length + "; threshold=1024",
                small.header(DECISION));
        assertEquals("identity; reason=below-threshold; size=0; threshold=1024",
                get("empty", "Accept-Encoding", "gzip").header(DECISION));
        assertEquals("identity; reason=excluded-media-type", get("png", "Accept-Encoding", "gzip").header(DECISION));
        assertEquals("identity; reason=already-encoded",
                get("pre-encoded", "Accept-Encoding", "gzip").header(DECISION));
        assertEquals("identity; reason=uncompressed", get("class/secret", "Accept-Encoding", "gzip").header(DECISION));
        Reply noContent = get("no-content", "Accept-Encoding", "lzf");
        assertEquals(204, noContent.status());
        assertEquals("identity; reason=status", noContent.header(DECISION));
        assertEquals("identity; reason=status", get("partial", "Accept-Encoding", "lzf").header(DECISION));
        Reply notModified = get("etag", "Accept-Encoding", "lzf", "If-None-Match", "\"v1-lzf\"");
        assertEquals(304, notModified.status());
        assertEquals("identity; reason=status", notModified.header(DECISION));
    }

    @Test
    void offByDefault() {
        Reply lzf = Http.get(plain.uri("lzf"), "Accept-Encoding", "lzf");
        assertEquals("lzf", lzf.header("Content-Encoding"));
        assertNull(lzf.header(DECISION));
        assertNull(Http.get(plain.uri("small"), "Accept-Encoding", "gzip").header(DECISION));
    }

    /** A feature built in code, with no codec settings of its own: a system property sets the gzip level. */
    public static class BuiltInCode extends Application {
        @Override
        @SuppressWarnings("deprecation")
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().build()));
        }

        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(CodingResource.class, JacksonJsonProvider.class);
        }
    }

    /** A feature built in code with its own codec settings: they win over the system property. */
    public static class BuiltWithSettings extends BuiltInCode {
        @Override
        @SuppressWarnings("deprecation")
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder()
                    .codecSettings(Map.<String, Object>of("restcompress.gzip.level", "9")::get).build()));
        }
    }

    /** The feature reading its settings from JAX-RS configuration properties. */
    public static class ReadFromProperties extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(CompressionFeature.class, CodingResource.class, JacksonJsonProvider.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of("restcompress.gzip.level", "9");
        }
    }

    @Test
    void codecKeysTakeEffectWhetherTheFeatureIsBuiltInCodeOrReadsProperties() throws Exception {
        System.setProperty("restcompress.gzip.level", "1");
        int level1;
        int level9;
        int fromProperties;
        try (TestServer inCode = TestServer.start(BuiltInCode.class);
                TestServer withSettings = TestServer.start(BuiltWithSettings.class);
                TestServer properties = TestServer.start(ReadFromProperties.class)) {
            level1 = gzipSize(inCode);
            level9 = gzipSize(withSettings);
            fromProperties = gzipSize(properties);
        } finally {
            System.clearProperty("restcompress.gzip.level");
        }
        assertTrue(level1 > level9 * 1.05, "level 1 (" + level1 + " B) against level 9 (" + level9 + " B)");
        assertEquals(level9, fromProperties, "the configuration property wins over the system property");
    }

    private static int gzipSize(TestServer server) {
        Reply reply = Http.get(server.uri("gzip"), "Accept-Encoding", "gzip");
        assertEquals("gzip", reply.header("Content-Encoding"));
        assertArrayEquals(CodingResource.JSON, reply.decoded());
        return reply.body().length;
    }
}
