package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
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
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.restcompress.it.Http;

/**
 * A real browser, Debian's headless Chromium (CI installs it). Through Selenium it opens the landing page and reads
 * the measured table and chart; on its own it loads a demo endpoint with its own {@code Accept-Encoding}, gets it in
 * zstd or br and renders the decoded JSON, its NetLog showing the headers the browser saw. Skipped where Chromium is
 * missing, except under CI.
 */
class BrowserTest {

    private static final Path CHROMIUM = Paths.get("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Paths.get("/usr/bin/chromedriver");
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
        // the static document, as JSON whatever the browser's Accept says (it prefers XML where there is a choice)
        URI document = demo.restUri().resolve("complex/" + Documents.STATIC_ENTRIES + "/json?seed=2014");
        String url = document.toString();
        Path netLog = dir.resolve("netlog.json");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--user-data-dir=" + dir.resolve("profile"), "--log-net-log=" + netLog,
                "--net-log-capture-mode=Everything", "--dump-dom", url));
        Path domFile = dir.resolve("dom.html");
        Process chromium = new ProcessBuilder(command).redirectError(dir.resolve("stderr").toFile())
                .redirectOutput(domFile.toFile()).start();
        try {
            assertTrue(chromium.waitFor(90, TimeUnit.SECONDS), "chromium did not finish");
        } finally {
            chromium.destroyForcibly();
        }
        byte[] dom = Files.readAllBytes(domFile);
        assertEquals(0, chromium.exitValue(), Files.readString(dir.resolve("stderr")));

        String log = Files.readString(netLog, StandardCharsets.UTF_8).toLowerCase();
        Matcher sent = Pattern.compile("\"accept-encoding: ([^\"]*)\"").matcher(log);
        assertTrue(sent.find(), "the browser's request headers are in the NetLog");
        assertTrue(sent.group(1).contains("zstd") && sent.group(1).contains("br"), sent.group(1));
        Matcher received = Pattern.compile("\"content-encoding: (zstd|br)\"").matcher(log);
        assertTrue(received.find(), "the browser received zstd or br");

        String expected = new String(Http.get(document).body(), StandardCharsets.UTF_8);
        String rendered = unescape(between(new String(dom, StandardCharsets.UTF_8), "<pre", "</pre>"));
        assertEquals(expected.length(), rendered.length(), "the decoded document, whole");
        assertEquals(expected, rendered);
    }

    /**
     * The landing page in Chromium driven by Selenium (Debian's chromedriver): the page measures on load, and the
     * table and the chart show non-zero numbers for every coding, for both documents. Leaves a screenshot in
     * {@code target/landing-page.png} (the README's image comes from it).
     */
    @Test
    @Timeout(180)
    void landingPageShowsMeasuredNumbersForEveryCoding() throws Exception {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(CHROMEDRIVER), "CI must install Debian's chromium-driver");
        }
        assumeTrue(Files.isExecutable(CHROMEDRIVER), "chromium-driver is not installed");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,1500", "--hide-scrollbars", "--user-data-dir=" + dir.resolve("selenium"));
        ChromeDriver browser = new ChromeDriver(service, options);
        try {
            browser.get(demo.restUri().resolve("/").toString());
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
            wait.until(d -> "static".equals(d.findElement(By.tagName("body")).getDomAttribute("data-measured")));
            assertMeasuredForEveryCoding(browser);
            assertWarmUpIsStated(browser);
            Files.write(Paths.get("target", "landing-page.png"), browser.getScreenshotAs(OutputType.BYTES));

            new Select(browser.findElement(By.id("document"))).selectByValue("complex");
            wait.until(d -> "complex".equals(d.findElement(By.tagName("body")).getDomAttribute("data-measured")));
            assertMeasuredForEveryCoding(browser);
            assertWarmUpIsStated(browser);
            assertTrue(browser.findElement(By.id("status")).getText().startsWith("measured /rest/complex/500"),
                    browser.findElement(By.id("status")).getText());
            assertTrue(browser.findElement(By.id("commands")).getText()
                    .contains("curl -H 'Accept-Encoding: lzf' " + demo.restUri() + "static"),
                    "the commands name this server");
            // the server's running totals: the measurement itself made zstd responses, so they show savings; the
            // document encoded once, fetched thrice, was sent as kept the third time
            java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
            for (int i = 0; i < 3; i++) {
                client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(demo.restUri() + "static/once"))
                        .header("Accept-Encoding", "zstd").build(), java.net.http.HttpResponse.BodyHandlers.discarding());
            }
            browser.navigate().refresh();
            wait.until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-totals-shown")));
            String zstd = browser.findElement(By.cssSelector("#totals tr[data-coding='zstd']")).getText();
            assertTrue(zstd.matches("zstd [0-9,]+ [1-9][0-9,]* [0-9,]+ [0-9,]+ [0-9]+ %"), zstd);
        } finally {
            browser.quit();
            service.stop();
        }
    }

    private static void assertMeasuredForEveryCoding(ChromeDriver browser) {
        List<String> expected = new ArrayList<>(List.of("identity"));
        expected.addAll(DemoEndpoints.CODINGS);
        List<String> rows = new ArrayList<>();
        for (WebElement row : browser.findElements(By.cssSelector("#savings tbody tr"))) {
            List<WebElement> cells = row.findElements(By.tagName("td"));
            rows.add(cells.get(0).getText());
            for (int column = 1; column < cells.size(); column++) {
                double value = Double.parseDouble(cells.get(column).getText().replace(",", "").replace(" %", ""));
                assertTrue(value > 0, row.getText());
            }
        }
        assertEquals(expected, rows, "a table row per coding");
        for (String coding : expected) {
            for (String kind : List.of("bytes", "time")) {
                WebElement bar = browser.findElement(By.cssSelector(
                        "#chart rect[data-coding='" + coding + "'][data-kind='" + kind + "']"));
                assertTrue(Double.parseDouble(bar.getDomAttribute("data-value")) > 0, coding + " " + kind);
                assertTrue(bar.getSize().getWidth() > 0 && bar.getSize().getHeight() > 0, coding + " " + kind + " drawn");
            }
        }
    }

    /** Under the chart the page says how much warm-up ran, and whether the server was cold. */
    private static void assertWarmUpIsStated(ChromeDriver browser) {
        WebElement note = browser.findElement(By.id("warm-up"));
        String text = note.getText();
        int rounds = Integer.parseInt(note.getDomAttribute("data-warm-up-rounds"));
        assertTrue(rounds >= Savings.MIN_WARM_UP, text);
        assertTrue(text.contains("Every coding was fetched and decoded " + rounds + " times to warm up"), text);
        assertTrue(text.contains("timed in " + Savings.RUNS + " rounds, the codings taking turns"), text);
        assertEquals("true".equals(note.getDomAttribute("data-cold-start")), text.startsWith("Cold start:"), text);
        assertTrue(note.isDisplayed(), "shown");
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
