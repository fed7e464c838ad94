package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.Compressed;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.it.Http.Reply;

/**
 * {@code restcompress.auto.formats} where auto weighs codings: the format and the coding are chosen together. One
 * document in two formats: as text, 100 KB that zstd halves; as {@code application/x-packed}, 4 KB that do not
 * compress. On a slow link auto ranks zstd first for the method's bodies, but the pair expected soonest is the packed
 * form as it is: the response goes out so, and says so.
 */
class FormatAndCodingTest {

    static final MediaType PACKED = new MediaType("application", "x-packed");

    /** The document; its writers give it its two forms. */
    public static final class Doc {
    }

    static final byte[] TEXT = text();
    static final byte[] PACKED_BYTES = packed();

    private static byte[] text() {
        Random random = new Random(1);
        StringBuilder s = new StringBuilder("{\"cells\":\"");
        while (s.length() < 100_000) {
            s.append(Integer.toHexString(random.nextInt(16)));
        }
        return s.append("\"}").toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] packed() {
        byte[] bytes = new byte[4_096];
        new Random(2).nextBytes(bytes);
        return bytes;
    }

    @Path("doc")
    public static class DocResource {
        @GET
        @Compressed
        @Produces({MediaType.APPLICATION_JSON, "application/x-packed"})
        public Doc doc() {
            return new Doc();
        }
    }

    /** Writes a {@link Doc} in either form. */
    @Provider
    @Produces({MediaType.APPLICATION_JSON, "application/x-packed"})
    public static class DocWriter implements MessageBodyWriter<Doc> {
        @Override
        public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
            return type == Doc.class;
        }

        @Override
        public void writeTo(Doc doc, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                MultivaluedMap<String, Object> headers, OutputStream out) throws IOException {
            out.write(mediaType.isCompatible(PACKED) ? PACKED_BYTES : TEXT);
        }
    }

    public static class FormatApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(DocResource.class, DocWriter.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().debug(true).autoFormats(true).build()));
        }
    }

    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(FormatApplication.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Reply doc(String accept) {
        return Http.get(server.uri("doc"), "Accept", accept, "Accept-Encoding", "zstd", "Downlink", "1");
    }

    @Test
    void onASlowLinkThePackedFormGoesAsItIsThoughAutoRankedZstdFirstForTheBodies() {
        for (int i = 0; i < 3; i++) { // each form alone, in zstd: what the method learns from
            Reply text = doc("application/json");
            assertEquals("zstd", text.header("Content-Encoding"), text.header("Compression-Decision"));
            assertArrayEquals(TEXT, text.decoded());
            assertEquals(200, doc("application/x-packed").status());
        }
        Reply both = doc("application/json, application/x-packed");
        String decision = both.header("Compression-Decision");
        assertTrue(both.header("Content-Type").startsWith("application/x-packed"), decision);
        assertNull(both.header("Content-Encoding"), decision);
        assertArrayEquals(PACKED_BYTES, both.decoded());
        assertTrue(decision.startsWith("identity; reason=auto; estimate=\"format application/x-packed in identity: "
                + "soonest delivered and parsed (json "), decision);
        assertTrue(decision.contains(" in zstd ("), "JSON weighed in zstd: " + decision);
        assertTrue(decision.contains(" Mbit/s); zstd "), "auto ranked zstd first for the bodies: " + decision);
    }

    @Test
    void aClientThatRanksItsFormatsOrOneAcceptingNoCodingGetsNoPair() {
        Reply ranked = doc("application/json, application/x-packed;q=0.5");
        assertTrue(ranked.header("Content-Type").startsWith("application/json"));
        assertEquals("zstd", ranked.header("Content-Encoding"));
        assertTrue(!ranked.header("Compression-Decision").contains("format "), ranked.header("Compression-Decision"));
        Reply pinned = Http.get(server.uri("doc"), "Accept", "application/json, application/x-packed",
                "Accept-Encoding", "zstd, identity;q=0", "Downlink", "1");
        String decision = pinned.header("Compression-Decision");
        assertEquals("zstd", pinned.header("Content-Encoding"), "identity refused: never chosen, " + decision);
        assertTrue(!decision.contains(" in zstd: soonest") && !decision.contains(" in identity: soonest"),
                "one coding acceptable: no pair to choose, " + decision);
    }
}
