package org.restcompress.internal.dictionary;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Keeps in a trained dictionary only what many responses share. A dictionary is served to every client, so whatever
 * the trainer copied into it from one response (a token, an address, an id) would be disclosed to all: here every
 * string of the result is one found whole in at least {@code k} distinct samples. The strings are separated by a zero
 * byte, so that two of them never join into one that fewer responses hold, and ordered by how many samples hold them
 * and then by their bytes, not by where the trainer found them.
 *
 * <p>How: the trained content's 8-byte strings found in at least {@code k} samples mark the runs worth keeping; each
 * run is kept whole if at least {@code k} samples hold it whole, else cut into the longest pieces that are (a piece of
 * a string so held is held too, so the longest is found by bisection). Pieces shorter than 8 bytes are dropped.
 */
public final class CommonStrings {

    /** The shortest string kept: shorter ones are found anywhere and help little. */
    public static final int MIN_LENGTH = 8;
    /** Between two strings: text holds no zero byte, so nothing spans two. */
    private static final int SEPARATOR = 0;

    private CommonStrings() {
    }

    /** A kept string and how many samples hold it. */
    private record Piece(byte[] bytes, int holders) {
    }

    /**
     * The strings of {@code trained} that at least {@code k} of {@code samples} hold whole, least held first (zstd and
     * brotli reach the end of a dictionary with the shortest offsets), each after the one before and a zero byte;
     * empty when none is; {@code null}
     * when {@code giveUp} said so before the end (checked between runs).
     */
    public static byte[] of(byte[] trained, List<byte[]> samples, int k, BooleanSupplier giveUp) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, was " + k);
        }
        boolean[] covered = covered(trained, samples, k);
        List<Piece> pieces = new ArrayList<>();
        int at = 0;
        while (at < trained.length) {
            if (giveUp.getAsBoolean()) {
                return null;
            }
            if (!covered[at]) {
                at++;
                continue;
            }
            int end = at;
            while (end < trained.length && covered[end]) {
                end++;
            }
            cut(trained, at, end, samples, k, pieces);
            at = end;
        }
        pieces.sort(Comparator.comparingInt(Piece::holders).thenComparing(Piece::bytes, java.util.Arrays::compare));
        ByteArrayOutputStream out = new ByteArrayOutputStream(trained.length);
        byte[] previous = null;
        for (Piece piece : pieces) {
            if (previous == null || !Arrays.equals(previous, piece.bytes)) {
                if (previous != null) {
                    out.write(SEPARATOR);
                }
                out.writeBytes(piece.bytes);
            }
            previous = piece.bytes;
        }
        return out.toByteArray();
    }

    /** Which bytes of {@code trained} lie in an 8-byte string at least {@code k} samples hold. */
    private static boolean[] covered(byte[] trained, List<byte[]> samples, int k) {
        boolean[] covered = new boolean[trained.length];
        if (trained.length < MIN_LENGTH) {
            return covered;
        }
        // the trained content's 8-byte strings (each exactly one long), with the samples holding each counted once
        Map<Long, int[]> holders = new HashMap<>(); // [count, last sample counted]
        for (int i = 0; i + MIN_LENGTH <= trained.length; i++) {
            holders.putIfAbsent(gram(trained, i), new int[] {0, -1});
        }
        for (int s = 0; s < samples.size(); s++) {
            byte[] sample = samples.get(s);
            for (int i = 0; i + MIN_LENGTH <= sample.length; i++) {
                int[] counted = holders.get(gram(sample, i));
                if (counted != null && counted[1] != s) {
                    counted[0]++;
                    counted[1] = s;
                }
            }
        }
        for (int i = 0; i + MIN_LENGTH <= trained.length; i++) {
            if (holders.get(gram(trained, i))[0] >= k) {
                Arrays.fill(covered, i, i + MIN_LENGTH, true);
            }
        }
        return covered;
    }

    private static long gram(byte[] bytes, int at) {
        long gram = 0;
        for (int i = 0; i < MIN_LENGTH; i++) {
            gram = gram << 8 | (bytes[at + i] & 0xff);
        }
        return gram;
    }

    /** The run {@code [from, to)} as the longest pieces that at least {@code k} samples hold whole. */
    private static void cut(byte[] trained, int from, int to, List<byte[]> samples, int k, List<Piece> pieces) {
        int at = from;
        while (to - at >= MIN_LENGTH) {
            int held = holders(trained, at, at + MIN_LENGTH, samples);
            if (held < k) {
                at++; // covered only by strings that start before it
                continue;
            }
            int low = at + MIN_LENGTH; // held by k
            int high = to; // the longest it could be
            int heldLow = held;
            while (low < high) {
                int middle = (low + high + 1) >>> 1;
                int count = holders(trained, at, middle, samples);
                if (count >= k) {
                    low = middle;
                    heldLow = count;
                } else {
                    high = middle - 1;
                }
            }
            pieces.add(new Piece(Arrays.copyOfRange(trained, at, low), heldLow));
            at = low;
        }
    }

    /** How many samples hold {@code trained[from, to)} whole (all counted: the count orders the pieces). */
    private static int holders(byte[] trained, int from, int to, List<byte[]> samples) {
        int count = 0;
        for (byte[] sample : samples) {
            if (indexOf(sample, trained, from, to) >= 0) {
                count++;
            }
        }
        return count;
    }

    static int indexOf(byte[] haystack, byte[] needle, int from, int to) {
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
