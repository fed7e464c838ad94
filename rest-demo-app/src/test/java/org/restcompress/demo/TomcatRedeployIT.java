package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;


import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.restcompress.redis.RedisServer;

/**
 * The demo WAR deployed to a standalone Tomcat 10.1 (Debian's {@code tomcat10}, started by this test with its own
 * {@code CATALINA_BASE} on a free port), exercised in every coding, with dictionaries kept in a real Redis, event
 * streams (whole and cut short), the cost-based choice ({@code preference=auto}, whose CPU sampler is a thread) and
 * the landing page's measurements, then undeployed, eight times over. Afterwards Tomcat's {@code findleaks} lists
 * nothing, no "failed to stop" thread warning was logged, no class of the library or the demo is left loaded, and the
 * heap after a full GC is where it was after the first undeploy. Skipped where Tomcat is missing, except under CI.
 */
class TomcatRedeployIT {

    private static final Path HOME = Paths.get("/usr/share/tomcat10");
    private static final Path MANAGER = Paths.get("/usr/share/tomcat10-admin/manager");
    private static final Path CONF = Paths.get("/etc/tomcat10");
    private static final Path WAR = Paths.get("target", "rest-demo-app.war");
    private static final int ROUNDS = 8;
    private static final String USER = "redeploy";
    private static final String PASSWORD = "redeploy-" + Long.toHexString(System.nanoTime());

