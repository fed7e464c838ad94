package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    /** The pair a decision names: "format application/cbor in identity: soonest delivered...". */
    private static final Pattern PAIR = Pattern.compile("format (application/[a-z-]+) in ([a-z0-9-]+): soonest");

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

    /**
     * Where auto weighs codings, the format is chosen with the coding: on the picture record at 100 Mbit/s, CBOR as it
     * is (its picture's bytes do not compress; base64 in JSON compresses to about their size), and the response goes
     * out in the coding the decision names.
     */
    @Test
    void theFormatIsChosenWithTheCodingAndGoesOutInIt() throws IOException {
        for (String coding : new String[] {"zstd", "identity"}) {
            for (int i = 0; i < 3; i++) {
                for (String type : new String[] {"application/cbor", "application/json"}) {
                    assertEquals(200, Http.get(demo.restUri().resolve("photo"), "Accept", type, "Accept-Encoding",
                            coding, "Downlink", "100").status());
                }
            }
        }
        int pairs = 0;
        for (int i = 0; i < 5; i++) {
            Reply reply = Http.get(demo.restUri().resolve("photo"), "Accept", "application/json, application/cbor",
                    "Accept-Encoding", "zstd", "Downlink", "100");
            String decision = reply.header("Compression-Decision");
            String sent = reply.header("Content-Encoding") == null ? "identity" : reply.header("Content-Encoding");
            assertTrue(decision.startsWith(sent + "; reason=auto"), decision);
            Matcher pair = PAIR.matcher(decision);
            if (pair.find()) { // not when auto probed a coding: then only the format is chosen
                assertEquals(sent, pair.group(2), "the coding the decision names is the one sent: " + decision);
                assertTrue(reply.header("Content-Type").startsWith(pair.group(1)), reply.header("Content-Type"));
            }
            if (decision.contains("format application/cbor in identity: soonest")) {
                pairs++;
                assertEquals("identity", sent, decision);
                assertTrue(reply.header("Content-Type").startsWith("application/cbor"), reply.header("Content-Type"));
                assertTrue(CBOR.readTree(reply.decoded()).get("image").isBinary(), "CBOR carries the picture as bytes");
            }
        }
        assertTrue(pairs > 0, "no response was chosen with its coding");
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
