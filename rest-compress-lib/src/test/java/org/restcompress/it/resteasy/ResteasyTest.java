package org.restcompress.it.resteasy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.restcompress.it.CodingResource.JSON;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import org.eclipse.microprofile.rest.client.RestClientBuilder;
import org.jboss.resteasy.client.jaxrs.ResteasyWebTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionFeature;
import org.restcompress.it.Bodies;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;
import org.restcompress.it.SharedApi;
import org.restcompress.it.TestApplication;
import org.restcompress.it.TestServer;

/**
 * What only RESTEasy has: its own {@code @GZIP}, its client proxies, and its MicroProfile Rest Client. Written
 * against RESTEasy's API, so the Jersey build does not compile this package.
 */
class ResteasyTest {

    private static final byte[] UPLOAD = Bodies.json(200_000);
    private static TestServer server;
    private Client client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(TestApplication.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void newClient() {
        client = ClientBuilder.newClient().register(CompressionFeature.class);
    }

    @AfterEach
    void closeClient() {
        client.close();
    }

    /** RESTEasy's @GZIP sets Content-Encoding before our encoder runs: the response is encoded once, by RESTEasy. */
    @Test
    void resteasysOwnGzipClaimsTheResponse() {
        Reply resteasy = Http.get(server.uri("resteasy-gzip"), "Accept-Encoding", "lzf, gzip");
        assertEquals("gzip", resteasy.header("Content-Encoding"), "RESTEasy's @GZIP claimed the response");
        assertArrayEquals(JSON, resteasy.decoded(), "decodes with one gunzip");
        Reply lzfOnly = Http.get(server.uri("resteasy-gzip"), "Accept-Encoding", "lzf");
        assertEquals("lzf", lzfOnly.header("Content-Encoding"));
        assertArrayEquals(JSON, lzfOnly.decoded());
    }

    /** The 2014 demo's check: one annotated interface, used by the server and by a client proxy. */
    @Test
    void resteasyProxyOfTheSharedInterface() {
        SharedApi api = ((ResteasyWebTarget) client.target(server.uri(""))).proxy(SharedApi.class);
        assertArrayEquals(JSON, api.shared());
        assertEquals("lzf " + UPLOAD.length, api.upload(UPLOAD), "@LZF on the method compresses the request");
        assertEquals("none " + UPLOAD.length, api.uploadPlain(UPLOAD));
    }

    @Test
    void microProfileRestClient() {
        SharedApi api = RestClientBuilder.newBuilder().baseUri(server.uri(""))
                .register(CompressionFeature.class).build(SharedApi.class);
        assertArrayEquals(JSON, api.shared());
        assertEquals("lzf " + UPLOAD.length, api.upload(UPLOAD));
    }

    @Test
    void microProfileRestClientWithRegisterProvider() {
        RegisteredSharedApi api = RestClientBuilder.newBuilder().baseUri(server.uri(""))
                .build(RegisteredSharedApi.class);
        assertArrayEquals(JSON, api.shared());
        assertEquals("lzf " + UPLOAD.length, api.upload(UPLOAD));
        assertEquals("none " + UPLOAD.length, api.uploadPlain(UPLOAD));
    }
}
