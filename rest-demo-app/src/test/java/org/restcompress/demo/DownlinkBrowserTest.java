package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.chrome.ChromeDriver;
import org.restcompress.it.Http;

/**
 * The default, link-aware choice with a real browser: the landing page asks for {@code Downlink} ({@code Accept-CH}),
 * Chromium then sends it on the page's own calls to the API, and the server chooses their coding by it
 * ({@code reason=auto}, the estimate naming the browser's downlink); a client that says nothing of its link gets the
 * configured order ({@code reason=negotiated}). The demo runs with {@code restcompress.debug} so that the decision can
 * be read from the page. Skipped where Chromium or its driver is missing, except under CI.
 */
class DownlinkBrowserTest {

    private static DemoServer demo;

    @BeforeAll
    static void start() throws Exception {
        Chromium.assumeInstalled();
        demo = DebugDemo.start("127.0.0.1");
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    @Timeout(120)
    void chromiumSendsDownlinkOnceAskedAndTheChoiceFollowsIt() throws Exception {
        String plain = Http.get(demo.restUri().resolve("static/any"), "Accept-Encoding", "gzip, deflate, br, zstd")
                .header("Compression-Decision");
        assertEquals("zstd; reason=negotiated", plain, "no hint, no link known: the configured order");

        try (Chromium chromium = Chromium.start(Redeploys.emptyDirectory("downlink-browser"), options -> { })) {
            ChromeDriver browser = chromium.driver;
            browser.get(demo.restUri().resolve("/").toString()); // the page: Accept-CH: Downlink
            @SuppressWarnings("unchecked")
            Map<String, Object> seen = (Map<String, Object>) browser.executeAsyncScript(
                    "var done = arguments[arguments.length - 1];"
                    + "fetch('rest/static/any', {headers: {Accept: 'application/json'}})"
                    + ".then(function (r) { return r.arrayBuffer().then(function () {"
                    + "  done({decision: r.headers.get('Compression-Decision'),"
                    + "        coding: r.headers.get('Content-Encoding'),"
                    + "        downlink: navigator.connection ? String(navigator.connection.downlink) : null});"
                    + "}); })"
                    + ".catch(function (e) { done({decision: 'failed: ' + e}); });");
            System.out.println("Chromium after Accept-CH: " + seen);
            String decision = String.valueOf(seen.get("decision"));
            assertTrue(decision.contains("; reason=auto; estimate=\""), "chosen by cost: " + seen);
            assertTrue(decision.contains("Mbit/s downlink"), "by the browser's own Downlink: " + seen);
            assertFalse(decision.startsWith("identity"), "a browser's downlink is at most 10 Mbit/s (its cap): a "
                    + "1.8 MB document is worth coding there: " + seen);
            assertEquals(decision.substring(0, decision.indexOf(';')), seen.get("coding"), seen.toString());
        }
    }
}
