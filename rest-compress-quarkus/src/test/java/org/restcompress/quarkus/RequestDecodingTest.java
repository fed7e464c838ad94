package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Bodies;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The library's request decoding and its limits on Quarkus REST. The limit, {@code restcompress.max-decoded-size}, is
 * a system property (the pom's surefire configuration): see {@link ConfigurationTest} for why.
 */
@QuarkusTest
class RequestDecodingTest {

    /** restcompress.max-decoded-size, as application.properties sets it. */
    static final int LIMIT = 256 * 1024;

    @TestHTTPResource("/")
    URI base;

    private Reply post(String path, byte[] body, String... headers) {
        return Http.post(base.resolve(path), body, headers);
    }

    private void assertStillServing() {
        Reply reply = post("coded/echo", Bodies.encode("gzip", CodedResource.JSON), "Content-Encoding", "gzip",
                "Content-Type", "application/json", "Accept-Encoding", "zstd");
        assertEquals(200, reply.status(), reply.text());
        assertArrayEquals(CodedResource.JSON, reply.decoded());
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "deflate", "lzf", "br", "lz4"})
    void decodesTheBodyAndAnswersInTheNegotiatedCoding(String coding) {
        assertTrue(CodedResource.JSON.length < LIMIT, "the body fits the limit");
        Reply reply = post("coded/echo", Bodies.encode(coding, CodedResource.JSON), "Content-Encoding", coding,
                "Content-Type", "application/json", "Accept-Encoding", coding);
        assertEquals(200, reply.status(), reply.text());
        assertEquals(coding, reply.header("Content-Encoding"));
        assertArrayEquals(CodedResource.JSON, reply.decoded());
    }

    @Test
    void unannotatedMethodsDoNotDecode() {
        byte[] gzip = Bodies.encode("gzip", CodedResource.JSON);
        Reply reply = post("plain/length", gzip, "Content-Encoding", "gzip");
        assertEquals(Integer.toString(gzip.length), reply.text());
    }

    @Test
    void anUnknownCodingGives415ListingWhatIsAccepted() {
        Reply reply = post("coded/echo", CodedResource.JSON, "Content-Encoding", "compress", "Content-Type", "text/plain");
        assertEquals(415, reply.status());
        assertEquals("zstd, lz4, lzf, br, gzip, deflate, dcz, dcb", reply.header("Accept-Encoding"));
        assertTrue(reply.text().contains("unsupported content coding 'compress'"), reply.text());
        assertStillServing();
    }

    @Test
    void aCorruptBodyGives400NamingTheCoding() {
        byte[] corrupt = Bodies.encode("gzip", CodedResource.JSON);
        corrupt[corrupt.length / 2] ^= 0x55;
        corrupt[corrupt.length / 2 + 1] ^= 0x55;
        Reply reply = post("coded/echo", corrupt, "Content-Encoding", "gzip", "Content-Type", "application/json");
        assertEquals(400, reply.status(), reply.text());
        assertTrue(reply.text().startsWith("corrupt gzip content"), reply.text());
        assertStillServing();
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd"})
    void aBodyDecodingPastTheLimitGives413(String coding) {
        byte[] bomb = Bodies.bomb(coding, LIMIT * 4); // a few KB that unfold to four times the limit
        assertTrue(bomb.length < LIMIT / 8, bomb.length + " bytes");
        Reply reply = post("coded/echo", bomb, "Content-Encoding", coding, "Content-Type", "application/octet-stream");
        assertEquals(413, reply.status(), reply.text());
        assertStillServing();
    }
}
