package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.restcompress.dictionary.DictionaryTrainer;

/** The K rule: a trained dictionary keeps only byte strings that at least K distinct sampled responses hold whole. */
class CommonStringsTest {

    private static final int ALL = Integer.MAX_VALUE;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Invoices alike in structure; the first {@code planted} hold a secret of their own each. */
    static List<byte[]> invoices(int count, int planted, Random random) {
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder s = new StringBuilder("{\"id\":").append(random.nextInt(1_000_000))
                    .append(",\"kind\":\"invoice\",\"currency\":\"EUR\",\"customer\":{\"name\":\"Customer ")
                    .append(random.nextInt(50)).append("\",\"tier\":\"").append(random.nextBoolean() ? "gold" : "basic")
                    .append("\"},\"lines\":[");
            for (int line = 0; line < 6; line++) {
                s.append(line == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(random.nextInt(9000) + 1000)
                        .append("\",\"quantity\":").append(random.nextInt(9) + 1).append(",\"unitPrice\":")
                        .append(random.nextInt(10_000) / 100.0).append(",\"description\":\"Standard service item\"}");
            }
            s.append("],\"note\":\"").append(i < planted ? secret(i) : "payment due within thirty days").append("\"}");
            samples.add(bytes(s.toString()));
        }
        return samples;
    }

    static String secret(int i) {
        return "token-" + Long.toHexString(0x5ec7e7L * (i + 1) * 0x9E3779B97F4A7C15L) + "-user" + i + "@example.org";
    }

    private static boolean holdsAnyEightBytesOf(byte[] dictionary, String secret) {
        byte[] s = bytes(secret);
        for (int i = 0; i + 8 <= s.length; i++) {
            if (indexOf(dictionary, s, i, i + 8) >= 0) {
                return true;
            }
        }
        return false;
    }

    @Test
    void secretsOfFewerThanKResponsesAreLeftOutWhileTheCommonStructureStays() {
        List<byte[]> samples = invoices(300, 4, new Random(7));
        byte[] trained = DictionaryTrainer.train(samples, 16 * 1024);
        // the trainer itself copies them: what the rule is for
        assertTrue(java.util.stream.IntStream.range(0, 4)
                .anyMatch(i -> holdsAnyEightBytesOf(trained, secret(i))), "the trainer kept no secret; test too weak");
        byte[] kept = CommonStrings.of(trained, samples, 5, ALL, () -> false);
        for (int i = 0; i < 4; i++) {
            assertFalse(holdsAnyEightBytesOf(kept, secret(i)), "a secret of one response reached the dictionary");
        }
        String text = new String(kept, StandardCharsets.UTF_8);
        assertTrue(text.contains("\"description\":\"Standard service item\"}"), text);
        assertTrue(text.contains("payment due within thirty days"), text);
        assertTrue(kept.length > 1000, "kept " + kept.length);
    }

    @Test
    void piecesCutFromOneRunNeverJoinAgain() {
        // "alpha-part--" and "omega-part" are each in 5 samples, but joined only in one: the run the trainer copied
        List<byte[]> samples = new ArrayList<>();
        samples.add(bytes("xx alpha-part--omega-part xx"));
        for (int i = 0; i < 4; i++) {
            samples.add(bytes("ab alpha-part-- " + i));
            samples.add(bytes(i + " --omega-part ef"));
        }
        byte[] kept = CommonStrings.of(bytes("alpha-part--omega-part"), samples, 5, ALL, () -> false);
        assertArrayEquals(bytes("--omega-part\0alpha-part--"), kept);
        assertEquals(-1, indexOf(kept, bytes("part--omega"), 0, 11), "the run itself, joined");
    }

    @Test
    void aHeldStringThatOverlapsTheEndOfAPieceIsKeptToo() {
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            samples.add(bytes(i + "#abcdefghij#" + i));
            samples.add(bytes(i + "%ghijklmnop%" + i));
        }
        assertArrayEquals(bytes("abcdefghij\0ghijklmnop"),
                CommonStrings.of(bytes("abcdefghijklmnop"), samples, 5, ALL, () -> false));
    }

    @Test
    void theResultIsCutToTheSizeAskedTheLeastHeldLeftOutFirst() {
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            samples.add(bytes(i + " common-to-six " + (i < 5 ? "five-of-them " : "") + i));
        }
        assertArrayEquals(bytes("five-of-them \0 common-to-six "),
                CommonStrings.of(bytes("[ common-to-six ][five-of-them ]"), samples, 5, ALL, () -> false));
        assertArrayEquals(bytes(" common-to-six "),
                CommonStrings.of(bytes("[ common-to-six ][five-of-them ]"), samples, 5, 20, () -> false));
    }

    @Test
    void aStringHeldByKSamplesIsKeptAndOneHeldByFewerIsNot() {
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            samples.add(bytes(i + " shared-structure " + i));
        }
        samples.add(bytes("only-once-value"));
        assertArrayEquals(bytes(" shared-structure "), CommonStrings.of(bytes("# shared-structure #"), samples, 5,
                ALL, () -> false));
        assertArrayEquals(new byte[0], CommonStrings.of(bytes("only-once-value"), samples, 5, ALL, () -> false));
        assertArrayEquals(bytes(" shared-structure "), CommonStrings.of(bytes("# shared-structure #"), samples, 5,
                ALL, () -> false), "the same input, the same output");
        assertArrayEquals(new byte[0],
                CommonStrings.of(bytes("# shared-structure #"), samples, 6, ALL, () -> false));
    }

    @Test
    void givingUpReturnsNothingAndKBelowOneIsRefused() {
        List<byte[]> samples = invoices(20, 0, new Random(1));
        assertNull(CommonStrings.of(samples.get(0), samples, 5, ALL, () -> true));
        assertThrows(IllegalArgumentException.class,
                () -> CommonStrings.of(samples.get(0), samples, 0, ALL, () -> false));
    }

    /** Where {@code needle[from, to)} starts in {@code haystack}, or -1. */
    private static int indexOf(byte[] haystack, byte[] needle, int from, int to) {
        int length = to - from;
        byte first = needle[from];
        for (int i = 0; i + length <= haystack.length; i++) {
            if (haystack[i] == first && Arrays.equals(haystack, i, i + length, needle, from, to)) {
                return i;
            }
        }
        return -1;
    }
}
