package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.dictionary.Dictionary;

/** Versions of a trained dictionary: only the newest is announced, a bounded few before it stay usable. */
class TrainedVersionsTest {

    private static Dictionary version(int n) {
        return Dictionary.reused(("version " + n + " of the dictionary ").repeat(20).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theNewestIsCurrentAndTheOldestBeyondTheBoundIsForgotten() throws Exception {
        CompressionConfig config = CompressionConfig.builder()
                .training(new CompressionConfig.Training(8, 2, 1024, Duration.ZERO, 2)).build();
        try (ServerDictionaries dictionaries = new ServerDictionaries(config,
                CodecRegistry.load(getClass().getClassLoader(), token -> CodecOptions.NONE), getClass()
                        .getClassLoader())) {
            ServerDictionaries.Shared docs = dictionaries.trained("docs", "Test.docs");
            assertSame(docs, dictionaries.trained("docs", "Test.other"), "one dictionary per name");
            assertNull(docs.current());
            assertTrue(dictionaries.hasShared());
            Dictionary one = version(1);
            Dictionary two = version(2);
            Dictionary three = version(3);
            assertTrue(dictionaries.adopt(docs, one));
            assertFalse(dictionaries.adopt(docs, Dictionary.reused(one.content())), "the same version again");
            dictionaries.adopt(docs, two);
            assertSame(two, docs.current());
            assertSame(one, dictionaries.find(one.hash()), "the version before stays usable");
            dictionaries.adopt(docs, three);
            assertEquals(List.of(three.hash(), two.hash()), dictionaries.versions(docs));
            assertNull(dictionaries.sharedByHash(one.hash()), "beyond restcompress.training.versions");
            assertNull(dictionaries.find(one.hash()));
            assertSame(docs, dictionaries.sharedByHash(two.hash()).shared());
            assertTrue(dictionaries.isShared(three));
        }
    }
}
