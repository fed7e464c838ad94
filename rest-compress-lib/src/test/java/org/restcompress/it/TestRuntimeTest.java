package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.ext.RuntimeDelegate;
import org.junit.jupiter.api.Test;

/**
 * The suite runs on the implementation (and Jakarta REST API) the build asked for: a profile that failed to swap
 * implementations, and so ran the suite on the default one again, fails here.
 */
class TestRuntimeTest {

    @Test
    void serverAndClientAreTheExpectedImplementation() {
        String prefix = TestRuntime.CURRENT.packagePrefix();
        String delegate = RuntimeDelegate.getInstance().getClass().getName();
        assertTrue(delegate.startsWith(prefix), TestRuntime.CURRENT + " expected, RuntimeDelegate is " + delegate);
        try (Client client = ClientBuilder.newClient()) {
            assertTrue(client.getClass().getName().startsWith(prefix),
                    TestRuntime.CURRENT + " expected, the client is " + client.getClass().getName());
        }
        System.out.printf("test runtime: %s (%s), Jakarta REST API %s%n", TestRuntime.CURRENT,
                jarOf(RuntimeDelegate.getInstance().getClass()), apiVersion());
    }

    /** The server runtime deploys the feature and its providers without a word against any of them. */
    @Test
    void theServerRuntimeAcceptsEveryProviderTheFeatureRegisters() throws Exception {
        try (RuntimeComplaints log = new RuntimeComplaints()) {
            try (TestServer server = TestServer.start(TestApplication.class)) {
                assertEquals(200, Http.get(server.uri("both"), "Accept-Encoding", "gzip").status());
            }
            assertEquals(java.util.List.of(), log.complaints());
        }
    }

    /** The library tells this runtime apart, once, at deployment: its adapter is the runtime's own. */
    @Test
    void theLibraryChoosesThisRuntimesAdapter() throws Exception {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(
                "org.restcompress.internal.runtime.RuntimeAdapter");
        java.util.List<String> chosen = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                chosen.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Level level = logger.getLevel();
        logger.setLevel(java.util.logging.Level.FINE);
        logger.addHandler(handler);
        try (TestServer server = TestServer.start(TestApplication.class)) {
            assertEquals(200, Http.get(server.uri("both"), "Accept-Encoding", "gzip").status());
        } finally {
            logger.removeHandler(handler);
            logger.setLevel(level);
        }
        String expected = switch (TestRuntime.CURRENT) {
            case RESTEASY -> "RESTEasy";
            case JERSEY -> "Jersey";
            case CXF -> "CXF";
        };
        assertTrue(chosen.stream().anyMatch(message -> message.startsWith("rest-compress: runtime " + expected
                + " (")), chosen.toString());
    }

    /** {@code -Drestcompress.it.jaxrs-api=4.0.0}: the API jar on the test class path is that version. */
    @Test
    void jakartaRestApiIsTheExpectedVersion() {
        String expected = System.getProperty("restcompress.it.jaxrs-api", "3.1.0");
        assertEquals(expected, apiVersion());
    }

    /** {@code -Drestcompress.it.runtime-version=4.0.2}: the implementation's jar is that version. */
    @Test
    void implementationIsTheExpectedVersion() {
        String expected = System.getProperty("restcompress.it.runtime-version");
        if (expected != null) {
            String jar = jarOf(RuntimeDelegate.getInstance().getClass());
            assertTrue(jar.endsWith("-" + expected + ".jar"), expected + " expected, the implementation is " + jar);
        }
    }

    private static String jarOf(Class<?> type) {
        String location = String.valueOf(type.getProtectionDomain().getCodeSource().getLocation());
        return location.substring(location.lastIndexOf('/', location.length() - 2) + 1);
    }

    private static String apiVersion() {
        return Application.class.getPackage().getImplementationVersion();
    }
}
