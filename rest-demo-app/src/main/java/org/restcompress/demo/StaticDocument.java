package org.restcompress.demo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * The fixed document of the 2014 demo: an object of 10,000 entries, about 1.8 MB as JSON, generated from a fixed
 * seed so every run and every server serves the same bytes.
 */
public final class StaticDocument {

    public static final int ENTRIES = 10_000;

    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
        "hotel", "india", "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo"};

    private static final Map<String, Entry> DOCUMENT = build();

    private StaticDocument() {
    }

    /** One entry: a little of everything a REST payload carries. */
    public record Entry(long id, String name, String description, double value, boolean active, String[] tags) {
    }

    public static Map<String, Entry> get() {
        return DOCUMENT;
    }

    private static Map<String, Entry> build() {
        Random random = new Random(2014);
        Map<String, Entry> document = new LinkedHashMap<>();
        for (int i = 0; i < ENTRIES; i++) {
            StringBuilder description = new StringBuilder();
            for (int w = 0; w < 10; w++) {
                description.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
            }
            String[] tags = {WORDS[random.nextInt(WORDS.length)], WORDS[random.nextInt(WORDS.length)]};
            document.put("key-" + i, new Entry(random.nextInt(1_000_000_000), "entry " + i,
                    description.toString().trim(), Math.round(random.nextDouble() * 1e6) / 1e3,
                    random.nextBoolean(), tags));
        }
        return document;
    }
}
