package org.restcompress.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdInputStream;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.CompressionConfig;
import org.restcompress.it.Bodies;
import org.restcompress.it.CodingResource;
import org.restcompress.it.DictionaryBodies;
import org.restcompress.it.EventResource;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;
import org.restcompress.micrometer.CompressionMetrics;
import org.restcompress.spring.app.TestApplication;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The starter in a real Spring Boot application on a random port (Tomcat, Jersey 4): nothing registered by hand, the
 * settings from {@code application.properties}, every coding, request bodies decoded and refused, event streams, a
 * shared dictionary and the meters, over real sockets with the JDK client; bodies decoded independently.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class StarterTest {

    static final byte[] TRAINED = DictionaryBodies.trained();

    @LocalServerPort
    int port;
    @Autowired
    CompressionConfig config;
    @Autowired
    MeterRegistry registry;

    /** A shared dictionary from a file, named by a property as a user would (it cannot be in a static file). */
    @DynamicPropertySource
    static void sharedDictionary(DynamicPropertyRegistry properties) throws IOException {
        Path file = Files.createTempFile("items", ".dict");
        file.toFile().deleteOnExit();
        Files.write(file, TRAINED);
        properties.add("restcompress.shared-dictionary.items", file::toString);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + "/rest/" + path);
    }

    @Test
    void theSettingsAreApplicationPropertiesTyped() {
        assertEquals(1 << 20, config.maxDecodedSize(), "restcompress.max-decoded-size=1MB");
        assertTrue(config.debug());
        assertTrue(config.auto(), "the library's default preference");
    }

    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "deflate", "zstd", "br", "lz4"})
    void everyCodingDecodesToTheExactBytes(String coding) {
        Reply reply = Http.get(uri("all"), "Accept-Encoding", coding);
        assertEquals(200, reply.status());
        assertEquals(coding, reply.header("Content-Encoding"));
        assertEquals(coding + "; reason=negotiated", reply.header("Compression-Decision"), "restcompress.debug=true");
        assertArrayEquals(CodingResource.JSON, reply.decoded());
        assertTrue(reply.body().length < CodingResource.JSON.length / 3, reply.body().length + " bytes");
    }

    /** restcompress.gzip.level=9 reaches the codec: the body is the size the JDK's level 9 makes, not level 6's. */
    @Test
    void aCodecSettingReachesTheCodec() throws IOException {
        Reply reply = Http.get(uri("gzip"), "Accept-Encoding", "gzip");
        int level9 = gzipped(CodingResource.JSON, Deflater.BEST_COMPRESSION);
        int level6 = gzipped(CodingResource.JSON, 6);
        assertTrue(level6 - level9 > 64, "the levels differ on this body: " + level6 + " against " + level9);
        assertTrue(Math.abs(reply.body().length - level9) <= 32, reply.body().length + " bytes, level 9 makes "
                + level9 + ", level 6 " + level6);
    }

    private static int gzipped(byte[] data, int level) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out) {
            {
                def.setLevel(level);
            }
        }) {
            gzip.write(data);
        }
        return out.size();
    }

    @Test
    void noAcceptEncodingIsIdentity() {
        Reply reply = Http.get(uri("all"));
        assertNull(reply.header("Content-Encoding"));
        assertArrayEquals(CodingResource.JSON, reply.body());
    }

    @Test
    void requestBodiesAreDecodedAndBadOnesRefusedWithTheirStatus() {
        byte[] body = Bodies.json(50_000);
        Reply decoded = Http.post(uri("echo"), Bodies.gzip(body), "Content-Encoding", "gzip",
                "Content-Type", "application/json");
        assertEquals(200, decoded.status());
        assertArrayEquals(body, decoded.body());

        byte[] corrupt = Bodies.gzip(body);
        corrupt[corrupt.length / 2] ^= 0x55;
        corrupt[corrupt.length / 2 + 1] ^= 0x55;
        assertEquals(400, Http.post(uri("echo"), corrupt, "Content-Encoding", "gzip",
                "Content-Type", "application/json").status());
        // 2 MB decoded, past restcompress.max-decoded-size=1MB
        assertEquals(413, Http.post(uri("echo"), Bodies.gzipBomb(2 << 20), "Content-Encoding", "gzip",
                "Content-Type", "application/json").status());
        assertEquals(415, Http.post(uri("echo"), body, "Content-Encoding", "x-no-such-coding",
                "Content-Type", "application/json").status());
        assertEquals(200, Http.get(uri("all"), "Accept-Encoding", "gzip").status(), "still serving");
    }

    @Test
    void eventStreamsAreEncodedEventByEvent() throws Exception {
        HttpResponse<InputStream> response = Http.stream(Http.request(uri("events/feed?count=20"),
                "Accept-Encoding", "zstd").GET().build());
        assertEquals(200, response.statusCode());
        assertEquals("zstd", response.headers().firstValue("Content-Encoding").orElse(null));
        List<String> data = new ArrayList<>();
        try (BufferedReader events = new BufferedReader(new InputStreamReader(Http.decoder("zstd", response.body()),
                StandardCharsets.UTF_8))) {
            for (String line; (line = events.readLine()) != null; ) {
                if (line.startsWith("data: ")) {
                    data.add(line.substring("data: ".length()));
                }
            }
        }
        assertEquals(20, data.size());
        assertEquals(EventResource.event(19), data.get(19));
    }

    @Test
    void aSharedDictionaryIsAnnouncedServedAndUsed() throws Exception {
        Reply plain = Http.get(uri("dict/items/5"), "Accept-Encoding", "zstd, dcz");
        String link = plain.header("Link");
        assertNotNull(link, "announced");
        String path = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        Reply dictionary = Http.get(URI.create("http://127.0.0.1:" + port + path));
        assertEquals(200, dictionary.status());
        assertArrayEquals(TRAINED, dictionary.body());

        byte[] hash = MessageDigest.getInstance("SHA-256").digest(TRAINED);
        Reply small = Http.get(uri("dict/items/5"), "Accept-Encoding", "zstd, dcz",
                "Available-Dictionary", ":" + Base64.getEncoder().encodeToString(hash) + ":");
        assertEquals("dcz", small.header("Content-Encoding"));
        // RFC 9842: a 40-byte header (magic, the dictionary's hash), then a zstd frame against the dictionary
        assertArrayEquals(hash, Arrays.copyOfRange(small.body(), 8, 40));
        try (ZstdInputStream in = new ZstdInputStream(new ByteArrayInputStream(small.body(), 40,
                small.body().length - 40))) {
            in.setDict(TRAINED);
            assertArrayEquals(DictionaryBodies.item(5), in.readAllBytes());
        }
    }

    @Test
    void theMetersAreInSpringsRegistry() {
        Counter before = registry.find(CompressionMetrics.RESPONSES).tag("coding", "br").counter();
        double was = before == null ? 0 : before.count();
        assertEquals(200, Http.get(uri("all"), "Accept-Encoding", "br").status());
        Counter after = registry.find(CompressionMetrics.RESPONSES).tag("coding", "br").counter();
        assertNotNull(after, "registered in Spring's registry");
        assertEquals(was + 1, after.count());
        assertTrue(registry.find(CompressionMetrics.BYTES_BEFORE).tag("coding", "br").counter().count()
                >= CodingResource.JSON.length);
    }
}
