package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The demo chooses the format with the coding ({@code restcompress.auto.formats}): a client that names JSON and CBOR
 * equally and says how fast its link is gets, once the method has sent each a few times, the one expected to be
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
    void onceBothFormatsWereSentTheSoonestParsedIsChosenAndTheDecisionSaysWhy() throws IOException {
        JsonNode expected = JSON.readTree(Http.get(demo.restUri().resolve("photo"), "Accept", "application/json")
                .decoded());
        assertTrue(photo("application/json, application/cbor").header("Content-Type").startsWith("application/json"),
                "nothing known of CBOR here yet: the runtime's choice (the server's qs)");
        for (int i = 0; i < 3; i++) { // clients that asked for each format alone: what the method learns from
            assertEquals(200, photo("application/cbor").status());
            assertEquals(200, photo("application/json").status());
        }
        Reply last = null;
        for (int i = 0; i < 3; i++) {
            last = photo("application/json, application/cbor");
            assertEquals(200, last.status());
            assertTrue(last.header("Content-Type").startsWith("application/cbor"), last.header("Content-Type"));
            // JSON carries the picture as base64, CBOR as bytes: compared as JSON writes both
            JsonNode parsed = JSON.readTree(JSON.writeValueAsBytes(CBOR.readTree(last.decoded())));
            assertTrue(expected.equals(parsed), "not the same record");
            assertTrue(last.header("Vary").contains("Accept"), last.header("Vary"));
        }
        String decision = last.header("Compression-Decision");
        String sent = last.header("Content-Encoding") == null ? "identity" : last.header("Content-Encoding");
        // chosen with the coding where auto weighed codings by cost (not when it probed): the pair it names is sent
        assertTrue(decision.contains("format application/cbor in " + sent + ": soonest delivered and parsed (json ")
                || decision.contains("format application/cbor: soonest delivered and parsed (json "), decision);
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
