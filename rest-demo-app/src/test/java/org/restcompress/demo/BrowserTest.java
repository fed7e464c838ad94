package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.restcompress.it.Http;

/**
 * A real browser: headless Chromium (Debian's; CI installs it) loads a demo endpoint with its own
 * {@code Accept-Encoding}, gets it in zstd or br, and renders the decoded JSON. Its NetLog shows the response headers
 * the browser saw. Skipped where Chromium is missing, except under CI.
 */
class BrowserTest {

    private static final Path CHROMIUM = Paths.get("/usr/bin/chromium");
    private static DemoServer demo;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(CHROMIUM), "CI must install Debian's chromium");
        }
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium is not installed");
        demo = DemoServer.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    @Timeout(120)
    void chromiumReceivesZstdOrBrotliAndRendersTheDocument() throws Exception {
        String url = demo.restUri().resolve("static/any").toString();
        Path netLog = dir.resolve("netlog.json");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--user-data-dir=" + dir.resolve("profile"), "--log-net-log=" + netLog,
                "--net-log-capture-mode=Everything", "--dump-dom", url));
        Process chromium = new ProcessBuilder(command).redirectError(dir.resolve("stderr").toFile()).start();
        byte[] dom = chromium.getInputStream().readAllBytes();
        assertTrue(chromium.waitFor(90, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, chromium.exitValue(), Files.readString(dir.resolve("stderr")));

        String log = Files.readString(netLog, StandardCharsets.UTF_8).toLowerCase();
        Matcher sent = Pattern.compile("\"accept-encoding: ([^\"]*)\"").matcher(log);
        assertTrue(sent.find(), "the browser's request headers are in the NetLog");
        assertTrue(sent.group(1).contains("zstd") && sent.group(1).contains("br"), sent.group(1));
        Matcher received = Pattern.compile("\"content-encoding: (zstd|br)\"").matcher(log);
        assertTrue(received.find(), "the browser received zstd or br");

        String expected = new String(Http.get(demo.restUri().resolve("static/any")).body(), StandardCharsets.UTF_8);
        String rendered = unescape(between(new String(dom, StandardCharsets.UTF_8), "<pre", "</pre>"));
        assertEquals(expected.length(), rendered.length(), "the decoded document, whole");
        assertEquals(expected, rendered);
    }

    private static String between(String html, String open, String close) throws IOException {
        int start = html.indexOf(open);
        int end = html.indexOf(close, start);
        if (start < 0 || end < 0) {
            throw new IOException("no " + open + " in the rendered page: "
                    + html.substring(0, Math.min(500, html.length())));
        }
        return html.substring(html.indexOf('>', start) + 1, end);
    }

    private static String unescape(String text) {
        return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    }
}
