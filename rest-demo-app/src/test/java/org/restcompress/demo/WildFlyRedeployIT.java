package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.restcompress.redis.RedisServer;

/**
 * The demo WAR deployed to WildFly 39 (the distribution {@code -Pwildfly} unpacks, started by this test with a
 * server base of its own and its deployment scanner), exercised as on Tomcat ({@link Redeploys#exercise}) and
 * undeployed, eight times. WildFly has no {@code findleaks}: afterwards, and after full GCs, at most the last
 * application is still reachable (WildFly's own idle request threads hold it, see below), no thread of the library
 * or the demo runs, and the heap is where it was after the first undeploy. Runs under {@code -Pwildfly} only.
 */
class WildFlyRedeployIT {

    private static final Path WAR = Paths.get("target", "rest-demo-app.war");
    private static final int ROUNDS = 8;
    private static final int OFFSET = 20000;

    @Test
    void eightRedeploysLeaveNothingBehind() throws Exception {
        String home = System.getProperty("wildfly.home");
        assumeTrue(home != null, "not under -Pwildfly");
        Path base = Redeploys.emptyDirectory("wildfly-redeploy");
        copy(Paths.get(home, "standalone"), base);
        Path config = base.resolve("configuration/standalone.xml");
        Files.writeString(config, Files.readString(config).replace("scan-interval=\"5000\"", "scan-interval=\"200\""));
        Path deployments = base.resolve("deployments");
        try (RedisServer redis = RedisServer.start()) {
            ProcessBuilder builder = new ProcessBuilder(Paths.get(home, "bin", "standalone.sh").toString(),
                    "-Djboss.server.base.dir=" + base, "-Djboss.socket.binding.port-offset=" + OFFSET)
                    .redirectErrorStream(true).redirectOutput(base.resolve("console.log").toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            // Soft references cleared at every GC: the heap check below compares the heap after a full GC, and with
            // the default policy WildFly's softly held caches grew it by 31 MB over the rounds while every
            // application's classes had gone (the leak check proper). Tomcat's redeploy test runs with the defaults.
            builder.environment().put("JAVA_OPTS", "-Xmx512m -XX:SoftRefLRUPolicyMSPerMB=0 "
                    + "-Djava.net.preferIPv4Stack=true -Djava.awt.headless=true -Drestcompress.preference=auto");
            builder.environment().put(DemoApplication.STORE_VARIABLE, redis.location());
            Process script = builder.start();
            try {
                long pid = javaOf(script);
                URI rest = URI.create("http://127.0.0.1:" + (8080 + OFFSET) + "/demo/rest/");
                long afterFirst = -1;
                for (int round = 1; round <= ROUNDS; round++) {
                    Files.copy(WAR, deployments.resolve("demo.war"), StandardCopyOption.REPLACE_EXISTING);
                    await(deployments.resolve("demo.war.deployed"), deployments.resolve("demo.war.failed"), base);
                    Redeploys.exercise(rest, round);
                    Files.delete(deployments.resolve("demo.war"));
                    await(deployments.resolve("demo.war.undeployed"), null, base);
                    Files.delete(deployments.resolve("demo.war.undeployed"));
                    if (round == 1) {
                        afterFirst = Redeploys.heapAfterGc(pid);
                    }
                }
                String classes = "";
                long afterLast = 0;
                for (int gc = 0; gc < 15; gc++) { // a loader goes after a GC or two once nothing holds it
                    afterLast = Redeploys.heapAfterGc(pid);
                    classes = Redeploys.jcmd(pid, "GC.class_histogram");
                    if (applications(classes) <= 1) {
                        break;
                    }
                    Thread.sleep(1000);
                }
                String threads = Redeploys.jcmd(pid, "Thread.print");
                System.out.printf("WildFly redeploys: %d rounds; heap after a full GC: %d KB after the first "
                        + "undeploy, %d KB after the last (%+d KB)%n", ROUNDS, afterFirst / 1024, afterLast / 1024,
                        (afterLast - afterFirst) / 1024);
                // WildFly's idle request threads keep the last request each served (JBoss Threads'
                // EnhancedQueueExecutor$Task -> Undertow's HttpServerExchange -> the servlet chain -> RESTEasy's
                // dispatcher and its providers) until they serve another: the last application stays reachable
                // while nothing else runs on them. A WAR without the library (one JAX-RS resource) is kept the same
                // way, through the same path. The seven before it must be gone.
                assertTrue(applications(classes) <= 1, "applications still loaded: " + applications(classes) + "\n"
                        + Redeploys.lines(classes, "org.restcompress."));
                assertFalse(threads.contains("\"rest-compress-") || threads.contains("\"demo-events"),
                        "a thread outlived its application:\n" + Redeploys.lines(threads, "\"rest-compress-")
                                + Redeploys.lines(threads, "\"demo-events"));
                assertTrue(afterLast - afterFirst < 8L * 1024 * 1024,
                        "heap grew " + (afterLast - afterFirst) / 1024 + " KB over " + (ROUNDS - 1) + " redeploys");
            } finally {
                script.descendants().forEach(ProcessHandle::destroy);
                script.destroy();
                script.waitFor(30, TimeUnit.SECONDS);
                script.descendants().forEach(ProcessHandle::destroyForcibly);
            }
        }
    }

    /** How many of the demo's applications a class histogram shows alive: each has one configuration. */
    private static int applications(String histogram) {
        java.util.regex.Matcher line = java.util.regex.Pattern
                .compile("^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+org\\.restcompress\\.CompressionConfig\\s*$",
                        java.util.regex.Pattern.MULTILINE).matcher(histogram);
        return line.find() ? Integer.parseInt(line.group(1)) : 0;
    }

    /** The server's JVM: standalone.sh starts it as a child (after a short-lived java of its own checks). */
    private static long javaOf(Process script) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            ProcessHandle java = script.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("jboss-modules.jar"))
                    .findFirst().orElse(null);
            if (java != null) {
                return java.pid();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("WildFly's JVM did not start");
    }

    private static void await(Path marker, Path failed, Path base) throws IOException, InterruptedException {
        for (int i = 0; i < 1200; i++) {
            if (Files.exists(marker)) {
                return;
            }
            if (failed != null && Files.exists(failed)) {
                throw new AssertionError("deployment failed: " + Files.readString(failed));
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no " + marker.getFileName() + " in 120 s:\n"
                + Redeploys.lines(Files.readString(base.resolve("console.log")), "ERROR"));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path source : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}
