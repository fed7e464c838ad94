package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The library beside Quarkus's own HTTP compression ({@code quarkus.http.enable-compression=true}, gzip and deflate
 * through Vert.x): the library decides on its methods (its coding, or none), Quarkus on the rest; every response
 * carries at most one coding, and decoding it once gives the entity.
 */
@QuarkusTest
class QuarkusCompressionTest {

    @TestHTTPResource("/")
    URI base;

    private Reply get(String path, String... headers) {
        return Http.get(base.resolve(path), headers);
    }

    @Test
    void quarkusCompressesJson() {
        assertEquals("true", ConfigProvider.getConfig().getValue("quarkus.http.enable-compression", String.class));
        List<String> types = ConfigProvider.getConfig().getValues("quarkus.http.compress-media-types", String.class);
        assertTrue(types.contains("application/json"), types.toString());
    }

    @Test
    void anAnnotatedMethodGetsTheLibrarysCodingOnly() {
        Reply reply = get("coded/all", "Accept-Encoding", "gzip, zstd");
        assertEquals(List.of("zstd"), reply.headers("Content-Encoding"), "ours, the library's preference, alone");
        assertEquals("zstd; reason=negotiated", reply.header("Compression-Decision"));
        assertArrayEquals(CodedResource.JSON, reply.decoded(), "decoded once");
    }

    @Test
    void anAnnotatedMethodWhoseClientTakesOnlyGzipIsGzippedOnce() {
        Reply reply = get("coded/all", "Accept-Encoding", "gzip");
        assertEquals(List.of("gzip"), reply.headers("Content-Encoding"));
        assertEquals("gzip; reason=negotiated", reply.header("Compression-Decision"), "the library's gzip");
        assertArrayEquals(CodedResource.JSON, reply.decoded(), "decoded once: not gzip inside gzip");
    }

    /**
     * Where the library decides identity on its method (a coding the method does not offer, a body under its
     * threshold), the body goes out as it is: the decision is the library's, not Quarkus's compression.
     */
    @Test
    void whereTheLibraryDecidesIdentityTheBodyGoesOutAsItIs() {
        Reply notOffered = get("coded/both", "Accept-Encoding", "deflate");
        assertEquals(List.of(), notOffered.headers("Content-Encoding"), "neither ours nor Quarkus's deflate");
        assertEquals("identity; reason=none-acceptable", notOffered.header("Compression-Decision"));
        assertEquals("Accept-Encoding", notOffered.header("Vary"));
        assertArrayEquals(CodedResource.JSON, notOffered.body());

        Reply small = get("coded/small", "Accept-Encoding", "gzip");
        assertEquals(List.of(), small.headers("Content-Encoding"), "under the library's threshold");
        assertTrue(small.header("Compression-Decision").startsWith("identity; reason=below-threshold"));
        assertEquals(Integer.toString(CodedResource.SMALL.length), small.header("Content-Length"));
        assertArrayEquals(CodedResource.SMALL, small.body());
    }

    /**
     * So a strong ETag stays true: the identity tag is never sent on a body Quarkus compressed (which would keep the
     * tag), and the library's own coding gets its suffix.
     */
    @Test
    void strongEtagsStayTrueBesideQuarkussCompression() {
        Reply identity = get("coded/lzf-etag", "Accept-Encoding", "gzip");
        assertEquals(List.of(), identity.headers("Content-Encoding"));
        assertEquals("identity; reason=none-acceptable", identity.header("Compression-Decision"));
        assertEquals("\"v2\"", identity.header("ETag"));
        assertArrayEquals(CodedResource.JSON, identity.body());
        Reply lzf = get("coded/lzf-etag", "Accept-Encoding", "gzip, lzf");
        assertEquals(List.of("lzf"), lzf.headers("Content-Encoding"));
        assertEquals("\"v2-lzf\"", lzf.header("ETag"));
        assertArrayEquals(CodedResource.JSON, lzf.decoded());
    }

    @Test
    void anUnannotatedMethodGetsQuarkussGzip() {
        Reply reply = get("plain/json", "Accept-Encoding", "gzip, zstd");
        assertEquals(List.of("gzip"), reply.headers("Content-Encoding"), "Quarkus's; it has no zstd");
        assertNull(reply.header("Compression-Decision"), "the library left it alone");
        assertNull(reply.header("Vary"), "Quarkus's compression adds no Vary");
        assertArrayEquals(CodedResource.JSON, reply.decoded());
    }

    @Test
    void anUnannotatedMethodStaysIdentityForCodingsQuarkusLacks() {
        Reply reply = get("plain/json", "Accept-Encoding", "zstd, br, lzf");
        assertNull(reply.header("Content-Encoding"));
        assertArrayEquals(CodedResource.JSON, reply.body());
    }

    /** Encoding once with Quarkus's own compression on beside it ({@link StockQuarkusTest} has it off). */
    @Test
    void aRepeatedBodyIsSentAsKept() {
        StockQuarkusTest.assertRepeatedBodySentAsKept(base);
    }
}
