package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    @Test
    void portComesFromTheEnvironment() {
        assertEquals(8080, DemoServer.port(null));
        assertEquals(8080, DemoServer.port(" "));
        assertEquals(9000, DemoServer.port("9000"));
        assertThrows(IllegalArgumentException.class, () -> DemoServer.port("http"));
        assertThrows(IllegalArgumentException.class, () -> DemoServer.port("70000"));
    }
}
