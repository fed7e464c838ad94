package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Bodies;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * How settings reach the library on Quarkus REST, whose JAX-RS configuration holds only what features put there: the
 * library reads MicroProfile Config (application.properties, environment, system properties) after it.
 */
@QuarkusTest
class ConfigurationTest {

    @TestHTTPResource("/")
    URI base;

    /** restcompress.debug=true, a system property (the pom's surefire configuration), reaches it. */
    @Test
    void systemPropertiesReachTheLibrary() {
        assertEquals("true", System.getProperty("restcompress.debug"));
        Reply reply = Http.get(base.resolve("coded/all"), "Accept-Encoding", "lzf");
        assertEquals("lzf; reason=negotiated", reply.header("Compression-Decision"));
    }

    /** application.properties sets restcompress.max-decoded-size=256K, and only there: the 413 names that limit. */
    @Test
    void applicationPropertiesReachTheLibrary() {
        assertNull(System.getProperty("restcompress.max-decoded-size"));
        byte[] bomb = Bodies.gzip(new byte[300 * 1024]);
        Reply reply = Http.post(base.resolve("coded/echo"), bomb, "Content-Encoding", "gzip",
                "Content-Type", "application/octet-stream");
        assertEquals(413, reply.status(), reply.text());
        assertTrue(reply.text().contains("limit of 262144 bytes"), reply.text());
    }
}
