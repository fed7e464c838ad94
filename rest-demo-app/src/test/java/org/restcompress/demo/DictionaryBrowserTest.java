package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.restcompress.it.Http;
import org.restcompress.it.Http.Reply;

/**
 * Compression dictionaries in a real browser: Debian's headless Chromium, over {@code http://localhost} (Chromium
 * uses dictionaries over plain HTTP only there). A page of the demo fetches the feed, which registers itself as a
 * dictionary, then the next step, which arrives as a {@code dcz} (or {@code dcb}) delta and renders as the exact
 * document; and fetches an item, whose {@code Link} header names the shared dictionary (the page adds it as a
 * {@code <link rel="compression-dictionary">}: Chromium follows the header on documents only), then other items,
 * which arrive compressed with it. Skipped where Chromium is missing, except under CI.
 */
class DictionaryBrowserTest {

    private static DemoServer demo;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        Chromium.assumeInstalled();
        demo = DemoServer.start(null, 0); // every interface: Chromium may try localhost as ::1 first
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    /** Fetches {@code first}, then {@code next} until it comes dictionary-compressed (or tries run out). */
    private static final String FETCH_UNTIL_DICTIONARY = String.join("\n",
            "const [first, nexts, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];",
            "(async () => {",
            "  const r1 = await fetch(first, {cache: 'no-store'});",
            "  const firstCoding = r1.headers.get('content-encoding');",
            // Chromium follows a Link to a dictionary on documents, not on fetch() responses: a page that gets one
            // by fetch() adds it as an element, as an application would
            "  const link = /<([^>]+)>\\s*;\\s*rel=\"?compression-dictionary/.exec(r1.headers.get('link') || '');",
            "  if (link) {",
            "    const element = document.createElement('link');",
            "    element.rel = 'compression-dictionary';",
            "    element.href = link[1];",
            "    document.head.appendChild(element);",
            "  }",
            "  await r1.text();",
            "  for (let i = 0; i < nexts.length; i++) {",
            "    await new Promise(r => setTimeout(r, 500));", // the dictionary is registered asynchronously
            "    const r = await fetch(nexts[i], {cache: 'no-store'});",
            "    const text = await r.text();",
            "    const coding = r.headers.get('content-encoding');",
            "    if (coding === 'dcz' || coding === 'dcb' || i === nexts.length - 1) {",
            "      const entry = performance.getEntriesByName(new URL(nexts[i], location).href).pop();",
            "      document.body.innerHTML = '<pre id=\"doc\"></pre>';",
            "      document.getElementById('doc').textContent = text;",
            "      done({firstCoding, coding, url: nexts[i], length: text.length, encoded: entry.encodedBodySize,",
            "            decoded: entry.decodedBodySize, vary: r.headers.get('vary')});",
            "      return;",
            "    }",
            "  }",
            "})().catch(e => done({error: String(e)}));");

    /** What the page saw: the script's result, and the last document as the page rendered it. */
    private record Fetched(Map<String, Object> result, String rendered) {
        long number(String key) {
            return ((Number) result.get(key)).longValue();
        }
    }

