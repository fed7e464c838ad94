package org.restcompress.demo;

import java.util.Random;

/**
 * The demo's payloads: objects of entries keyed {@code key-0}, {@code key-1}... The static one is the 2014 demo's
 * document (10,000 entries, about 1.8 MB of JSON, from a fixed seed, so every server serves the same bytes);
 * {@link #random} builds others of any size.
 */
public final class Documents {

    /** Entries of the static document. */
    public static final int STATIC_ENTRIES = 10_000;

    /**
     * The largest document a request may ask for: about 3.6 MB of JSON. Larger sizes get a 400, not an
     * out-of-memory, since the object is built before it is written.
     */
    public static final int MAX_ENTRIES = 20_000;

    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
        "hotel", "india", "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo"};

    private static final Document STATIC = random(STATIC_ENTRIES, new Random(2014));

    private Documents() {
    }

    /** One entry: a little of everything a REST payload carries. */
    public record Entry(long id, String name, String description, double value, boolean active, String[] tags) {
    }

    /** The 2014 demo's document; the same object on every call. */
    public static Document staticDocument() {
        return STATIC;
    }

    /** A document of {@code entries} entries drawn from {@code random}. */
    public static Document random(int entries, Random random) {
        Document document = new Document();
        for (int i = 0; i < entries; i++) {
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
