package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/** The demo's dictionary endpoints over HTTP: the feed, the items, the shared dictionary, and the measured savings. */
class DictionaryEndpointsTest {

    private static DemoServer demo;

    @BeforeAll
    static void start() throws Exception {
        demo = DemoServer.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() throws Exception {
        demo.close();
    }

    private static Reply get(String path, String... headers) {
        return Http.get(demo.restUri().resolve(path), headers);
    }

    private static String available(byte[] content) throws Exception {
        return ":" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(content)) + ":";
    }

    @Test
    void theFeedIsTheSameBytesForAStepAndItsNextStepComesAsADelta() throws Exception {
        Reply first = get("feed?at=500");
        assertEquals(200, first.status());
        assertArrayEquals(DemoFeed.feed(500), first.body());
        assertArrayEquals(first.body(), get("feed?at=500").body());
        assertEquals("match=\"/rest/feed\"", first.header("Use-As-Dictionary"));
        assertEquals("max-age=600", first.header("Cache-Control"));
        Reply delta = get("feed?at=501", "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                available(first.body()));
        assertEquals("dcz", delta.header("Content-Encoding"));
        Dictionary dictionary = Dictionary.of(first.body());
        DictionaryCodec dcz = new DictionaryCodec(DictionaryFormat.DCZ, new ZstdCodec(),
                h -> h.equals(dictionary.hash()) ? dictionary : null);
        try (InputStream in = dcz.decode(new ByteArrayInputStream(delta.body()))) {
            assertArrayEquals(DemoFeed.feed(501), in.readAllBytes());
        }
        assertEquals(200, get("feed").status(), "the current step");
        assertEquals(404, get("feed?at=-1").status());
    }

    @Test
    void itemsAnnounceTheSharedDictionaryWhichIsServedWithItsHash() throws Exception {
        Reply item = get("items/7");
        assertArrayEquals(DemoFeed.item(7), item.body());
        assertEquals(404, get("items/0").status());
        assertEquals(404, get("items/1001").status());
        byte[] trained = DemoDictionaryTest.train();
        String hash = Dictionary.of(trained).hash();
        assertEquals("</rest/compression-dictionaries/" + hash + ">; rel=\"compression-dictionary\"",
                item.header("Link"));
        Reply dictionary = get("compression-dictionaries/" + hash);
        assertArrayEquals(trained, dictionary.body());
        assertEquals("\"" + hash + "\"", dictionary.header("ETag"));
        assertEquals("match=\"/rest/items/*\", id=\"items\"", dictionary.header("Use-As-Dictionary"));
    }

    @Test
    void dictionaryResponsesAreCountedByKind() throws Exception {
        double delta = dictionaryResponses("delta");
        double shared = dictionaryResponses("shared");
        Reply first = get("feed?at=600");
        assertEquals("dcz", get("feed?at=601", "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                available(first.body())).header("Content-Encoding"));
        byte[] trained = get("compression-dictionaries/" + Dictionary.of(DemoDictionaryTest.train()).hash()).body();
        assertEquals("dcz", get("items/8", "Accept-Encoding", "zstd, dcz", "Available-Dictionary",
                available(trained)).header("Content-Encoding"));
        // told once each body is done: just after the client has it
        for (int i = 0; i < 100 && (dictionaryResponses("delta") < delta + 1
                || dictionaryResponses("shared") < shared + 1); i++) {
            Thread.sleep(50);
        }
        assertEquals(delta + 1, dictionaryResponses("delta"), "the feed's step against the one before");
        assertEquals(shared + 1, dictionaryResponses("shared"), "an item against the shared dictionary");
    }

    private static double dictionaryResponses(String kind) {
        return io.micrometer.core.instrument.search.Search.in(DemoMetrics.REGISTRY)
                .name(org.restcompress.micrometer.CompressionMetrics.DICTIONARY).tags("coding", "dcz", "kind", kind)
                .counters().stream().mapToDouble(io.micrometer.core.instrument.Counter::count).sum();
    }

    @Test
    void theSavingsEndpointMeasuresEachCodingWithAndWithoutADictionary() throws Exception {
        Reply reply = get("dictionary-savings");
        assertEquals(200, reply.status(), reply.text());
        JsonNode report = new ObjectMapper().readTree(reply.body());
        JsonNode feed = report.get("feed");
        JsonNode item = report.get("item");
        for (JsonNode sizes : new JsonNode[] {feed, item}) {
            for (String coding : new String[] {"identity", "zstd", "br", "dcz", "dcb"}) {
                assertTrue(sizes.get(coding).asInt() > 0, coding + " in " + sizes);
            }
        }
        assertTrue(feed.get("dcz").asInt() * 5 <= feed.get("zstd").asInt(), feed.toString());
        assertTrue(item.get("dcz").asDouble() <= 0.6 * item.get("zstd").asInt(), item.toString());
        assertEquals("identity", item.path("zstd-sent-as").asText("zstd"), "an item is below the threshold");
        System.out.println("dictionary savings: " + report);
    }
}
