package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Bodies;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The demo's endpoints over real HTTP, as the README shows them. Runs against the runnable jar's server
 * ({@link DemoServerTest}) and against the built WAR deployed in a servlet container ({@link DemoWarIT}).
 */
abstract class DemoEndpoints {

    /** Every coding the demo server has. */
    static final List<String> CODINGS = List.of("zstd", "lz4", "lzf", "br", "gzip", "deflate");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final XmlMapper XML = new XmlMapper();

    /** The application's root: the landing page. */
    abstract URI root();

    URI rest(String path) {
        return root().resolve("rest/" + path);
    }

    private Reply put(String id, byte[] body, String... headers) {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("Content-Type", "application/json"));
        all.addAll(java.util.List.of(headers));
        return Http.send(Http.request(rest("docs/" + id), all.toArray(new String[0]))
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    @Test
    void yourOwnDocumentsAreStoredAndReturnedAndBadOnesRefusedWithAReason() throws IOException {
        byte[] document = SharedStoreTest.document(1);
        String id = "doc-" + System.nanoTime();
        assertEquals(404, Http.get(rest("docs/" + id)).status());
        assertEquals(201, put(id, document).status());
        assertEquals(204, put(id, document).status(), "replaced");
        Reply reply = Http.get(rest("docs/" + id), "Accept-Encoding", "zstd");
        assertEquals(200, reply.status());
        assertArrayEquals(document, reply.decoded());
        byte[] zstd = com.github.luben.zstd.Zstd.compress(document);
        assertEquals(204, put(id, zstd, "Content-Encoding", "zstd").status(), "a compressed body is decoded");
        Reply tooLarge = put(id, ("{\"a\":\"" + "x".repeat(64 * 1024) + "\"}").getBytes());
        assertEquals(413, tooLarge.status());
        assertTrue(tooLarge.text().contains("64 KB"), tooLarge.text());
        Reply notJson = put(id, "not json".getBytes());
        assertEquals(400, notJson.status());
        assertTrue(notJson.text().startsWith("not JSON"), notJson.text());
        assertEquals(400, put(id, "{} {}".getBytes()).status(), "two documents");
        assertEquals(400, put(id, new byte[0]).status());
        assertEquals(415, put(id, document, "Content-Encoding", "x-unknown").status());
        assertArrayEquals(document, Http.get(rest("docs/" + id), "Accept-Encoding", "zstd").decoded(),
                "the bad requests changed nothing");
    }

    @Test
    void ping() {
        Reply reply = Http.get(rest("ping"), "Accept-Encoding", "lzf");
        assertEquals(200, reply.status());
        assertEquals("pong", reply.text());
        assertNull(reply.header("Content-Encoding"), "4 bytes are below the threshold");
        assertEquals("Accept-Encoding", reply.header("Vary"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "application/xml"})
    void objectIsSmallAndSentAsIs(String type) throws IOException {
        Reply reply = Http.get(rest("object"), "Accept", type, "Accept-Encoding", "lzf, gzip");
        assertEquals(200, reply.status());
        assertTrue(reply.header("Content-Type").startsWith(type), reply.header("Content-Type"));
        assertNull(reply.header("Content-Encoding"), "below the 1 KB threshold");
        assertEquals("rest-compress", parse(type, reply.body()).get("value").asText());
    }

    @Test
    void staticDocumentIsAbout1point8MegabytesOfJson() {
        byte[] identity = staticDocument();
        assertTrue(identity.length > 1_700_000 && identity.length < 1_900_000, identity.length + " bytes");
        assertEquals('{', identity[0]);
        assertArrayEquals(identity, Http.get(rest("static")).body(), "same bytes every time");
    }

    @ParameterizedTest(name = "[{index}] {0} with {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "static        | lzf             | lzf",
        "static        | gzip            | identity",
        "static/gzip   | 'gzip, deflate' | gzip",
        "static/gzip   | lzf             | identity",
        "static/any    | 'gzip, lzf'     | lzf",
        "static/any    | gzip            | gzip",
        "static/any    | zstd            | zstd",
        "static/any    | br              | br",
        "static/any    | lz4             | lz4",
        "static/any    | deflate         | deflate",
        "static/any    | 'gzip, br, zstd'| zstd",
    })
    void staticEndpointsNegotiate(String path, String acceptEncoding, String expected) {
        Reply reply = Http.get(rest(path), "Accept-Encoding", acceptEncoding);
        assertEquals(200, reply.status());
        assertEquals(expected.equals("identity") ? null : expected, reply.header("Content-Encoding"));
        assertArrayEquals(staticDocument(), reply.decoded());
        if (!expected.equals("identity")) {
            assertTrue(reply.body().length < staticDocument().length / 2, reply.body().length + " bytes on the wire");
        }
    }

    @Test
    void staticDocumentAsXml() throws IOException {
        Reply reply = Http.get(rest("static"), "Accept", "application/xml", "Accept-Encoding", "lzf");
        assertTrue(reply.header("Content-Type").startsWith("application/xml"), reply.header("Content-Type"));
        assertEquals("lzf", reply.header("Content-Encoding"));
        JsonNode document = XML.readTree(reply.decoded());
        assertEquals(Documents.STATIC_ENTRIES, document.size());
        assertEquals("entry 9999", document.get("key-9999").get("name").asText());
    }

    /** Every complex endpoint in every coding and both media types: decoded, the entries asked for. */
    @Test
    void complexEndpointsInEveryCodingAndType() throws IOException {
        List<String> failures = new ArrayList<>();
        for (String path : List.of("complex", "complex/50", "complex/50/json", "complex/0")) {
            for (String type : List.of("application/json", "application/xml")) {
                if (path.endsWith("/json") && type.endsWith("xml")) {
                    continue;
                }
                int entries = path.equals("complex") ? DemoResource.DEFAULT_ENTRIES
                        : Integer.parseInt(path.split("/")[1]);
                for (String coding : CODINGS) {
                    Reply reply = Http.get(rest(path), "Accept", type, "Accept-Encoding", coding);
                    String expected = entries == 0 ? null : coding; // {} is below the threshold
                    if (reply.status() != 200 || !reply.header("Content-Type").startsWith(type)
                            || !Objects.equals(expected, reply.header("Content-Encoding"))
                            || parse(type, reply.decoded()).size() != entries) {
                        failures.add(path + " " + type + " " + coding + ": " + reply.status() + " "
                                + reply.header("Content-Type") + " " + reply.header("Content-Encoding"));
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void aSeedMakesComplexDocumentsRepeatable() {
        byte[] first = Http.get(rest("complex/200?seed=7")).body();
        assertArrayEquals(first, Http.get(rest("complex/200?seed=7")).body());
        assertArrayEquals(first, Http.get(rest("complex/200/json?seed=7")).body(), "the pre-serialized form");
        assertNotEquals(new String(first), new String(Http.get(rest("complex/200?seed=8")).body()));
        assertNotEquals(new String(first), new String(Http.get(rest("complex/200")).body()), "random without");
    }

    @ParameterizedTest
    @ValueSource(strings = {"complex/-1", "complex/20001", "complex/99999999999", "complex/many",
        "complex/2147483648/json", "complex/3?seed=x", "complex/3/json?seed=1e9"})
    void badParametersGet400NotAnOutOfMemory(String path) {
        Reply reply = Http.get(rest(path), "Accept-Encoding", "gzip");
        assertEquals(400, reply.status(), path);
        assertTrue(reply.text().contains("must be a whole number"), reply.text());
    }

    @Test
    void largestAllowedSizeIsServed() throws IOException {
        Reply reply = Http.get(rest("complex/" + Documents.MAX_ENTRIES), "Accept-Encoding", "lz4");
        assertEquals(200, reply.status());
        assertEquals(Documents.MAX_ENTRIES, JSON.readTree(reply.decoded()).size());
    }

    @ParameterizedTest
    @CsvSource({"lzf, gzip", "gzip, lzf", "deflate, gzip", "zstd, br", "br, lz4", "lz4, zstd", "gzip, deflate"})
    void echoDecodesAndAnswersInTheNegotiatedCoding(String requestCoding, String responseCoding) {
        byte[] body = Bodies.json(300_000);
        Reply reply = Http.post(rest("echo"), Bodies.encode(requestCoding, body),
                "Content-Type", "application/json", "Content-Encoding", requestCoding,
                "Accept-Encoding", responseCoding);
        assertEquals(200, reply.status());
        assertEquals("application/json", reply.header("Content-Type"));
        assertEquals(responseCoding, reply.header("Content-Encoding"));
        assertArrayEquals(body, reply.decoded());
    }

    @Test
    void echoRejectsBadBodiesCleanly() {
        Reply unsupported = Http.post(rest("echo"), new byte[] {1, 2, 3}, "Content-Encoding", "compress");
        assertEquals(415, unsupported.status());
        assertEquals("zstd, lz4, lzf, br, gzip, deflate, dcz, dcb", unsupported.header("Accept-Encoding"));
        Reply corrupt = Http.post(rest("echo"), "not lzf at all".getBytes(), "Content-Encoding", "lzf");
        assertEquals(400, corrupt.status());
        assertTrue(corrupt.text().contains("lzf"), corrupt.text());
        Reply bomb = Http.post(rest("echo"), Bodies.gzipBomb(64L << 20), "Content-Encoding", "gzip");
        assertEquals(413, bomb.status());
        assertEquals("pong", Http.get(rest("ping")).text(), "still serving");
    }

    @Test
    void landingPageIsServedAtTheRoot() {
        Reply page = Http.get(root(), "Accept-Encoding", "gzip");
        assertEquals(200, page.status());
        assertTrue(page.header("Content-Type").startsWith("text/html"), page.header("Content-Type"));
        String html = page.text();
        assertTrue(html.contains("<h1>rest-compress</h1>") && html.contains("rest/savings"), html);
        assertTrue(html.contains("<p id=\"warm-up\">") && html.contains("report.warmUpRounds")
                && html.contains("report.coldStart"), "the page says how much warm-up ran");
        for (String external : List.of("src=\"http", "href=\"http", "src=\"//", "<link", "@import", "url(")) {
            assertTrue(!html.contains(external), "no external assets, so it works offline: " + external);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"static", "complex"})
    void savingsAreMeasuredForEveryCoding(String document) throws IOException {
        Reply reply = Http.get(rest("savings?document=" + document));
        assertEquals(200, reply.status(), reply.text());
        JsonNode report = JSON.readTree(reply.body());
        List<String> codings = new ArrayList<>();
        long identity = report.get("identityBytes").asLong();
        for (JsonNode m : report.get("codings")) {
            codings.add(m.get("coding").asText());
            assertTrue(m.get("bytes").asLong() > 0 && m.get("requestMs").asDouble() > 0, m.toString());
            if (!m.get("coding").asText().equals("identity")) {
                assertTrue(m.get("bytes").asLong() < identity / 2, m.toString());
            }
        }
        List<String> expected = new ArrayList<>(List.of("identity"));
        expected.addAll(CODINGS);
        assertEquals(expected, codings);
        byte[] measured = Http.get(rest(SavingsResource.DOCUMENTS.get(document))).body();
        assertEquals(measured.length, identity, "identity bytes are the endpoint's body");
    }

    /**
     * The codings take turns: every measured round fetches every coding once, each round starting one coding further
     * on, so no coding is timed twice in a row or always first. Before them every coding ran the warm-up rounds the
     * reply reports, at least the minimum and for at least the warm-up time (longer on a cold start).
     */
    @Test
    void savingsWarmUpEveryCodingAndTakeTurns() throws IOException {
        Reply reply = Http.get(rest("savings?document=complex"));
        assertEquals(200, reply.status(), reply.text());
        JsonNode report = JSON.readTree(reply.body());
        List<String> codings = new ArrayList<>();
        report.get("codings").forEach(m -> codings.add(m.get("coding").asText()));

        assertTrue(report.get("coldStart").isBoolean() && report.get("settled").isBoolean(), reply.text());
        int warmUpRounds = report.get("warmUpRounds").asInt();
        assertTrue(warmUpRounds >= Savings.MIN_WARM_UP, reply.text());
        Duration least = report.get("coldStart").asBoolean() ? Savings.COLD_WARM_UP : Savings.WARM_UP;
        assertTrue(report.get("warmUpMs").asLong() >= least.toMillis(), reply.text());
        assertTrue(report.get("settled").asBoolean()
                || report.get("warmUpMs").asLong() >= Savings.MAX_WARM_UP.toMillis(),
                "unsettled only when the warm-up ran out of time: " + reply.text());

        JsonNode rounds = report.get("rounds");
        assertEquals(Savings.RUNS, report.get("runs").asInt());
        assertEquals(Savings.RUNS, rounds.size(), reply.text());
        List<String> sequence = new ArrayList<>();
        for (int run = 0; run < rounds.size(); run++) {
            List<String> round = new ArrayList<>();
            rounds.get(run).forEach(c -> round.add(c.asText()));
            assertEquals(Savings.rotated(codings, warmUpRounds + run), round, "round " + run + ": " + rounds);
            sequence.addAll(round);
        }
        for (int i = 1; i < sequence.size(); i++) {
            assertNotEquals(sequence.get(i - 1), sequence.get(i), "back to back at " + i + ": " + sequence);
        }
    }

    /** The measurement goes to this server on loopback whatever the request says about hosts and ports. */
    @Test
    void savingsIgnoreHostsNamedByTheClient() throws IOException {
        Reply reply = Http.send(Http.request(rest("savings?document=complex"), "X-Forwarded-Host", "example.invalid",
                "X-Forwarded-Port", "1", "Forwarded", "host=example.invalid;proto=https").build());
        assertEquals(200, reply.status(), reply.text());
        assertEquals(CODINGS.size() + 1, JSON.readTree(reply.body()).get("codings").size(), reply.text());
    }

    /** Results are shared for a minute: the next caller gets the same report, not a new measurement. */
    @Test
    void savingsAreSharedNotRemeasuredOnEveryCall() throws IOException {
        // fresh: at most a few seconds old, so the next call is well inside the minute
        String first = JSON.readTree(Http.get(rest("savings?document=complex&fresh=true")).body())
                .get("measuredAt").asText();
        String again = JSON.readTree(Http.get(rest("savings?document=complex")).body()).get("measuredAt").asText();
        assertEquals(first, again);
    }

    @Test
    void echoHoldsPlainBodiesToTheLimitToo() throws Exception {
        byte[] tooBig = new byte[DemoResource.ECHO_LIMIT + 1];
        assertEquals(413, Http.post(rest("echo"), tooBig, "Content-Type", "application/octet-stream").status());
        // the same without a Content-Length: chunked, so the limit is found while reading
        java.net.http.HttpRequest chunked = Http.request(rest("echo"), "Content-Type", "application/octet-stream")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                        () -> new java.io.ByteArrayInputStream(tooBig))).build();
        assertEquals(413, Http.send(chunked).status());
        Reply fits = Http.post(rest("echo"), new byte[DemoResource.ECHO_LIMIT], "Content-Type", "text/html");
        assertEquals(200, fits.status());
        assertEquals("nosniff", fits.header("X-Content-Type-Options"), "the client's type, never sniffed");
        assertEquals("pong", Http.get(rest("ping")).text(), "still serving");
    }

    @Test
    void badParameterMessagesShowOnlyPrintableText() {
        // (control characters never get this far: the container refuses such a URI itself)
        Reply reply = Http.get(rest("complex/%C3%A9t%C3%A9-12345678901234567890"));
        assertEquals(400, reply.status());
        assertEquals("size must be a whole number from 0 to 20000, was '?t?-1234567890123456...'\n", reply.text());
    }

    @Test
    void savingsRejectsUnknownDocuments() {
        Reply reply = Http.get(rest("savings?document=http://example.com/"));
        assertEquals(400, reply.status());
        assertTrue(reply.text().contains("document must be one of"), reply.text());
    }

    /** The event stream: each coding negotiated once for the stream, events decodable as they arrive. */
    @ParameterizedTest
    @ValueSource(strings = {"zstd", "gzip", "br", "deflate", "lzf", "lz4"})
    void eventStreamIsCompressedEventByEvent(String coding) throws Exception {
        java.net.http.HttpResponse<java.io.InputStream> response = Http.stream(Http.request(
                rest("events?count=5&interval=20"), "Accept-Encoding", coding).GET().build());
        assertEquals(200, response.statusCode());
        assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        List<String> data = new ArrayList<>();
        try (java.io.BufferedReader events = new java.io.BufferedReader(new java.io.InputStreamReader(
                Http.decoder(coding, response.body()), java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line; (line = events.readLine()) != null; ) { // to the end: the coding ends cleanly
                if (line.startsWith("data: ")) {
                    data.add(line.substring(6));
                }
            }
        }
        assertEquals(5, data.size(), data.toString());
        for (int i = 0; i < 5; i++) {
            assertEquals(i, JSON.readTree(data.get(i)).get("id").asInt());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "count=-1       | count must be a whole number from 0 to 1000000, was '-1'",
        "count=ten      | count must be a whole number from 0 to 1000000, was 'ten'",
        "interval=5     | interval must be a whole number from 10 to 3600000, was '5'",
    })
    void eventStreamRejectsBadParameters(String query, String message) {
        Reply reply = Http.get(rest("events?" + query), "Accept-Encoding", "zstd");
        assertEquals(400, reply.status());
        assertEquals(message + "\n", reply.text());
        assertNull(reply.header("Content-Encoding"));
    }

    private byte[] staticDocument;

    private byte[] staticDocument() {
        if (staticDocument == null) {
            staticDocument = Http.get(rest("static")).body();
        }
        return staticDocument;
    }

    private static JsonNode parse(String type, byte[] body) throws IOException {
        return type.endsWith("xml") ? XML.readTree(body) : JSON.readTree(body);
    }
}
