package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionFeature;

/**
 * The client against a server that breaks the rules: a dcz response made with another dictionary than the one
 * announced, a corrupt one, one nobody asked for, and dictionaries offered without a lifetime or of an unknown type.
 * Each is refused or ignored; none is decoded into wrong bytes.
 */
class ClientDictionaryTest {

    private static final byte[] FIRST = DictionaryBodies.feed(0);
    private static final byte[] OTHER = DictionaryBodies.feed(70);

    private HttpServer server;
    private Client client;
    /** What the next /feed response after the first is: set by each test. */
    private volatile byte[] next;
    private volatile String offer = "match=\"/feed\"";
    private volatile String cacheControl = "max-age=60";
    private final List<String> announced = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/feed", this::feed);
        server.start();
        client = ClientBuilder.newClient().register(CompressionFeature.class);
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    private void feed(HttpExchange exchange) throws IOException {
        String available = exchange.getRequestHeaders().getFirst("Available-Dictionary");
        announced.add(String.valueOf(available));
        boolean first = available == null;
        byte[] body = first ? FIRST : next;
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Use-As-Dictionary", offer);
        exchange.getResponseHeaders().set("Cache-Control", cacheControl);
        if (!first) {
            exchange.getResponseHeaders().set("Content-Encoding", "dcz");
        }
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/feed");
    }

    private byte[] get() {
        return client.target(uri()).request().get(byte[].class);
    }

    @Test
    void decodesADeltaAgainstTheAnnouncedDictionary() throws IOException {
        next = DictionaryTest.encode("dcz", DictionaryBodies.feed(1), FIRST);
        assertArrayEquals(FIRST, get());
        assertArrayEquals(DictionaryBodies.feed(1), get());
        assertEquals(DictionaryTest.available(FIRST), announced.get(1));
    }

    @Test
    void refusesADeltaMadeWithAnotherDictionary() throws IOException {
        next = DictionaryTest.encode("dcz", DictionaryBodies.feed(1), OTHER);
        get();
        ProcessingException e = assertThrows(ProcessingException.class, this::get);
        assertTrue(ClientTest.messages(e).contains("dictionary not available"), ClientTest.messages(e));
    }

    @Test
    void refusesACorruptDelta() throws IOException {
        byte[] delta = DictionaryTest.encode("dcz", DictionaryBodies.feed(1), FIRST);
        delta[delta.length - 5] ^= 0x55;
        next = delta;
        get();
        assertThrows(ProcessingException.class, this::get);
    }

    @Test
    void refusesDczWhenItAnnouncedNoDictionary() throws IOException {
        cacheControl = "no-store"; // the first response is not kept: nothing is announced next
        next = DictionaryTest.encode("dcz", DictionaryBodies.feed(1), FIRST);
        get();
        assertEquals("null", announced.get(0));
        // the server answers dcz anyway (it thinks it may): the client cannot decode it and says so
        server.removeContext("/feed");
        server.createContext("/feed", exchange -> {
            announced.add(String.valueOf(exchange.getRequestHeaders().getFirst("Available-Dictionary")));
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.getResponseHeaders().set("Content-Encoding", "dcz");
            exchange.sendResponseHeaders(200, next.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(next);
            }
        });
        ProcessingException e = assertThrows(ProcessingException.class, this::get);
        assertTrue(ClientTest.messages(e).contains("dcz"), ClientTest.messages(e));
        assertEquals("null", announced.get(1));
    }

    @Test
    void ignoresOffersItMayNotUse() throws IOException {
        for (String[] bad : new String[][] {{"match=\"/feed\"", "no-cache"}, {"match=\"/feed\", type=other", "max-age=60"},
            {"match=\"/(\\\\d+)\"", "max-age=60"}, {"match=\"http://elsewhere.example/*\"", "max-age=60"},
            {"match=\"/feed\", match-dest=(\"document\")", "max-age=60"}, {"garbage(", "max-age=60"}}) {
            announced.clear();
            offer = bad[0];
            cacheControl = bad[1];
            Client fresh = ClientBuilder.newClient().register(CompressionFeature.class);
            try {
                fresh.target(uri()).request().get(byte[].class);
                next = FIRST;
                server.removeContext("/feed");
                server.createContext("/feed", this::plain);
                fresh.target(uri()).request().get(byte[].class);
                assertEquals("null", announced.get(1), bad[0] + " / " + bad[1]);
            } finally {
                fresh.close();
                server.removeContext("/feed");
                server.createContext("/feed", this::feed);
            }
        }
    }

    private void plain(HttpExchange exchange) throws IOException {
        announced.add(String.valueOf(exchange.getRequestHeaders().getFirst("Available-Dictionary")));
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, FIRST.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(FIRST);
        }
    }

    @Test
    void anApplicationsOwnAcceptEncodingIsLeftAlone() {
        get();
        announced.clear();
        next = FIRST;
        server.removeContext("/feed");
        server.createContext("/feed", this::plain);
        client.target(uri()).request().header("Accept-Encoding", "gzip").get(byte[].class);
        assertEquals("null", announced.get(0));
    }
}
