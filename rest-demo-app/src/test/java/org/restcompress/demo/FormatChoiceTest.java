package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The demo chooses the format with the coding ({@code restcompress.auto.formats}): a client that names JSON and CBOR
 * equally and says how fast its link is gets, once both were measured on {@code /rest/photo}, the one expected to be
 * delivered and parsed soonest, and {@code Compression-Decision} names it and why; a client that ranks them with
 * {@code q}, or sends {@code *}{@code /*}, gets what it ranks first or the server's default.
 */
class FormatChoiceTest {

    private static DemoServer demo;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());

    @BeforeAll
    static void start() throws Exception {
        demo = DebugDemo.start("127.0.0.1");
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    private static Reply photo(String accept) {
        return Http.get(demo.restUri().resolve("photo"), "Accept", accept, "Accept-Encoding", "zstd",
                "Downlink", "1000");
    }

    @Test
    void bothFormatsAreMeasuredThenTheSoonestParsedIsSentAndTheDecisionSaysWhy() throws IOException {
        JsonNode expected = JSON.readTree(Http.get(demo.restUri().resolve("photo"), "Accept", "application/json")
                .decoded());
        List<String> types = new ArrayList<>();
        Reply last = null;
        for (int i = 0; i < 8; i++) {
            last = photo("application/json, application/cbor");
            assertEquals(200, last.status());
            String type = last.header("Content-Type");
            types.add(type.replaceAll(";.*", ""));
            // JSON carries the picture as base64, CBOR as bytes: compared as JSON writes both
            JsonNode parsed = JSON.readTree(JSON.writeValueAsBytes(type.startsWith("application/cbor")
                    ? CBOR.readTree(last.decoded()) : JSON.readTree(last.decoded())));
            assertTrue(expected.equals(parsed), "not the same record in " + type);
            assertTrue(last.header("Vary").contains("Accept"), last.header("Vary"));
        }
        assertTrue(types.subList(0, 6).contains("application/cbor") && types.subList(0, 6).contains("application/json"),
                "both measured: " + types);
        assertEquals("application/cbor", types.get(7), "base64 in JSON costs more to write and parse: " + types);
        String decision = last.header("Compression-Decision");
        assertTrue(decision.contains("format application/cbor: soonest delivered and parsed (json "), decision);
    }

    @Test
    void aClientsQRankingOrAWildcardIsNeverOverridden() {
        for (int i = 0; i < 10; i++) {
            assertTrue(photo("application/json, application/cbor;q=0.9").header("Content-Type")
                    .startsWith("application/json"));
            assertTrue(photo("application/cbor, application/json;q=0.5").header("Content-Type")
                    .startsWith("application/cbor"));
            assertTrue(photo("*/*").header("Content-Type").startsWith("application/json"), "the server's qs");
        }
    }
}
