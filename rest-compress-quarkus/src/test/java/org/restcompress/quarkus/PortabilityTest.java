package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * The two library defects that kept it from working on Quarkus REST, one test for each, so that each part of the fix
 * can be checked on its own. The rest of the suite fails with them too.
 */
@QuarkusTest
class PortabilityTest {

    @TestHTTPResource("/")
    URI base;

    /**
     * The binding. Quarkus REST applies only the dynamic features it found in its build-time index and silently drops
     * one a Feature registers at run time (CompressionBinder.register), and its FeatureContext throws
     * UnsupportedOperationException for register(Object, Map) (CompressionBinder.configure). Without a fix, no
     * annotated method gets the library's filters: no Vary, no 406.
     */
    @Test
    void theLibraryBindsToAnnotatedMethods() {
        assertEquals("Accept-Encoding", Http.get(base.resolve("coded/small"), "Accept-Encoding", "lzf").header("Vary"));
        assertEquals(406, Http.get(base.resolve("coded/all"), "Accept-Encoding", "*;q=0").status());
    }

    /**
     * Headers decided as the body starts. Quarkus REST copies a writer interceptor's headers to its response once,
     * when the entity writer starts; ResponseCompression decides the coding at the body's first bytes (the threshold),
     * so without a fix its Content-Encoding never reaches the wire: an lzf body goes out unlabelled, and a gzip one is
     * gzipped again by Quarkus's own compression.
     */
    @Test
    void theCodingDecidedAtTheFirstBytesReachesTheWire() {
        Reply reply = Http.get(base.resolve("coded/all"), "Accept-Encoding", "lzf");
        assertEquals("lzf", reply.header("Content-Encoding"));
        assertEquals("lzf; reason=negotiated", reply.header("Compression-Decision"));
        assertArrayEquals(CodedResource.JSON, reply.decoded());
    }
}
