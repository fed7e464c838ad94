package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * nginx (Debian's) in front of the demo as a caching reverse proxy with its own gzip on: clients asking for the same
 * URL with different Accept-Encoding each get a body in a coding they accept, from the cache once it is warm (our
 * {@code Vary: Accept-Encoding} makes nginx keep the variants apart), and nginx's gzip never compresses what the
 * server already encoded. Skipped where nginx is missing, except under CI, which installs it.
 */
class NginxCacheTest {

    private static final Path NGINX = Paths.get("/usr/sbin/nginx");

    @TempDir
    static Path dir;

    private static DemoServer demo;
    private static Process nginx;
    private static URI proxy;
    private static byte[] document;

    @BeforeAll
    static void start() throws Exception {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(NGINX), "CI must install nginx");
        }
        assumeTrue(Files.isExecutable(NGINX), "nginx is not installed");
        demo = DemoServer.start("127.0.0.1", 0);
        document = Http.get(demo.restUri().resolve("static")).body();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        for (String d : List.of("cache", "cache-novary", "tmp")) {
            Files.createDirectories(dir.resolve(d));
        }
        Path conf = Files.writeString(dir.resolve("nginx.conf"), config(port, demo.port()));
        nginx = new ProcessBuilder(NGINX.toString(), "-p", dir.toString(), "-c", conf.toString(), "-e",
                dir.resolve("error.log").toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout").toFile()).start();
        proxy = URI.create("http://127.0.0.1:" + port + "/rest/");
        for (int i = 0; i < 100 && !up(); i++) {
            assertTrue(nginx.isAlive(), () -> "nginx exited: " + log());
            Thread.sleep(100);
        }
        assertTrue(up(), () -> "nginx did not come up: " + log());
    }

    @AfterAll
    static void stop() throws Exception {
        if (nginx != null) {
            nginx.destroy();
            nginx.waitFor(10, TimeUnit.SECONDS);
        }
        if (demo != null) {
            demo.close();
        }
    }

    /** Each client in turn, then each again from the cache: every answer in a coding that client accepts. */
    @Test
    void cachedVariantsGoToTheClientsThatAcceptThem() {
        String[][] clients = {
            // Accept-Encoding sent (null: none), the coding expected back (null: identity)
            {"lzf", "lzf"}, {"gzip", "gzip"}, {"identity", null}, {null, null}, {"zstd", "zstd"}, {"br", "br"},
        };
        List<String> failures = new ArrayList<>();
        for (int pass = 1; pass <= 2; pass++) {
            for (String[] client : clients) {
                Reply reply = client[0] == null ? Http.get(proxy.resolve("static/any"))
                        : Http.get(proxy.resolve("static/any"), "Accept-Encoding", client[0]);
                String got = reply.header("Content-Encoding");
                String cache = reply.header("X-Cache-Status");
                if (reply.status() != 200 || !Objects.equals(client[1], got)
                        || pass == 2 && !"HIT".equals(cache)) {
                    failures.add("pass " + pass + ", Accept-Encoding " + client[0] + ": " + reply.status() + " "
                            + got + " " + cache);
                } else {
                    assertArrayEquals(document, reply.decoded(), "Accept-Encoding " + client[0]);
                }
            }
        }
        assertEquals(List.of(), failures, "nginx's cache served a coding the client did not ask for");
    }

    /** The control: a cache that ignores Vary serves the first client's coding to the next, so the test above can fail. */
    @Test
    void withoutVaryTheCacheMixesCodings() {
        URI url = URI.create(proxy.toString().replace("/rest/", "/novary/rest/static/any"));
        assertEquals("lzf", Http.get(url, "Accept-Encoding", "lzf").header("Content-Encoding"));
        Reply second = Http.get(url, "Accept-Encoding", "gzip");
        assertEquals("HIT", second.header("X-Cache-Status"));
        assertEquals("lzf", second.header("Content-Encoding"), "a gzip-only client got lzf");
    }

    /** nginx compresses only what we sent unencoded: our gzip, lzf and zstd pass through it once-encoded. */
    @Test
    void nginxGzipNeverCompressesAgain() {
        Reply ours = Http.get(proxy.resolve("static/gzip?nocache=1"), "Accept-Encoding", "gzip");
        assertEquals("gzip", ours.header("Content-Encoding"));
        assertArrayEquals(document, ours.decoded(), "one layer of gzip, not two");
        Reply lzf = Http.get(proxy.resolve("static?nocache=1"), "Accept-Encoding", "lzf, gzip");
        assertEquals("lzf", lzf.header("Content-Encoding"), "the server's choice, not wrapped in nginx's gzip");
        assertArrayEquals(document, lzf.decoded());
        // where our method does not offer gzip, we send identity and nginx's own gzip may do the job, once
        Reply theirs = Http.get(proxy.resolve("static?nocache=2"), "Accept-Encoding", "gzip");
        assertEquals("gzip", theirs.header("Content-Encoding"));
        assertArrayEquals(document, theirs.decoded());
        Reply none = Http.get(proxy.resolve("static?nocache=3"), "Accept-Encoding", "br");
        assertNull(none.header("Content-Encoding"), "neither side has br for that method");
        assertArrayEquals(document, none.body());
    }

    private static String config(int port, int upstream) {
        String prefix = dir.toString();
        return NginxConfig.head(dir) + String.join("\n",
                "  proxy_cache_path " + prefix + "/cache keys_zone=rc:1m max_size=64m inactive=10m use_temp_path=off;",
                "  proxy_cache_path " + prefix + "/cache-novary keys_zone=novary:1m max_size=64m use_temp_path=off;",
                // nginx's own compression on, for everything it may compress
                "  gzip on;",
                "  gzip_proxied any;",
                "  gzip_types application/json text/plain;",
                "  gzip_min_length 256;",
                "  server {",
                "    listen 127.0.0.1:" + port + ";",
                "    location / {",
                "      proxy_pass http://127.0.0.1:" + upstream + ";",
                "      proxy_http_version 1.1;",
                "      proxy_cache rc;",
                "      proxy_cache_valid 200 10m;",
                "      proxy_buffering on;",
                "      add_header X-Cache-Status $upstream_cache_status always;",
                "    }",
                // the same, but blind to Vary: what a cache does with a server that forgets it
                "    location /novary/ {",
                "      proxy_pass http://127.0.0.1:" + upstream + "/;",
                "      proxy_http_version 1.1;",
                "      proxy_cache novary;",
                "      proxy_cache_key novary$request_uri;",
                "      proxy_cache_valid 200 10m;",
                "      proxy_ignore_headers Vary;",
                "      add_header X-Cache-Status $upstream_cache_status always;",
                "    }",
                "  }",
                "}",
                "");
    }

    private static boolean up() {
        try {
            return Http.get(proxy.resolve("ping?up")).status() == 200;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String log() {
        try {
            return Files.readString(dir.resolve("error.log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
