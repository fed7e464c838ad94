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
 * a string so held is held too, so the longest is found by bisection). Pieces shorter than 8 bytes are dropped. An
 * index of where the samples hold each 8-byte string of the trained content makes each count a few comparisons
 * instead of a search through every sample.
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
     * brotli reach the end of a dictionary with the shortest offsets), each after the one before and a zero byte, at
     * most {@code maxSize} bytes (the least held left out first: overlapping pieces can outgrow the trained content);
     * empty when none is; {@code null} when {@code giveUp} said so before the end (asked as it goes).
     */
    public static byte[] of(byte[] trained, List<byte[]> samples, int k, int maxSize, BooleanSupplier giveUp) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, was " + k);
        }
        Occurrences index = index(trained, samples, giveUp);
        if (index == null) {
            return null;
        }
        boolean[] covered = new boolean[trained.length];
        for (int i = 0; i + MIN_LENGTH <= trained.length; i++) {
            if (holders(trained, i, i + MIN_LENGTH, samples, index, k) >= k) {
                Arrays.fill(covered, i, i + MIN_LENGTH, true);
            }
        }
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
            if (cut(trained, at, end, samples, k, index, pieces, giveUp)) {
                return null;
            }
            at = end;
        }
        pieces.sort(Comparator.comparingInt(Piece::holders).thenComparing(Piece::bytes, java.util.Arrays::compare));
        long total = 0;
        for (Piece piece : pieces) {
            total += piece.bytes.length + 1;
        }
        int first = 0;
        while (first < pieces.size() && total - 1 > maxSize) {
            total -= pieces.get(first++).bytes.length + 1;
        }
        pieces = pieces.subList(first, pieces.size());
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

    /**
     * Where the samples hold each 8-byte string of the trained content: (sample, offset) pairs packed in an int each
     * (samples below {@value #MAX_SAMPLES}, offsets below {@value #MAX_OFFSET}), at most one per sample and offset, so
     * the index takes at most 8 bytes per sample byte (its arrays double as they grow).
     */
    private static final class Occurrences {
        final Map<Long, int[]> at = new HashMap<>();
        final Map<Long, Integer> sizes = new HashMap<>();

        void add(long gram, int sample, int offset) {
            int[] list = at.get(gram);
            int size = sizes.getOrDefault(gram, 0);
            if (list.length == size) {
                list = Arrays.copyOf(list, Math.max(4, size * 2));
                at.put(gram, list);
            }
            list[size] = sample << OFFSET_BITS | offset;
            sizes.put(gram, size + 1);
        }
    }

    private static final int OFFSET_BITS = 18;
    /** The most samples the index holds. */
    public static final int MAX_SAMPLES = 1 << (31 - OFFSET_BITS);
    /** The longest sample the index holds. */
    public static final int MAX_OFFSET = 1 << OFFSET_BITS;

    /** The index, or {@code null} when {@code giveUp} said so. */
    private static Occurrences index(byte[] trained, List<byte[]> samples, BooleanSupplier giveUp) {
        if (samples.size() > MAX_SAMPLES) {
            throw new IllegalArgumentException("at most " + MAX_SAMPLES + " samples, got " + samples.size());
        }
        Occurrences index = new Occurrences();
        for (int i = 0; i + MIN_LENGTH <= trained.length; i++) {
            index.at.putIfAbsent(gram(trained, i), new int[0]);
        }
        for (int s = 0; s < samples.size(); s++) {
            if (giveUp.getAsBoolean()) {
                return null;
            }
            byte[] sample = samples.get(s);
            if (sample.length > MAX_OFFSET) {
                throw new IllegalArgumentException("a sample of at most " + MAX_OFFSET + " bytes, got " + sample.length);
            }
            for (int i = 0; i + MIN_LENGTH <= sample.length; i++) {
                long gram = gram(sample, i);
                if (index.at.containsKey(gram)) {
                    index.add(gram, s, i);
                }
            }
        }
        return index;
    }

    /** How many samples hold {@code trained[from, to)} whole, counting up to {@code limit}. */
    private static int holders(byte[] trained, int from, int to, List<byte[]> samples, Occurrences index, int limit) {
        long gram = gram(trained, from);
        int[] places = index.at.get(gram);
        int size = index.sizes.getOrDefault(gram, 0);
        int count = 0;
        int counted = -1;
        for (int i = 0; i < size && count < limit; i++) {
            int sample = places[i] >>> OFFSET_BITS;
            int offset = places[i] & (MAX_OFFSET - 1);
            if (sample == counted) {
                continue; // one sample counts once; places are in sample order
            }
            byte[] bytes = samples.get(sample);
            if (offset + to - from <= bytes.length && Arrays.equals(bytes, offset, offset + to - from, trained, from, to)) {
                count++;
                counted = sample;
            }
        }
        return count;
    }

    private static long gram(byte[] bytes, int at) {
        long gram = 0;
        for (int i = 0; i < MIN_LENGTH; i++) {
            gram = gram << 8 | (bytes[at + i] & 0xff);
        }
        return gram;
    }

    /**
     * The run {@code [from, to)} as the longest pieces that at least {@code k} samples hold whole. After a piece, the
     * next may start inside it: a held string that overlaps the piece's end and reaches past it is kept too (the
     * zero byte between them keeps them apart); one that ends within the piece adds nothing. Returns whether
     * {@code giveUp} said so.
     */
    private static boolean cut(byte[] trained, int from, int to, List<byte[]> samples, int k, Occurrences index,
            List<Piece> pieces, BooleanSupplier giveUp) {
        int at = from;
        int keptTo = from; // the end of the last piece kept
        while (to - at >= MIN_LENGTH) {
            if (giveUp.getAsBoolean()) {
                return true;
            }
            if (holders(trained, at, at + MIN_LENGTH, samples, index, k) < k) {
                at++; // covered only by strings that start before it
                continue;
            }
            int low = at + MIN_LENGTH; // held by k
            int high = to; // the longest it could be
            while (low < high) {
                int middle = high == to && low + MIN_LENGTH < high ? high : (low + high + 1) >>> 1; // whole run first
                if (holders(trained, at, middle, samples, index, k) >= k) {
                    low = middle;
                } else {
                    high = middle - 1;
                }
            }
            if (low <= keptTo) {
                at++; // within the piece before: nothing new
                continue;
            }
            pieces.add(new Piece(Arrays.copyOfRange(trained, at, low),
                    holders(trained, at, low, samples, index, Integer.MAX_VALUE)));
            keptTo = low;
            at = Math.max(at + 1, low - MIN_LENGTH + 1);
        }
        return false;
    }
}
