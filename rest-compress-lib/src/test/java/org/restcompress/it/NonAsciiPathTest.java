package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Response;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.SharedDictionary;
import org.restcompress.UseAsDictionary;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.it.Http.Reply;

/**
 * Dictionary methods under paths with characters outside ASCII: their URL patterns go out percent-encoded, as URL
 * Pattern and structured fields require, and every request is served (it was a 500 in the response filter).
 */
class NonAsciiPathTest {

    @Path("café")
    public static class Resource {
        @GET
        @Path("feed")
        @UseAsDictionary
        public byte[] feed(@QueryParam("at") int step) {
            return DictionaryBodies.feed(step);
        }

        @GET
        @Path("matched")
        @UseAsDictionary(match = "/rest/café/ü*")
        public byte[] matched() {
            return DictionaryBodies.feed(1);
        }

        @GET
        @Path("crème/{id}")
        @SharedDictionary("items")
        public Response item(@PathParam("id") int id) {
            return Response.ok(DictionaryBodies.item(id)).build();
        }
    }

    public static class NonAsciiApplication extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(Resource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(new CompressionFeature(CompressionConfig.builder().debug(true)
                    .sharedDictionary("items", DictionaryBodies.trained()).build()));
        }
    }

    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(NonAsciiApplication.class);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void patternsArePercentEncoded() {
        Reply feed = Http.get(server.uri("caf%C3%A9/feed?at=1"), "Accept-Encoding", "zstd, dcz");
        assertEquals(200, feed.status());
        assertEquals("match=\"/rest/caf%C3%A9/feed\"", feed.header("Use-As-Dictionary"));
        Reply matched = Http.get(server.uri("caf%C3%A9/matched"), "Accept-Encoding", "zstd, dcz");
        assertEquals(200, matched.status());
        assertEquals("match=\"/rest/caf%C3%A9/%C3%BC*\"", matched.header("Use-As-Dictionary"));
        String hash = Dictionary.of(DictionaryBodies.trained()).hash();
        Reply item = Http.get(server.uri("caf%C3%A9/cr%C3%A8me/4"), "Accept-Encoding", "zstd, dcz");
        assertEquals(200, item.status());
        Reply dictionary = Http.get(server.uri("compression-dictionaries/" + hash));
        assertEquals(200, dictionary.status());
        assertEquals("match=\"/rest/caf%C3%A9/cr%C3%A8me/*\", id=\"items\"", dictionary.header("Use-As-Dictionary"));
    }

    @Test
    void aDeltaAgainstAResponseUnderSuchAPathRoundTrips() {
        Reply first = Http.get(server.uri("caf%C3%A9/feed?at=1"), "Accept-Encoding", "zstd, dcz");
        Reply next = Http.get(server.uri("caf%C3%A9/feed?at=2"), "Accept-Encoding", "zstd, dcz",
                "Available-Dictionary", DictionaryTest.available(first.decoded()));
        assertEquals("dcz", next.header("Content-Encoding"));
        Client client = ClientBuilder.newClient().register(CompressionFeature.class);
        try {
            client.target(server.uri("caf%C3%A9/feed?at=1")).request().get(byte[].class);
            Response delta = client.target(server.uri("caf%C3%A9/feed?at=2")).request().get();
            assertEquals(200, delta.getStatus());
            assertArrayEquals(DictionaryBodies.feed(2), delta.readEntity(byte[].class));
            assertEquals("dcz; reason=dictionary", delta.getHeaderString("Compression-Decision"),
                    "our client matched the encoded pattern against the request's path");
        } finally {
            client.close();
        }
    }
}
