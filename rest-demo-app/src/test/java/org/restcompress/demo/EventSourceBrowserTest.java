package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.json.Json;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * A compressed event stream in a real browser: Debian's headless Chromium opens {@code /rest/events} with its own
 * {@code EventSource} and gets every event as it is sent, not all at the end of the stream, while the response, as
 * Chromium's performance log shows it, is compressed (zstd, br or gzip). Skipped where Chromium is missing, except
 * under CI.
 */
class EventSourceBrowserTest {

    private static final int COUNT = 5;
    private static final int INTERVAL_MS = 300;
    private static final String EVENTS = "/rest/events?count=" + COUNT + "&interval=" + INTERVAL_MS;
    private static DemoServer demo;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        Chromium.assumeInstalled();
        demo = DemoServer.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() throws Exception {
        if (demo != null) {
            demo.close();
        }
    }

    /**
     * Opens an EventSource, records each {@code update} event's arrival time, SSE id and JSON id, and closes it after
     * {@code count} events (else it would reconnect when the server ends the stream). Any error fails the page.
     */
    private static final String RECEIVE_EVENTS = String.join("\n",
            "const [url, count, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];",
            "const events = [];",
            "const source = new EventSource(url);",
            "source.addEventListener('update', e => {",
            "  events.push({at: performance.now(), id: JSON.parse(e.data).id, lastEventId: e.lastEventId});",
            "  if (events.length === count) {",
            "    source.close();",
            "    done({events});",
            "  }",
            "});",
            "source.onerror = () => {",
            "  source.close();",
            "  done({events, error: 'error after ' + events.length + ' events'});",
            "};");

    @Test
    @Timeout(120)
    void chromiumEventSourceGetsACompressedStreamEventByEvent() {
        // the DevTools network events: EventSource gives the page no response headers
        try (Chromium chromium = Chromium.start(dir.resolve("profile"),
                options -> options.setCapability("goog:loggingPrefs", Map.of(LogType.PERFORMANCE, "ALL")))) {
            ChromeDriver browser = chromium.driver;
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
            browser.get(demo.restUri().resolve("ping").toString()); // same origin as the stream
            @SuppressWarnings("unchecked")
            Map<String, Object> result = (Map<String, Object>) browser.executeAsyncScript(RECEIVE_EVENTS, EVENTS,
                    COUNT);
            assertNull(result.get("error"), String.valueOf(result));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> events = (List<Map<String, Object>>) result.get("events");
            assertEventsArrivedOneByOne(events);
            assertCompressed(responseHeaders(browser));
        }
    }

    /** Ids 0..COUNT-1 in order, and spread over the stream's time: each event came when it was sent. */
    private static void assertEventsArrivedOneByOne(List<Map<String, Object>> events) {
        List<Long> ids = new ArrayList<>();
        List<Double> arrivals = new ArrayList<>();
        for (Map<String, Object> event : events) {
            long id = ((Number) event.get("id")).longValue();
            ids.add(id);
            assertEquals(Long.toString(id), event.get("lastEventId"), "the SSE id is the JSON id");
            arrivals.add(((Number) event.get("at")).doubleValue());
        }
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), ids);
        System.out.println("chromium: events at " + arrivals + " ms");
        double spread = arrivals.get(COUNT - 1) - arrivals.get(0);
        // buffered by the encoder, all would arrive together when the stream closes
        assertTrue(spread >= (COUNT - 1) * INTERVAL_MS * 0.8,
                "the last event came " + spread + " ms after the first: " + arrivals);
    }

    /** The headers of the events response, from Chromium's {@code Network.responseReceived}. */
    private static Map<String, Object> responseHeaders(ChromeDriver browser) {
        Json json = new Json();
        for (LogEntry entry : browser.manage().logs().get(LogType.PERFORMANCE)) {
            Map<String, Object> message = json.toType(entry.getMessage(), Json.MAP_TYPE);
            Map<String, Object> event = map(message.get("message"));
            if ("Network.responseReceived".equals(event.get("method"))) {
                Map<String, Object> response = map(map(event.get("params")).get("response"));
                if (String.valueOf(response.get("url")).endsWith(EVENTS)) {
                    return map(response.get("headers"));
                }
            }
        }
        throw new AssertionError("no Network.responseReceived for " + EVENTS + " in the performance log");
    }

    private static void assertCompressed(Map<String, Object> headers) {
        System.out.println("chromium: events response headers " + headers);
        assertTrue(String.valueOf(header(headers, "content-type")).startsWith("text/event-stream"), headers.toString());
        Object coding = header(headers, "content-encoding");
        assertNotNull(coding, "no Content-Encoding: " + headers);
        // any coding Chromium accepts: having visited a page that asked for Downlink, it says how fast its link is,
        // and the default chooses by cost
        assertTrue(Set.of("zstd", "br", "gzip", "deflate").contains(coding.toString()), "Content-Encoding: " + coding);
    }

    /** Header names as Chromium reports them keep the server's case. */
    private static Object header(Map<String, Object> headers, String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }
}
