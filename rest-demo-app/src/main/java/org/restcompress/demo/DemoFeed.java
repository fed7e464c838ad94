package org.restcompress.demo;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;

/**
 * The demo's small JSON: items (200 bytes to 2 KB, the same bytes for the same id) and a feed of
 * {@value #FEED_SIZE} of them that, at each step, drops the {@value #PER_STEP} oldest and gains as many new ones.
 * Everything derives from ids and steps alone (no clock, no unseeded randomness), so every call and every server
 * instance gives the same bytes; only the current step reads the clock.
 */
public final class DemoFeed {

    static final int FEED_SIZE = 50;
    static final int PER_STEP = 3;
    /** The feed's current step advances every this many seconds since the Unix epoch: every instance agrees. */
    static final long STEP_SECONDS = 5;
    private static final long START = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond();
    private static final String[] WORDS = {"release", "latency", "cache", "index", "cluster", "replica", "schema",
        "payload", "gateway", "token", "quota", "shard", "stream", "batch", "metric", "deploy", "rollback", "probe"};
    private static final String[] AUTHORS = {"ada", "grace", "linus", "barbara", "ken", "dennis", "margaret",
        "edsger", "donald", "frances", "john", "radia"};

    private DemoFeed() {
    }

    /** The current step. */
    static long currentStep() {
        return System.currentTimeMillis() / 1000 / STEP_SECONDS;
    }

    /** Item {@code id} as JSON. */
    public static byte[] item(long id) {
        return itemJson(id).getBytes(StandardCharsets.UTF_8);
    }

    private static String itemJson(long id) {
        Random random = new Random(id * 0x9E3779B97F4A7C15L);
        StringBuilder s = new StringBuilder(512).append("{\"id\":").append(id)
                .append(",\"type\":\"").append(random.nextInt(5) == 0 ? "incident" : "change")
                .append("\",\"title\":\"").append(words(random, 3 + random.nextInt(5)))
                .append("\",\"author\":{\"login\":\"").append(AUTHORS[random.nextInt(AUTHORS.length)])
                .append("\",\"url\":\"https://api.example.com/users/").append(random.nextInt(5000)).append("\"}")
                .append(",\"created_at\":\"").append(Instant.ofEpochSecond(START + id * 97)).append('"')
                .append(",\"state\":\"").append(random.nextBoolean() ? "open" : "closed")
                .append("\",\"labels\":[");
        int labels = 1 + random.nextInt(4);
        for (int i = 0; i < labels; i++) {
            s.append(i == 0 ? "" : ",").append('"').append(WORDS[random.nextInt(WORDS.length)]).append('"');
        }
        s.append("],\"score\":").append(random.nextInt(1000)).append(",\"comments\":").append(random.nextInt(40))
                .append(",\"body\":\"").append(words(random, 5 + random.nextInt(100 + (int) (id % 3) * 50)))
                .append("\",\"links\":{\"self\":\"https://api.example.com/items/").append(id)
                .append("\",\"html\":\"https://example.com/items/").append(id).append("\"}}");
        return s.toString();
    }

    private static String words(Random random, int count) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return s.toString();
    }

    /** The feed at {@code step}: the newest {@value #FEED_SIZE} items, newest first. */
    public static byte[] feed(long step) {
        long newest = step * PER_STEP + FEED_SIZE;
        StringBuilder s = new StringBuilder(64 * 1024).append("{\"step\":").append(step)
                .append(",\"updated_at\":\"").append(Instant.ofEpochSecond(START + step * STEP_SECONDS))
                .append("\",\"items\":[");
        for (long id = newest; id > newest - FEED_SIZE; id--) {
            s.append(id == newest ? "" : ",").append(itemJson(id));
        }
        return s.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }
}
