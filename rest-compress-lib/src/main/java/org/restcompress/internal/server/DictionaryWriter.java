package org.restcompress.internal.server;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.lifecycle.Lifecycle;

/**
 * Keeps responses sent as dictionaries off the response path: a response hands its copy over and leaves; one thread
 * hashes it and writes it to the store (a store that is slow, Redis stalled, then delays no response). At most
 * {@value #CAPACITY} responses wait; more are dropped, counted, and said in a warning (at the 1st, 2nd, 4th, 8th ...
 * drop): a dropped one costs only the delta of a later request. The thread starts with the first response and ends
 * when nothing has come for {@value #IDLE_SECONDS} seconds, or when the application stops.
 */
final class DictionaryWriter implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(DictionaryWriter.class.getName());
    static final int CAPACITY = 16;
    static final int IDLE_SECONDS = 10;

    private final BiConsumer<Dictionary, Duration> store;
    /** Handed over and not yet in the store: still found by {@link #find}. */
    private final Set<Pending> pending = ConcurrentHashMap.newKeySet();
    private final AtomicLong dropped = new AtomicLong();
    /** The writer's one thread, from the first response on. */
    private ThreadPoolExecutor writing;
    private boolean closed;

    /** A response's content, hashed once, by the writer or by a request that names it first. */
    private final class Pending implements Runnable {
        private final byte[] content;
        private final Duration lifetime;
        private Dictionary dictionary;

        Pending(byte[] content, Duration lifetime) {
            this.content = content;
            this.lifetime = lifetime;
        }

        synchronized Dictionary dictionary() {
            if (dictionary == null) {
                dictionary = Dictionary.of(content);
            }
            return dictionary;
        }

        @Override
        public void run() {
            try {
                store.accept(dictionary(), lifetime);
            } finally {
                pending.remove(this);
            }
        }
    }

    /** {@code store} writes one dictionary, in the writer's thread. */
    DictionaryWriter(BiConsumer<Dictionary, Duration> store) {
        this.store = store;
    }

    /** Hands a complete response's content over; never waits. */
    void submit(byte[] content, Duration lifetime) {
        Pending next = new Pending(content, lifetime);
        synchronized (this) {
            if (!closed) {
                if (writing == null) {
                    writing = Lifecycle.backgroundThread("rest-compress-dictionary-writer", IDLE_SECONDS, CAPACITY);
                }
                if (writing.getQueue().remainingCapacity() > 0) { // only the writer takes meanwhile
                    pending.add(next);
                    writing.execute(next);
                    return;
                }
            }
        }
        long n = dropped.incrementAndGet();
        if (Long.bitCount(n) == 1) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + n + " response(s) not kept as dictionaries: "
                    + (closed ? "the application stopped" : CAPACITY + " were already waiting for the store"));
        }
    }

    /** A dictionary handed over but perhaps not stored yet; hashes what waits, in the caller's thread, if need be. */
    Dictionary find(String hash) {
        for (Pending p : pending) {
            if (p.dictionary().hash().equals(hash)) {
                return p.dictionary();
            }
        }
        return null;
    }

    /** Whether the writer's thread runs (for tests). */
    synchronized boolean running() {
        return writing != null && writing.getPoolSize() > 0;
    }

    /** Responses dropped so far (for tests and the log). */
    long dropped() {
        return dropped.get();
    }

    /** Stops taking responses; what waits is written within a second, else dropped. */
    @Override
    public void close() throws InterruptedException {
        ThreadPoolExecutor running;
        synchronized (this) {
            closed = true;
            running = writing;
        }
        if (running != null) {
            running.shutdown();
            if (!running.awaitTermination(1, TimeUnit.SECONDS)) {
                dropped.addAndGet(running.shutdownNow().size());
                running.awaitTermination(1, TimeUnit.SECONDS);
            }
        }
        pending.clear();
    }
}