    @Test
    void eightRedeploysLeaveNothingBehind() throws Exception {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(HOME.resolve("bin/catalina.sh")) && Files.isDirectory(MANAGER),
                    "CI must install tomcat10 and tomcat10-admin");
        }
        assumeTrue(Files.isExecutable(HOME.resolve("bin/catalina.sh")) && Files.isDirectory(MANAGER),
                "tomcat10 and tomcat10-admin are not installed");
        assertTrue(Files.isRegularFile(WAR), "the WAR is built in the package phase: " + WAR.toAbsolutePath());
        try (RedisServer redis = RedisServer.start(); Tomcat tomcat = Tomcat.start(redis.location())) {
            long afterFirst = -1;
            for (int round = 1; round <= ROUNDS; round++) {
                tomcat.manager("PUT", "deploy?path=/demo&update=true", Files.readAllBytes(WAR));
                Redeploys.exercise(tomcat.base().resolve("demo/rest/"), round);
                tomcat.manager("GET", "undeploy?path=/demo", null);
                if (round == 1) {
                    afterFirst = tomcat.heapAfterGc();
                }
            }
            // One GC keeps what a soft reference touched since the last, and a pooled connection holds its last
            // request's objects until it is reused or times out: findleaks (a full GC each time) is asked until it
            // finds nothing, for up to 30 s. A real leak stays.
            long since = System.nanoTime();
            String leaks = tomcat.manager("GET", "findleaks?statusLine=true", null);
            while (!leaks.contains("No memory leaks found") && System.nanoTime() - since < 30_000_000_000L) {
                Thread.sleep(2000);
                leaks = tomcat.manager("GET", "findleaks?statusLine=true", null);
            }
            long settled = (System.nanoTime() - since) / 1_000_000;
            if (!leaks.contains("No memory leaks found")) { // what holds it, for whoever looks into it
                System.out.println(tomcat.jcmd("GC.heap_dump " + Paths.get("target", "tomcat-leak.hprof")
                        .toAbsolutePath()));
                System.out.println(tomcat.jcmd("Thread.print"));
            }
            long afterLast = tomcat.heapAfterGc();
            String classes = tomcat.jcmd("GC.class_histogram");
            String log = Files.readString(tomcat.log());
            System.out.printf("Tomcat redeploys: %d rounds; heap after a full GC: %d KB after the first undeploy, "
                    + "%d KB after the last (%+d KB); findleaks after %d ms: %s%n", ROUNDS, afterFirst / 1024,
                    afterLast / 1024, (afterLast - afterFirst) / 1024, settled, leaks.trim());
            assertTrue(leaks.contains("No memory leaks found"), leaks);
            assertFalse(log.contains("failed to stop"),
                    "a thread outlived its application:\n" + Redeploys.lines(log, "failed to stop"));
            assertFalse(classes.contains("org.restcompress."), "classes of an undeployed application are still "
                    + "loaded:\n" + Redeploys.lines(classes, "org.restcompress."));
            // seven more applications' worth of classes would be megabytes; the rest is noise of the server itself
            assertTrue(afterLast - afterFirst < 8L * 1024 * 1024,
                    "heap grew " + (afterLast - afterFirst) / 1024 + " KB over " + (ROUNDS - 1) + " redeploys");
        }
    }

    /** A standalone Tomcat: Debian's installation, a base of its own under target/, the manager's text API. */
    private static final class Tomcat implements AutoCloseable {
        private final Path base;
        private final int port;
        private final Process process;

        private Tomcat(Path base, int port, Process process) {
            this.base = base;
            this.port = port;
            this.process = process;
        }

        static Tomcat start(String dictionaryStore) throws Exception {
            Path base = Redeploys.emptyDirectory("tomcat-redeploy");
            for (String dir : List.of("conf/Catalina/localhost", "logs", "webapps", "work", "temp")) {
                Files.createDirectories(base.resolve(dir));
            }
            for (String file : List.of("catalina.properties", "context.xml", "logging.properties", "web.xml")) {
                Files.copy(CONF.resolve(file), base.resolve("conf").resolve(file));
            }
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            Files.writeString(base.resolve("conf/server.xml"), String.join("\n",
                    "<Server port=\"-1\" shutdown=\"SHUTDOWN\">",
                    "  <Listener className=\"org.apache.catalina.core.JreMemoryLeakPreventionListener\"/>",
                    "  <Listener className=\"org.apache.catalina.core.ThreadLocalLeakPreventionListener\"/>",
                    "  <Service name=\"Catalina\">",
                    // the stock connector, on a free port of loopback
                    "    <Connector port=\"" + port + "\" address=\"127.0.0.1\" protocol=\"HTTP/1.1\"/>",
                    "    <Engine name=\"Catalina\" defaultHost=\"localhost\">",
                    "      <Realm className=\"org.apache.catalina.realm.MemoryRealm\""
                            + " pathname=\"conf/tomcat-users.xml\"/>",
                    "      <Host name=\"localhost\" appBase=\"webapps\" unpackWARs=\"true\" autoDeploy=\"false\"/>",
                    "    </Engine>",
                    "  </Service>",
                    "</Server>", ""));
            Files.writeString(base.resolve("conf/tomcat-users.xml"), "<tomcat-users><user username=\"" + USER
                    + "\" password=\"" + PASSWORD + "\" roles=\"manager-script\"/></tomcat-users>\n");
            Files.writeString(base.resolve("conf/Catalina/localhost/manager.xml"), "<Context docBase=\"" + MANAGER
                    + "\" privileged=\"true\" antiResourceLocking=\"false\"/>\n");
            ProcessBuilder builder = new ProcessBuilder(HOME.resolve("bin/catalina.sh").toString(), "run")
                    .redirectErrorStream(true).redirectOutput(base.resolve("logs/console.log").toFile());
            builder.environment().put("CATALINA_HOME", HOME.toString());
            builder.environment().put("CATALINA_BASE", base.toString());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            // Tomcat's default JVM flags: a leak that only a soft reference's clearing hides is still a leak. The one
            // setting is the application's: auto, whose calibration and CPU sampler are threads.
            builder.environment().put("JAVA_OPTS", "-Drestcompress.preference=auto");
            builder.environment().put(DemoApplication.STORE_VARIABLE, dictionaryStore);
            Tomcat tomcat = new Tomcat(base, port, builder.start());
            for (int i = 0; i < 300; i++) {
                try {
                    tomcat.manager("GET", "list", null);
                    return tomcat;
                } catch (IOException notYet) {
                    assertTrue(tomcat.process.isAlive(), "Tomcat exited:\n" + Files.readString(tomcat.log()));
                    Thread.sleep(100);
                }
            }
            tomcat.close();
            throw new IOException("Tomcat did not start:\n" + Files.readString(tomcat.log()));
        }

        URI base() {
            return URI.create("http://127.0.0.1:" + port + "/");
        }

        Path log() {
            return base.resolve("logs/console.log");
        }

        /** A manager text command; its answer, which must start with OK. */
        String manager(String method, String command, byte[] body) throws IOException, InterruptedException {
            HttpRequest request = HttpRequest.newBuilder(base().resolve("manager/text/" + command))
                    .timeout(Duration.ofSeconds(120))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            (USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body)).build();
            HttpResponse<String> response = Redeploys.CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200 || !response.body().startsWith("OK")) {
                throw new IOException(command + ": " + response.statusCode() + " " + response.body());
            }
            return response.body();
        }

        long heapAfterGc() throws IOException, InterruptedException {
            return Redeploys.heapAfterGc(process.pid());
        }

        String jcmd(String command) throws IOException, InterruptedException {
            return Redeploys.jcmd(process.pid(), command);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
