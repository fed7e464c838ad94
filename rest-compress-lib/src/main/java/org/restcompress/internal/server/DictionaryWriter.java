package org.restcompress.internal.server;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.restcompress.internal.dictionary.Dictionary;

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

    /** A response's content, hashed once, by the writer or by a request that names it first. */
    private static final class Pending {
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
    }

    private final BiConsumer<Dictionary, Duration> store;
    private final BlockingQueue<Pending> waiting = new ArrayBlockingQueue<>(CAPACITY);
    /** Hashed, being written: still found by {@link #find} until the store has them. */
    private final Map<String, Dictionary> writing = new ConcurrentHashMap<>();
    private final AtomicLong dropped = new AtomicLong();
    private Thread thread;
    private boolean closed;

    /** {@code store} writes one dictionary, in the writer's thread. */
    DictionaryWriter(BiConsumer<Dictionary, Duration> store) {
        this.store = store;
    }

    /** Hands a complete response's content over; never waits. */
    void submit(byte[] content, Duration lifetime) {
        synchronized (this) {
            if (!closed && waiting.offer(new Pending(content, lifetime))) {
                notifyAll();
                if (thread == null) {
                    thread = new Thread(this::run, "rest-compress-dictionary-writer");
                    thread.setDaemon(true);
                    thread.start();
                }
                return;
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
        Dictionary found = writing.get(hash);
        if (found != null) {
            return found;
        }
        for (Pending pending : waiting) {
            if (pending.dictionary().hash().equals(hash)) {
                return pending.dictionary();
            }
        }
        return writing.get(hash); // moved there meanwhile
    }

    /** Whether the writer's thread runs (for tests). */
    synchronized boolean running() {
        return thread != null && thread.isAlive();
    }

    /** Responses dropped so far (for tests and the log). */
    long dropped() {
        return dropped.get();
    }

    private void run() {
        try {
            while (true) {
                Pending next = waiting.peek();
                if (next == null) {
                    synchronized (this) {
                        if (waiting.isEmpty() && !closed) {
                            wait(TimeUnit.SECONDS.toMillis(IDLE_SECONDS));
                        }
                        if (waiting.isEmpty()) { // idle, or stopped: the thread ends (said under the lock, so a
                            thread = null;       // response handed over after this starts another)
                            return;
                        }
                    }
                    continue;
                }
                Dictionary dictionary = next.dictionary();
                writing.put(dictionary.hash(), dictionary);
                waiting.poll(); // only this thread takes: it is the one peeked
                try {
                    store.accept(dictionary, next.lifetime);
                } finally {
                    writing.remove(dictionary.hash());
                }
            }
        } catch (InterruptedException e) {
            // stopped: the application ends
        } finally {
            synchronized (this) {
                if (thread == Thread.currentThread()) { // also after an Error: the next response starts another
                    thread = null;
                }
            }
        }
    }

    /** Stops taking responses; what waits is written within a second, else dropped. */
    @Override
    public void close() throws InterruptedException {
        Thread running;
        synchronized (this) {
            closed = true;
            running = thread;
            notifyAll();
        }
        if (running != null) {
            running.join(1000);
            running.interrupt();
            running.join(1000);
        }
        int left = waiting.size();
        waiting.clear();
        if (left > 0) {
            dropped.addAndGet(left);
        }
    }
}
