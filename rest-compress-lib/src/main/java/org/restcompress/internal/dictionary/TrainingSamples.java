package org.restcompress.internal.dictionary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The responses a dictionary is trained on: at most {@code capacity} bodies of at most {@value #MAX_SAMPLE} bytes
 * each and {@value #MAX_BYTES} bytes in all, each of a request target (path and query) and with content of its own: a
 * URL fetched again, by the same client or another, counts once, so that no client makes its own response common by
 * repeating it. Spread over time: until the first dictionary, at most a tenth of the capacity is taken per second (a
 * burst of requests does not fill it in a moment); after, a uniform sample of every response since the last training
 * (reservoir sampling), so a retraining sees the whole period. Thread-safe; a request thread only asks
 * {@link #wants} and hands its copy to {@link #offer}.
 */
public final class TrainingSamples {

    /** A longer body is not sampled: dictionaries pay on small bodies, and this bounds the memory. */
    public static final int MAX_SAMPLE = 16 * 1024;
    /** All samples together: what the trainer and its index work on stays within tens of megabytes. */
    public static final int MAX_BYTES = 8 * 1024 * 1024;

    private final int capacity;
    private final int perSecond;
    private final List<Sample> samples = new ArrayList<>();
    /** The bodies' fingerprints and the targets held, so that neither is taken twice. */
    private final Set<Long> fingerprints = new HashSet<>();
    private final Set<String> heldTargets = new HashSet<>();
    private long bytes;
    private boolean filledOnce;
    private long seen;
    private long second;
    private int takenThisSecond;

    /** A sampled body, with its request target and fingerprint. */
    private record Sample(String target, long print, byte[] body) {
    }

    public TrainingSamples(int capacity) {
        this.capacity = capacity;
        this.perSecond = Math.max(1, (capacity + 9) / 10);
    }

    /** Whether the response now being written should be copied and offered (cheap; on the request thread). */
    public synchronized boolean wants() {
        if (!filledOnce) {
            long now = System.nanoTime() / 1_000_000_000L;
            if (now != second) {
                second = now;
                takenThisSecond = 0;
            }
            return samples.size() < capacity && takenThisSecond < perSecond;
        }
        seen++;
        return ThreadLocalRandom.current().nextLong(seen) < capacity;
    }

    /**
     * A complete body copied because {@link #wants} said so; one of a target or with content already held, too long,
     * or past {@value #MAX_BYTES} in all, is not taken.
     *
     * @param target the request's path and query
     * @param body   the response's content, handed over
     */
    public synchronized void offer(String target, byte[] body) {
        if (body.length == 0 || body.length > MAX_SAMPLE || heldTargets.contains(target)) {
            return;
        }
        long print = fingerprint(body); // once: the body may be 16 KB, and this is the request's thread
        if (fingerprints.contains(print)) {
            return;
        }
        Sample sample = new Sample(target, print, body);
        if (samples.size() < capacity) {
            if (bytes + body.length > MAX_BYTES) {
                return;
            }
            samples.add(sample);
            takenThisSecond++;
            filledOnce |= samples.size() == capacity;
        } else {
            int replaced = ThreadLocalRandom.current().nextInt(capacity);
            Sample old = samples.get(replaced);
            if (bytes - old.body().length + body.length > MAX_BYTES) {
                return;
            }
            fingerprints.remove(old.print());
            heldTargets.remove(old.target());
            samples.set(replaced, sample);
            bytes -= old.body().length;
        }
        bytes += body.length;
        fingerprints.add(print);
        heldTargets.add(target);
    }

    /** Whether there are as many samples as wanted, or as many as {@value #MAX_BYTES} hold. */
    public synchronized boolean full() {
        return samples.size() >= capacity || bytes > MAX_BYTES - MAX_SAMPLE;
    }

    /** The samples held, for training; the reservoir starts over from the next response. */
    public synchronized List<byte[]> take() {
        List<byte[]> taken = new ArrayList<>();
        samples.forEach(sample -> taken.add(sample.body()));
        samples.clear();
        fingerprints.clear();
        heldTargets.clear();
        bytes = 0;
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
