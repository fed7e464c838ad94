package org.restcompress.demo;

/** A demo server whose responses carry {@code Compression-Decision}: the tests that read why read it there. */
final class DebugDemo {

    private DebugDemo() {
    }

    /** The demo on a free port of {@code host}, with {@code restcompress.debug} on (read once, at deployment). */
    static DemoServer start(String host) throws Exception {
        System.setProperty("restcompress.debug", "true");
        try {
            return DemoServer.start(host, 0);
        } finally {
            System.clearProperty("restcompress.debug");
        }
    }
}
