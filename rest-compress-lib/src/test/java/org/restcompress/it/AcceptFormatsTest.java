package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;

/**
 * {@code restcompress.accept-formats}: the client offers the formats it reads at the same {@code q} where the
 * application named none (and anything else below them), so a server choosing formats by cost may break the tie; an application's own
 * {@code Accept} is left alone; a malformed list fails the client's configuration, naming the key.
 */
class AcceptFormatsTest {

    private HttpServer server;
    private final List<String> accepts = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            accepts.add(String.valueOf(exchange.getRequestHeaders().getFirst("Accept")));
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, 2);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("{}".getBytes());
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/x");
    }

    @Test
    void theListedFormatsAreOfferedEquallyUnlessTheApplicationRanksItsOwn() {
        Client client = ClientBuilder.newClient().register(CompressionFeature.class)
                .property("restcompress.accept-formats", "application/json, application/cbor");
        try {
            client.target(uri()).request().get(String.class);
            client.target(uri()).request("application/json").get(String.class);
            client.target(uri()).request("application/cbor", "application/json").get(String.class);
            client.target(uri()).request("application/json;q=0.5", "application/cbor").get(String.class);
            client.target(uri()).request("text/plain").get(String.class);
            client.target(uri()).request("*/*").get(String.class);
        } finally {
            client.close();
        }
        assertEquals("application/json, application/cbor, */*;q=0.1", accepts.get(0),
                "none named: the list, and anything else below it (a resource of another type still comes)");
        assertEquals("application/json", accepts.get(1), "the application's own: it may read JSON as text");
        assertTrue(accepts.get(2).startsWith("application/cbor"), accepts.get(2));
        assertTrue(accepts.get(3).contains("q=0.5"), "the application's ranking: " + accepts.get(3));
        assertEquals("text/plain", accepts.get(4), "another type: the application's");
        assertEquals("application/json, application/cbor, */*;q=0.1", accepts.get(5),
                "*/* alone names nothing: the list");
    }

    @Test
    void withoutTheSettingAcceptIsTheApplicationsAndABadListIsRefusedNamingTheKey() {
        Client client = ClientBuilder.newClient().register(CompressionFeature.class);
        try {
            client.target(uri()).request("application/json").get(String.class);
        } finally {
            client.close();
        }
        assertEquals("application/json", accepts.get(0));
        IllegalArgumentException wildcard = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.builder().acceptFormats(List.of("application/*")));
        assertTrue(wildcard.getMessage().startsWith("restcompress.accept-formats must list media types"),
                wildcard.getMessage());
        IllegalArgumentException auto = assertThrows(IllegalArgumentException.class,
                () -> CompressionConfig.from(java.util.Map.of("restcompress.auto.formats", "true",
                        "restcompress.preference", "zstd, gzip")));
        assertTrue(auto.getMessage().startsWith("restcompress.auto.formats=true chooses formats by cost"),
                auto.getMessage());
    }
}
