package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/** The library's response encoding on Quarkus REST, over a real socket; the wire bytes decoded independently. */
@QuarkusTest
class ResponseEncodingTest {

    @TestHTTPResource("/")
    URI base;

    private Reply get(String path, String... headers) {
        return Http.get(base.resolve(path), headers);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "deflate", "zstd", "br", "lz4"})
    void encodesInEveryCodingAndDecodesToTheExactBytes(String coding) {
        Reply reply = get("coded/all", "Accept-Encoding", coding);
        assertEquals(200, reply.status());
        assertEquals(coding, reply.header("Content-Encoding"));
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertArrayEquals(CodedResource.JSON, reply.decoded(), "one coding, decoding to the entity");
        assertTrue(reply.body().length < CodedResource.JSON.length / 3, reply.body().length + " bytes");
    }

    @ParameterizedTest(name = "[{index}] Accept-Encoding: {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "'gzip, lzf'        | lzf",  // equal q: the library's preference
        "'gzip, lzf;q=0.5'  | gzip",
        "br                 | identity", // neither offers it (nor does Quarkus's compression)
    })
    void lzfAndGzipAnnotationsNegotiate(String acceptEncoding, String expected) {
        Reply reply = get("coded/both", "Accept-Encoding", acceptEncoding);
        assertEquals(200, reply.status());
        assertEquals(expected.equals("identity") ? null : expected, reply.header("Content-Encoding"));
        assertArrayEquals(CodedResource.JSON, reply.decoded());
    }

    @Test
    void noAcceptEncodingMeansIdentity() {
        Reply reply = get("coded/all");
        assertNull(reply.header("Content-Encoding"));
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertArrayEquals(CodedResource.JSON, reply.body());
    }

    @Test
    void acceptingOnlyIdentityMeansIdentity() {
        Reply reply = get("coded/all", "Accept-Encoding", "identity");
        assertNull(reply.header("Content-Encoding"));
        assertArrayEquals(CodedResource.JSON, reply.body());
    }

    /** lzf, which Quarkus's own compression does not know: the library alone decides. */
    @Test
    void aBodyUnderTheThresholdGoesOutUnencodedWithItsLength() {
        Reply reply = get("coded/small", "Accept-Encoding", "lzf");
        assertEquals(200, reply.status());
        assertNull(reply.header("Content-Encoding"));
        assertEquals("Accept-Encoding", reply.header("Vary"));
        assertEquals(Integer.toString(CodedResource.SMALL.length), reply.header("Content-Length"));
        assertArrayEquals(CodedResource.SMALL, reply.body());
        assertTrue(reply.header("Compression-Decision").startsWith("identity; reason=below-threshold"),
                reply.header("Compression-Decision"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"identity;q=0, *;q=0", "*;q=0", "br, identity;q=0"})
    void refusingIdentityAndEveryOfferedCodingGives406(String acceptEncoding) {
        String path = acceptEncoding.startsWith("br") ? "coded/both" : "coded/all";
        Reply reply = get(path, "Accept-Encoding", acceptEncoding);
        assertEquals(406, reply.status(), reply.text());
        assertTrue(reply.text().startsWith("Accept-Encoding refuses identity"), reply.text());
        assertEquals("Accept-Encoding", reply.header("Vary"));
    }

    @Test
    void strongEtagsCarryTheCodingAndStillGive304() {
        Reply zstd = get("coded/etag", "Accept-Encoding", "zstd");
        assertEquals("zstd", zstd.header("Content-Encoding"));
        assertEquals("\"v1-zstd\"", zstd.header("ETag"));
        assertArrayEquals(CodedResource.JSON, zstd.decoded());
        assertEquals("\"v1\"", get("coded/etag").header("ETag"));

        Reply notModified = get("coded/etag", "Accept-Encoding", "zstd", "If-None-Match", "\"v1-zstd\"");
        assertEquals(304, notModified.status());
        assertEquals("\"v1-zstd\"", notModified.header("ETag"));
        assertEquals("Accept-Encoding", notModified.header("Vary"));
        assertEquals(0, notModified.body().length);

        Reply plain = get("coded/etag", "If-None-Match", "\"v1\"");
        assertEquals(304, plain.status());
        assertEquals("\"v1\"", plain.header("ETag"));

        Reply otherCoding = get("coded/etag", "Accept-Encoding", "br", "If-None-Match", "\"v1-zstd\"");
        assertEquals(200, otherCoding.status(), "the client holds the zstd variant, not the br one");
        assertEquals("\"v1-br\"", otherCoding.header("ETag"));
        assertArrayEquals(CodedResource.JSON, otherCoding.decoded());
    }
}
