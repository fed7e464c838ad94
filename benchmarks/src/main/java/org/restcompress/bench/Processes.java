package org.restcompress.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the tools the reports drive (wrk, ip, tc, ethtool): output kept in a file, so a timeout can fire. */
public final class Processes {

    /** How a command ended; {@code exitCode} -1 when it timed out or could not start. */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    private Processes() {
    }

    /** Runs {@code command}, killing it after {@code timeoutSeconds}. */
    public static Result run(List<String> command, int timeoutSeconds) throws InterruptedException {
        Path output = null;
        Process process = null;
        try {
            output = Files.createTempFile("restcompress-bench", ".out");
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            boolean done = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            String out = Files.readString(output, StandardCharsets.UTF_8);
            return new Result(done ? process.exitValue() : -1, done ? out : out + "\n(timed out)");
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }

    /** Runs {@code command}; its output, or an IOException saying what failed and {@code hint}. */
    public static String check(List<String> command, int timeoutSeconds, String hint)
            throws IOException, InterruptedException {
        Result result = run(command, timeoutSeconds);
        if (!result.ok()) {
            throw new IOException(String.join(" ", command) + " failed: " + result.output() + "\n" + hint);
        }
        return result.output();
    }
}
