package org.restcompress.internal.dictionary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * The responses a dictionary is trained on: at most {@code capacity} distinct bodies of at most {@value #MAX_SAMPLE}
 * bytes each, so never more than their product in memory. Spread over time: until the first dictionary, at most a
 * tenth of the capacity is taken per second (a burst of requests does not fill it in a moment); after, a uniform
 * sample of every response since the last training (reservoir sampling), so a retraining sees the whole period.
 * Thread-safe; a request thread only asks {@link #wants} and hands its copy to {@link #offer}.
 */
public final class TrainingSamples {

    /** A longer body is not sampled: dictionaries pay on small bodies, and this bounds the memory. */
    public static final int MAX_SAMPLE = 16 * 1024;

    private final int capacity;
    private final int perSecond;
    private final LongSupplier nanos;
    private final List<byte[]> samples = new ArrayList<>();
    /** The bodies' fingerprints, so that a body served again is not taken twice. */
    private final Set<Long> fingerprints = new HashSet<>();
    private boolean filledOnce;
    private long seen;
    private long second;
    private int takenThisSecond;

    public TrainingSamples(int capacity) {
        this(capacity, System::nanoTime);
    }

    TrainingSamples(int capacity, LongSupplier nanos) {
        this.capacity = capacity;
        this.perSecond = Math.max(1, (capacity + 9) / 10);
        this.nanos = nanos;
    }

    /** Whether the response now being written should be copied and offered (cheap; on the request thread). */
    public synchronized boolean wants() {
        if (!filledOnce) {
            long now = nanos.getAsLong() / 1_000_000_000L;
            if (now != second) {
                second = now;
                takenThisSecond = 0;
            }
            return samples.size() < capacity && takenThisSecond < perSecond;
        }
        seen++;
        return ThreadLocalRandom.current().nextLong(seen) < capacity;
    }

    /** A complete body copied because {@link #wants} said so; a body already held, or too long, is not taken. */
    public synchronized void offer(byte[] body) {
        if (body.length == 0 || body.length > MAX_SAMPLE || !fingerprints.add(fingerprint(body))) {
            return;
        }
        if (samples.size() < capacity) {
            samples.add(body);
            takenThisSecond++;
            filledOnce |= samples.size() == capacity;
            return;
        }
        int replaced = ThreadLocalRandom.current().nextInt(capacity);
        fingerprints.remove(fingerprint(samples.get(replaced)));
        samples.set(replaced, body);
    }

    /** Whether there are as many samples as wanted. */
    public synchronized boolean full() {
        return samples.size() >= capacity;
    }

    public synchronized int size() {
        return samples.size();
    }

    /** The samples held, for training; the reservoir starts over from the next response. */
    public synchronized List<byte[]> take() {
        List<byte[]> taken = new ArrayList<>(samples);
        samples.clear();
        fingerprints.clear();
        seen = 0;
        return taken;
    }

    private static long fingerprint(byte[] body) {
        long h = 1125899906842597L;
        for (byte b : body) {
            h = 31 * h + b;
        }
        return h ^ (long) body.length << 48 ^ Arrays.hashCode(body);
    }
}
