package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.dictionary.DictionaryTrainer;

/**
 * The demo's shared dictionary is what the trainer makes of items 1001 to 3000 (never served: the endpoint serves 1
 * to 1000), so the committed file cannot drift from its recipe. To make it again:
 * {@code ./mvnw -pl rest-demo-app test -Dtest=DemoDictionaryTest -Dregenerate=true}.
 */
class DemoDictionaryTest {

    static final Path FILE = Paths.get("src/main/resources", DemoApplication.ITEMS_DICTIONARY);

    static byte[] train() {
        List<byte[]> samples = new ArrayList<>();
        for (long id = 1001; id <= 3000; id++) {
            samples.add(DemoFeed.item(id));
        }
        return DictionaryTrainer.train(samples, 16 * 1024);
    }

    @Test
    void theCommittedDictionaryIsTheTrainersOutput() throws IOException {
        byte[] trained = train();
        if (Boolean.getBoolean("regenerate")) {
            Files.createDirectories(FILE.getParent());
            Files.write(FILE, trained);
        }
        assertArrayEquals(trained, Files.readAllBytes(FILE), "regenerate it: see this class's comment");
    }

    @Test
    void itemsAndStepsAreTheSameBytesEveryTime() {
        assertArrayEquals(DemoFeed.item(7), DemoFeed.item(7));
        assertArrayEquals(DemoFeed.feed(12), DemoFeed.feed(12));
        assertNotEquals(new String(DemoFeed.feed(12)), new String(DemoFeed.feed(13)));
        for (long id = 1; id <= 1000; id++) {
            int size = DemoFeed.item(id).length;
            assertTrue(size >= 200 && size <= 2048, "item " + id + ": " + size + " bytes");
        }
        int feed = DemoFeed.feed(100).length;
        assertTrue(feed > 4 * 1024 && feed < 100 * 1024, feed + " bytes");
        // a step drops the oldest items and adds as many: most of the feed is the previous step's
        String next = new String(DemoFeed.feed(101));
        assertTrue(next.contains(new String(DemoFeed.item(100 * DemoFeed.PER_STEP + DemoFeed.FEED_SIZE))));
        assertEquals(-1, next.indexOf("\"id\":" + (100 * DemoFeed.PER_STEP + 1) + ","));
    }
}
