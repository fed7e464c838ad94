package org.restcompress.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

/**
 * A deliberately misbehaving HTTP server on loopback (the JDK's own, no JAX-RS): corrupt, truncated, unknown and
 * bomb-coded responses, and an endpoint that takes only gzip request bodies and says so with a 415 (RFC 7694).
 */
public final class MisbehavingServer implements AutoCloseable {

    public static final byte[] BODY = Bodies.json(100_000);

    private final HttpServer server;
    /** Requests to /gzip-only, by whether they were accepted. */
    public final AtomicInteger gzipOnlyAccepted = new AtomicInteger();
    public final AtomicInteger gzipOnlyRefused = new AtomicInteger();

    public MisbehavingServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] gzip = Bodies.gzip(BODY);
        byte[] corrupt = gzip.clone();
        corrupt[gzip.length / 2] ^= 0x5a;
        byte[] truncated = java.util.Arrays.copyOf(Bodies.lzf(BODY), 5000);
        byte[] bomb = Bodies.gzipBomb(256L << 20);
        server.createContext("/corrupt", exchange -> send(exchange, 200, "gzip", corrupt));
        server.createContext("/truncated", exchange -> send(exchange, 200, "lzf", truncated));
        server.createContext("/unknown", exchange -> send(exchange, 200, "compress", gzip));
        server.createContext("/bomb", exchange -> send(exchange, 200, "gzip", bomb));
        // a type that matches every range, as RESTEasy reads a response that names none
        server.createContext("/bomb-any", exchange -> send(exchange, 200, "gzip", "*/*", bomb));
        server.createContext("/bomb-events", exchange -> send(exchange, 200, "gzip", "text/event-stream", bomb));
        server.createContext("/empty-unknown", exchange -> send(exchange, 200, "compress", new byte[0]));
        server.createContext("/stacked", exchange -> send(exchange, 200, "gzip, lzf", Bodies.lzf(gzip)));
        server.createContext("/gzip-only", this::gzipOnly);
        server.start();
    }

    private void gzipOnly(HttpExchange exchange) throws IOException {
        String coding = exchange.getRequestHeaders().getFirst("Content-Encoding");
        byte[] raw = exchange.getRequestBody().readAllBytes();
        if (coding != null && !coding.equalsIgnoreCase("gzip")) {
            gzipOnlyRefused.incrementAndGet();
            exchange.getResponseHeaders().add("Accept-Encoding", "gzip");
            send(exchange, 415, null, ("unsupported content coding " + coding).getBytes());
            return;
        }
        gzipOnlyAccepted.incrementAndGet();
        byte[] body = raw;
        if ("gzip".equalsIgnoreCase(coding)) {
            try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
                body = in.readAllBytes();
            }
        }
        send(exchange, 200, null, ((coding == null ? "identity" : coding) + " " + body.length).getBytes());
    }

    private static void send(HttpExchange exchange, int status, String coding, byte[] body) throws IOException {
        send(exchange, status, coding, "text/plain", body);
    }

    private static void send(HttpExchange exchange, int status, String coding, String type, byte[] body)
            throws IOException {
        if (coding != null) {
            exchange.getResponseHeaders().add("Content-Encoding", coding);
        }
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
