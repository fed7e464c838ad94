package org.restcompress.redis;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * A real redis-server (Debian's), started on a free port with no persistence and a memory bound, for tests; it can be
 * stopped and started again on the same port. Skipped where redis-server is missing, except under CI.
 */
public final class RedisServer implements AutoCloseable {

    private static final Path BINARY = Paths.get("/usr/bin/redis-server");
    private final int port;
    private Process process;

    private RedisServer(int port) {
        this.port = port;
    }

    public static RedisServer start() throws IOException, InterruptedException {
        if (System.getenv("CI") != null) {
            assertTrue(Files.isExecutable(BINARY), "CI must install redis-server");
        }
        assumeTrue(Files.isExecutable(BINARY), "redis-server is not installed");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RedisServer server = new RedisServer(port);
        server.startAgain();
        return server;
    }

    /** Starts (again) on the same port. */
    public void startAgain() throws IOException, InterruptedException {
        process = new ProcessBuilder(BINARY.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--maxmemory", "64mb", "--maxmemory-policy", "volatile-lru",
                "--enable-debug-command", "local")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        for (int i = 0; i < 100; i++) {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("redis-server did not start on port " + port);
    }

    /** Stops it, as a crash would: the process is killed. */
    public void stop() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /**
     * Stalls the server for {@code seconds}, as a slow or overloaded Redis would (DEBUG SLEEP: it answers nothing
     * meanwhile); returns at once, with the stall under way.
     */
    public void stall(int seconds) throws IOException, InterruptedException {
        Socket socket = new Socket("127.0.0.1", port);
        String command = "*3\r\n$5\r\nDEBUG\r\n$5\r\nSLEEP\r\n$" + Integer.toString(seconds).length() + "\r\n"
                + seconds + "\r\n";
        socket.getOutputStream().write(command.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        Thread closer = new Thread(() -> {
            try (Socket s = socket) {
                s.getInputStream().read(); // +OK once the stall is over
            } catch (IOException ignored) {
                // the stall is over either way
            }
        }, "redis-stall");
        closer.setDaemon(true);
        closer.start();
        Thread.sleep(50); // the command has reached the server
    }

    /** Whether the server holds {@code key} now (EXISTS). */
    public boolean exists(String key) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            String command = "*2\r\n$6\r\nEXISTS\r\n$" + key.length() + "\r\n" + key + "\r\n";
            socket.getOutputStream().write(command.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            byte[] reply = new byte[4];
            int n = socket.getInputStream().readNBytes(reply, 0, 2);
            return n == 2 && reply[0] == ':' && reply[1] == '1';
        }
    }

    /** The keys matching {@code pattern} now (KEYS); keys of text without line breaks. */
    public java.util.List<String> keys(String pattern) throws IOException {
        java.util.List<String> keys = new java.util.ArrayList<>();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            java.io.BufferedReader reply = send(socket, "KEYS", pattern);
            int count = Integer.parseInt(reply.readLine().substring(1)); // *count, then $length and the key each
            for (int i = 0; i < count; i++) {
                reply.readLine();
                keys.add(reply.readLine());
            }
        }
        return keys;
    }

    /** The value of {@code key} now, as one line of text, or null (GET). */
    public String get(String key) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            java.io.BufferedReader reply = send(socket, "GET", key);
            return reply.readLine().equals("$-1") ? null : reply.readLine();
        }
    }

    private static java.io.BufferedReader send(Socket socket, String command, String argument) throws IOException {
        String request = "*2\r\n$" + command.length() + "\r\n" + command + "\r\n$" + argument.length() + "\r\n"
                + argument + "\r\n";
        socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                java.nio.charset.StandardCharsets.US_ASCII));
    }

    public String location() {
        return "redis://127.0.0.1:" + port;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
