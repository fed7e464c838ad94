package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import java.net.URI;
import org.eclipse.microprofile.rest.client.RestClientBuilder;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionFeature;

/** Quarkus's REST client decoding the server's compressed responses through the library's feature. */
@QuarkusTest
class RestClientTest {

    /** The library client's Accept-Encoding: every coding it decodes, in its order of preference. */
    private static final String LIBRARY_CODINGS = "zstd, lz4;q=0.9, lzf;q=0.8, br;q=0.7, gzip;q=0.6, deflate;q=0.5";
    private static final String[] CODINGS = {"lzf", "gzip", "deflate", "zstd", "br", "lz4"};

    @TestHTTPResource("/")
    URI base;

    @Test
    void aRestClientInterfaceWithTheFeatureDecodesTransparently() {
        WireCoding.reset();
        CodedApi api = QuarkusRestClientBuilder.newBuilder().baseUri(base).enableCompression(false)
                .build(CodedApi.class);
        assertArrayEquals(CodedResource.JSON, api.all());
        assertEquals(LIBRARY_CODINGS, WireCoding.acceptEncoding);
        assertEquals("zstd", WireCoding.contentEncoding, "decoded by the library's client");
    }

    /**
     * Runtime difference: Quarkus's MicroProfile REST clients turn on Vert.x's own response decompression when
     * {@code quarkus.http.enable-compression} (the server's setting) is true and the client's own
     * ({@code quarkus.rest-client.enable-compression}) is unset. Netty then decodes zstd (and gzip, deflate, br) before
     * any JAX-RS provider sees the response and drops its Content-Encoding: the library finds nothing left to decode.
     * Still one decoding, and the same bytes.
     */
    @Test
    void withQuarkusHttpCompressionOnVertxDecodesFirst() {
        WireCoding.reset();
        CodedApi api = RestClientBuilder.newBuilder().baseUri(base).build(CodedApi.class);
        assertArrayEquals(CodedResource.JSON, api.all());
        assertEquals(LIBRARY_CODINGS, WireCoding.acceptEncoding);
        assertEquals("zstd; reason=negotiated", WireCoding.decision, "the server sent zstd");
        assertNull(WireCoding.contentEncoding, "Vert.x decoded it and dropped the header");
    }

    @Test
    void theJaxRsClientBuilderWithTheFeatureDecodesEveryCoding() {
        for (String coding : CODINGS) {
            Client client = ClientBuilder.newClient().register(CompressionFeature.class).register(WireCoding.class);
            try {
                WireCoding.reset();
                byte[] body = client.target(base).path("coded/all").request()
                        .header("Accept-Encoding", coding).get(byte[].class);
                assertEquals(coding, WireCoding.contentEncoding);
                assertArrayEquals(CodedResource.JSON, body, coding);
            } finally {
                client.close();
            }
        }
    }
}
