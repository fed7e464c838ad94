package org.restcompress.bench.server;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.restcompress.bench.Processes;

/** Runs wrk (Debian's package) against one URL and reads its summary. */
final class Wrk {

    /** What one wrk run measured. Latencies in milliseconds. */
    record Result(double requestsPerSecond, double p50Ms, double p99Ms, long requests, int errors) {
    }

    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s+(50|99)(?:\\.000)?%\\s+([0-9.]+)(us|ms|s)\\s*$",
            Pattern.MULTILINE);
    private static final Pattern ERRORS = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)|Non-2xx or 3xx responses: (\\d+)");

    private Wrk() {
    }

    static boolean available() throws InterruptedException {
        return Processes.run(List.of("wrk", "--version"), 10).output().contains("wrk");
    }

    static Result run(URI url, String acceptEncoding, int connections, int seconds)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("wrk", "--latency", "-t1", "-c" + connections,
                "-d" + seconds + "s", "--timeout", "10s", "-H", "Accept-Encoding: " + acceptEncoding, url.toString()));
        String out = Processes.check(command, seconds + 60, "(wrk: apt-get install wrk)");
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher percentile = PERCENTILE.matcher(out);
        while (percentile.find()) {
            double ms = millis(Double.parseDouble(percentile.group(2)), percentile.group(3));
            if (percentile.group(1).equals("50")) {
                p50 = ms;
            } else {
                p99 = ms;
            }
        }
        int errors = 0;
        Matcher error = ERRORS.matcher(out);
        while (error.find()) {
            for (int g = 1; g <= error.groupCount(); g++) {
                errors += error.group(g) == null ? 0 : Integer.parseInt(error.group(g));
            }
        }
        return new Result(number(RPS, out), p50, p99, (long) number(TOTAL, out), errors);
    }

    private static double number(Pattern pattern, String out) throws IOException {
        Matcher m = pattern.matcher(out);
        if (!m.find()) {
            throw new IOException("unexpected wrk output: " + out);
        }
        return Double.parseDouble(m.group(1));
    }

    private static double millis(double value, String unit) {
        switch (unit) {
            case "us":
                return value / 1000;
            case "s":
                return value * 1000;
            default:
                return value;
        }
    }

    static String describe(Result r) {
        return String.format(Locale.ROOT, "%.0f req/s p50 %.2f ms p99 %.2f ms", r.requestsPerSecond(), r.p50Ms(),
                r.p99Ms());
    }
}