    /** Opens the demo in a fresh Chromium and runs {@link #FETCH_UNTIL_DICTIONARY} on {@code first} and {@code nexts}. */
    private Fetched fetchUntilDictionary(String first, List<String> nexts) {
        try (Chromium chromium = Chromium.start(dir.resolve("profile"), options -> { })) {
            ChromeDriver browser = chromium.driver;
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(90));
            browser.get("http://localhost:" + demo.port() + "/");
            @SuppressWarnings("unchecked")
            Map<String, Object> result = (Map<String, Object>) browser.executeAsyncScript(FETCH_UNTIL_DICTIONARY,
                    first, nexts);
            assertNull(result.get("error"), String.valueOf(result));
            System.out.println("chromium: " + result);
            assertTrue("dcz".equals(result.get("coding")) || "dcb".equals(result.get("coding")), result.toString());
            return new Fetched(result, browser.findElement(By.id("doc")).getText());
        }
    }

    @Test
    @Timeout(180)
    void chromiumGetsTheNextStepOfTheFeedAsADeltaAndRendersIt() {
        List<String> nexts = new ArrayList<>();
        for (int step = 1001; step <= 1020; step++) {
            nexts.add("/rest/feed?at=" + step);
        }
        Fetched fetched = fetchUntilDictionary("/rest/feed?at=1000", nexts);
        Map<String, Object> result = fetched.result();
        assertEquals("accept-encoding, available-dictionary", String.valueOf(result.get("vary")).toLowerCase());
        long step = Long.parseLong(result.get("url").toString().replaceAll(".*=", ""));
        String expected = new String(DemoFeed.feed(step), StandardCharsets.UTF_8);
        assertEquals(expected, fetched.rendered(), "the exact document");
        long encoded = fetched.number("encoded");
        long decoded = fetched.number("decoded");
        assertEquals(expected.length(), decoded);
        long zstdAlone = com.github.luben.zstd.Zstd.compress(DemoFeed.feed(step), 3).length;
        assertTrue(encoded > 0 && encoded * 5 < zstdAlone,
                "on the wire: " + encoded + " bytes, zstd alone " + zstdAlone + ", decoded " + decoded);
    }

    @Test
    @Timeout(180)
    void chromiumFetchesTheAnnouncedSharedDictionaryAndGetsItemsWithIt() {
        List<String> nexts = new ArrayList<>();
        for (int id = 2; id <= 60; id++) {
            nexts.add("/rest/items/" + id);
        }
        Fetched fetched = fetchUntilDictionary("/rest/items/1", nexts);
        long id = Long.parseLong(fetched.result().get("url").toString().replaceAll(".*/", ""));
        assertEquals(new String(DemoFeed.item(id), StandardCharsets.UTF_8), fetched.rendered());
        long encoded = fetched.number("encoded");
        assertTrue(encoded > 0 && encoded < DemoFeed.item(id).length * 0.5, fetched.result().toString());
    }

    /**
     * {@code @TrainedDictionary}: the demo's own documents are stored and read until the library has trained a
     * dictionary on them and announces it; Chromium then picks it up through {@code Link} and gets {@code dcz}.
     */
    @Test
    @Timeout(240)
    void chromiumPicksUpADictionaryTrainedOnTheDemosDocumentsAndGetsThemWithIt() throws Exception {
        URI docs = URI.create("http://127.0.0.1:" + demo.port() + "/rest/docs/");
        int count = 700;
        for (int id = 1; id <= count; id++) {
            Reply put = Http.send(Http.request(docs.resolve("chromium-" + id), "Content-Type", "application/json")
                    .PUT(java.net.http.HttpRequest.BodyPublishers.ofByteArray(SharedStoreTest.document(id))).build());
            assertTrue(put.status() == 201 || put.status() == 204, String.valueOf(put.status()));
        }
        long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        String link = null;
        for (int id = 1; link == null && System.nanoTime() < end; id = id % count + 1) {
            link = Http.get(docs.resolve("chromium-" + id), "Accept-Encoding", "zstd").header("Link");
            Thread.sleep(10); // the library samples at most a tenth of its samples per second
        }
        assertTrue(link != null, "no dictionary trained within 90 s");
        List<String> nexts = new ArrayList<>();
        for (int id = 601; id <= 660; id++) {
            nexts.add("/rest/docs/chromium-" + id);
        }
        Fetched fetched = fetchUntilDictionary("/rest/docs/chromium-600", nexts);
        int id = Integer.parseInt(fetched.result().get("url").toString().replaceAll(".*-", ""));
        assertEquals(new String(SharedStoreTest.document(id), StandardCharsets.UTF_8), fetched.rendered());
        long zstdAlone = com.github.luben.zstd.Zstd.compress(SharedStoreTest.document(id), 3).length;
        assertTrue(fetched.number("encoded") < zstdAlone, fetched.result() + ", zstd alone " + zstdAlone);
    }

    @Test
    @Timeout(120)
    void theLandingPageShowsBytesWithAndWithoutADictionary() {
        try (Chromium chromium = Chromium.start(dir.resolve("profile"), options -> { })) {
            ChromeDriver browser = chromium.driver;
            browser.get("http://localhost:" + demo.port() + "/");
            new org.openqa.selenium.support.ui.WebDriverWait(browser, Duration.ofSeconds(60)).until(d -> "true"
                    .equals(d.findElement(By.tagName("body")).getDomAttribute("data-dictionary-measured")));
            for (String endpoint : new String[] {"feed", "item"}) {
                List<org.openqa.selenium.WebElement> cells = browser.findElements(
                        By.cssSelector("#dictionary-savings tr[data-endpoint='" + endpoint + "'] td"));
                assertEquals(6, cells.size(), endpoint);
                long identity = bytes(cells.get(1).getText());
                long dcz = bytes(cells.get(4).getText());
                assertTrue(dcz > 0 && dcz < identity / 2, endpoint + ": " + cells.get(4).getText());
            }
        }
    }

    private static long bytes(String cell) {
        return Long.parseLong(cell.replaceAll(" .*", "").replace(",", ""));
    }
}
