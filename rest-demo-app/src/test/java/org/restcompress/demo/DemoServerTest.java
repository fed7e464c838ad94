package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.restcompress.it.Bodies;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/** The demo's endpoints over real HTTP, as the README shows them. */
class DemoServerTest {

    private static DemoServer demo;
    private static byte[] identity;

    @BeforeAll
    static void start() throws Exception {
        demo = DemoServer.start("127.0.0.1", 0);
        identity = Http.get(demo.restUri().resolve("static")).body();
    }

    @AfterAll
    static void stop() throws Exception {
        demo.close();
    }

    @Test
    void ping() {
        Reply reply = Http.get(demo.restUri().resolve("ping"), "Accept-Encoding", "lzf");
        assertEquals(200, reply.status());
        assertEquals("pong", reply.text());
        assertNull(reply.header("Content-Encoding"), "4 bytes are below the threshold");
        assertEquals("Accept-Encoding", reply.header("Vary"));
    }

    @Test
    void staticDocumentIsAbout1point8MegabytesOfJson() {
        assertTrue(identity.length > 1_700_000 && identity.length < 1_900_000, identity.length + " bytes");
        assertEquals('{', identity[0]);
        assertArrayEquals(identity, Http.get(demo.restUri().resolve("static")).body(), "same bytes every time");
    }

    @ParameterizedTest(name = "[{index}] {0} with {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "static        | lzf             | lzf",
        "static        | gzip            | identity",
        "static/gzip   | 'gzip, deflate' | gzip",
        "static/gzip   | lzf             | identity",
        "static/any    | 'gzip, lzf'     | lzf",
        "static/any    | gzip            | gzip",
    })
    void staticEndpointsNegotiate(String path, String acceptEncoding, String expected) {
        Reply reply = Http.get(demo.restUri().resolve(path), "Accept-Encoding", acceptEncoding);
        assertEquals(200, reply.status());
        assertEquals(expected.equals("identity") ? null : expected, reply.header("Content-Encoding"));
        assertArrayEquals(identity, reply.decoded());
        if (!expected.equals("identity")) {
            assertTrue(reply.body().length < identity.length / 2, reply.body().length + " bytes on the wire");
        }
    }

    @ParameterizedTest
    @CsvSource({"lzf, gzip", "gzip, lzf", "deflate, gzip"})
    void echoDecodesAndAnswersInTheNegotiatedCoding(String requestCoding, String responseCoding) {
        byte[] body = Bodies.json(300_000);
        Reply reply = Http.post(demo.restUri().resolve("echo"), Bodies.encode(requestCoding, body),
                "Content-Type", "application/json", "Content-Encoding", requestCoding,
                "Accept-Encoding", responseCoding);
        assertEquals(200, reply.status());
        assertEquals("application/json", reply.header("Content-Type"));
        assertEquals(responseCoding, reply.header("Content-Encoding"));
        assertArrayEquals(body, reply.decoded());
    }

    @Test
    void echoRejectsBadBodiesCleanly() {
        Reply unsupported = Http.post(demo.restUri().resolve("echo"), new byte[] {1, 2, 3},
                "Content-Encoding", "compress");
        assertEquals(415, unsupported.status());
        assertEquals("zstd, lz4, lzf, br, gzip, deflate", unsupported.header("Accept-Encoding"));
        Reply corrupt = Http.post(demo.restUri().resolve("echo"), "not lzf at all".getBytes(),
                "Content-Encoding", "lzf");
        assertEquals(400, corrupt.status());
        Reply bomb = Http.post(demo.restUri().resolve("echo"), Bodies.gzipBomb(64L << 20),
                "Content-Encoding", "gzip");
        assertEquals(413, bomb.status());
    }

    @Test
    void portComesFromTheEnvironment() {
        assertEquals(8080, DemoServer.port(null));
        assertEquals(8080, DemoServer.port(" "));
        assertEquals(9000, DemoServer.port("9000"));
        assertThrows(IllegalArgumentException.class, () -> DemoServer.port("http"));
        assertThrows(IllegalArgumentException.class, () -> DemoServer.port("70000"));
    }
}
