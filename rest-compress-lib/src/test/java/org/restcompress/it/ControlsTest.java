package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.it.Http.Reply;

/** Operator controls: @Uncompressed and a response predicate (BREACH), and the optional expansion-ratio limit. */
class ControlsTest {

    private static TestServer defaults;
    private static TestServer controlled;

    @BeforeAll
    static void start() throws Exception {
        defaults = TestServer.start(TestApplication.class);
        controlled = TestServer.start(ControlsApplication.class);
    }

    @AfterAll
    static void stop() {
        defaults.close();
        controlled.close();
    }

    @Test
    void uncompressedMethodsSendIdentityButStillDecode() {
        Reply secret = Http.get(defaults.uri("class/secret"), "Accept-Encoding", "gzip");
        assertEquals(200, secret.status());
        assertNull(secret.header("Content-Encoding"), "the class says @GZIP, the method @Uncompressed");
        assertArrayEquals(CodingResource.JSON, secret.body());
        Reply refused = Http.get(defaults.uri("class/secret"), "Accept-Encoding", "gzip, identity;q=0");
        assertEquals(406, refused.status(), "identity is all this method can send");
        Reply upload = Http.post(defaults.uri("class/secret"), Bodies.gzip(CodingResource.JSON),
                "Content-Encoding", "gzip");
        assertEquals(Integer.toString(CodingResource.JSON.length), upload.text());
    }

    @Test
    void aResponsePredicateKeepsResponsesUnencoded() {
        Reply cookie = Http.get(controlled.uri("with-cookie"), "Accept-Encoding", "gzip");
        assertNull(cookie.header("Content-Encoding"));
        assertTrue(cookie.header("Set-Cookie").startsWith("session="));
        assertArrayEquals(CodingResource.JSON, cookie.body());
        assertNull(Http.get(controlled.uri("with-cookie"), "Accept-Encoding", "gzip, identity;q=0")
                .header("Content-Encoding"), "a security exclusion wins over identity;q=0");
        assertEquals("gzip", Http.get(controlled.uri("all"), "Accept-Encoding", "gzip").header("Content-Encoding"),
                "other responses are encoded as usual");
        assertEquals("gzip", Http.get(defaults.uri("with-cookie"), "Accept-Encoding", "gzip")
                .header("Content-Encoding"), "no predicate, no exclusion");
    }

    /** Padded gzip: lengths vary between responses, and curl and the JDK decode it byte-exact. */
    /** The predicate is the application's code: asked only where a coding could apply, never for a 206 or a 304. */
    @Test
    void theResponsePredicateIsAskedOnlyWhereACodingCouldApply() {
        ControlsApplication.ASKED.set(0);
        Reply partial = Http.get(controlled.uri("partial"), "Accept-Encoding", "lzf");
        assertEquals(206, partial.status());
        assertNull(partial.header("Content-Encoding"));
        assertEquals(200, Http.get(controlled.uri("all")).status()); // no coding asked for
        assertEquals(0, ControlsApplication.ASKED.get(), "asked for a 206, or without a coding to refuse");
        Http.get(controlled.uri("with-cookie"), "Accept-Encoding", "gzip");
        assertTrue(ControlsApplication.ASKED.get() > 0, "asked where it decides");
    }

    @Test
    void gzipPaddingHidesTheLengthAndCurlDecodesIt() throws Exception {
        java.util.Set<Integer> lengths = new java.util.HashSet<>();
        for (int i = 0; i < 8; i++) {
            Reply reply = Http.get(controlled.uri("gzip"), "Accept-Encoding", "gzip");
            assertEquals("gzip", reply.header("Content-Encoding"));
            assertArrayEquals(CodingResource.JSON, reply.decoded(), "JDK GZIPInputStream");
            lengths.add(reply.body().length);
        }
        assertTrue(lengths.size() > 1, "lengths vary: " + lengths);
        if (System.getenv("CI") == null) { // CI installs curl; elsewhere it may be missing
            org.junit.jupiter.api.Assumptions.assumeTrue(haveCurl(), "curl is not installed");
        }
        java.nio.file.Path out = java.nio.file.Files.createTempFile("padded", ".json");
        try {
            Process curl = new ProcessBuilder("curl", "--silent", "--fail", "--compressed", "-H",
                    "Accept-Encoding: gzip", "-o", out.toString(), controlled.uri("gzip").toString())
                    .redirectErrorStream(true).start();
            assertEquals(0, curl.waitFor(), new String(curl.getInputStream().readAllBytes()));
            assertArrayEquals(CodingResource.JSON, java.nio.file.Files.readAllBytes(out));
        } finally {
            java.nio.file.Files.deleteIfExists(out);
        }
    }

    private static boolean haveCurl() {
        try {
            return new ProcessBuilder("curl", "--version").start().waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void expansionRatioLimitIsOptional() {
        byte[] zeros = Bodies.gzip(new byte[2_000_000]); // about 1000:1
        Reply refused = Http.post(controlled.uri("count"), zeros, "Content-Encoding", "gzip");
        assertEquals(413, refused.status());
        assertTrue(refused.text().contains("expands more than 100:1"), refused.text());
        Reply json = Http.post(controlled.uri("count"), Bodies.gzip(CodingResource.JSON), "Content-Encoding", "gzip");
        assertEquals(Integer.toString(CodingResource.JSON.length), json.text(), "JSON at about 8:1 passes");
        assertEquals("2000000", Http.post(defaults.uri("count"), zeros, "Content-Encoding", "gzip").text(),
                "off by default");
    }
}
