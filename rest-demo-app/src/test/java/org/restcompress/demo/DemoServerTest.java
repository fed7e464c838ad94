package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo's endpoints on the runnable jar's server: RESTEasy 6.2 on embedded Jetty 12. */
class DemoServerTest extends DemoEndpoints {

    private static DemoServer demo;

    @BeforeAll
    static void start() throws Exception {
        demo = DemoServer.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() throws Exception {
        demo.close();
    }

    @Override
    URI root() {
        return demo.restUri().resolve("/");
    }

    /**
     * The first measurement since the application started says so, and warms up for longer; the next one, of another
     * document, is no longer cold. (A Savings of its own: the resource's is shared by every test in this JVM.)
     */
    @Test
    void firstMeasurementIsAColdStartAndSaysSo() throws Exception {
        Savings savings = new Savings();
        URI endpoint = demo.restUri().resolve("complex/50?seed=1");
        Savings.Report first = savings.report("first", endpoint, false);
        assertTrue(first.coldStart(), first.toString());
        assertTrue(first.warmUpRounds() >= Savings.MIN_WARM_UP, first.toString());
        assertTrue(first.warmUpMs() >= Savings.COLD_WARM_UP.toMillis(), first.toString());
        Savings.Report second = savings.report("second", endpoint, false);
        assertFalse(second.coldStart(), second.toString());
        assertTrue(second.warmUpMs() >= Savings.WARM_UP.toMillis(), second.toString());
        assertEquals(Savings.RUNS, second.rounds().size());
    }

    @Test
    void portComesFromTheEnvironment() {
        assertEquals(8080, DemoServer.port(null));
        assertEquals(8080, DemoServer.port(" "));
        assertEquals(9000, DemoServer.port("9000"));
        assertThrows(IllegalArgumentException.class, () -> DemoServer.port("http"));
        assertThrows(IllegalArgumentException.class, () -> DemoServer.port("70000"));
    }
}
