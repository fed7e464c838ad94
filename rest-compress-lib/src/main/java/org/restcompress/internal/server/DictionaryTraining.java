package org.restcompress.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.codec.ContentCodec;
import org.restcompress.dictionary.DictionaryStore;
import org.restcompress.dictionary.DictionaryTrainer;
import org.restcompress.internal.dictionary.CommonStrings;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;

/**
 * Trains the {@code @TrainedDictionary} dictionaries of one application, on one thread of its own at the lowest
 * priority (never a request's): every {@value #TICK_MILLIS} ms it looks at each dictionary in turn. It takes a newer
 * version another instance published to the shared store; measures what the current version saves on the live
 * responses sampled since (against zstd alone); and trains when one is due: the first once enough responses were
 * sampled, then after the period, or when the saving has fallen by a fifth (on the responses sampled after the fall:
 * those before it are what the current version already knows). A training keeps only what
 * {@link CommonStrings} lets through, is limited to {@value #TIME_LIMIT_SECONDS} s, and is published to the shared
 * store, where there is one, by the instance holding the lease. The thread starts with the first response sampled (at
 * deployment with a shared store, to take what other instances publish) and ends with the application.
 */
final class DictionaryTraining implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(DictionaryTraining.class.getName());
    static final long TICK_MILLIS = 1000;
    static final long TIME_LIMIT_SECONDS = 30;
    /** A dictionary smaller than this after the K rule is not worth announcing: training waits for more samples. */
    static final int MIN_DICTIONARY = 256;
    /** The saving on live responses that, fallen below this share of the first one measured, calls for training. */
    static final double DRIFT = 0.8;

    /** What one dictionary's training needs besides its samples. */
    private static final class Trained {
        final ServerDictionaries.Shared shared;
        /** Sampled responses since the current version came, for measuring it; newest dropped when full. */
        final BlockingQueue<byte[]> recent = new ArrayBlockingQueue<>(64);
        long since = System.nanoTime();
        long plainBytes;
        long dictionaryBytes;
        int measured;
        double firstSaving = Double.NaN;
        boolean drifted;
        /** The newest version's hash this instance saw in the shared store, or published there. */
        String lastPointer;

        Trained(ServerDictionaries.Shared shared) {
            this.shared = shared;
        }

        /** Its records' key in the shared store ({@link #storeKey}), of the methods bound to it by now. */
        String key() {
            return storeKey(shared.name, shared.patterns);
        }

        void reset() {
            since = System.nanoTime();
            plainBytes = 0;
            dictionaryBytes = 0;
            measured = 0;
            firstSaving = Double.NaN;
            drifted = false;
        }
    }

    private final ServerDictionaries dictionaries;
    private final CompressionConfig.Training settings;
    /** The store shared with other instances, or {@code null}: this instance alone. */
    private final DictionaryStore shared;
    private final String instance = UUID.randomUUID().toString();
    private final List<Trained> trained = new CopyOnWriteArrayList<>();
    /**
     * Started with the first sample (at once with a shared store, whose versions other instances publish): an
     * application whose trained methods are never called runs no trainer.
     */
    private Thread thread;
    private volatile boolean closed;

    DictionaryTraining(ServerDictionaries dictionaries, CompressionConfig.Training settings, DictionaryStore shared) {
        this.dictionaries = dictionaries;
        this.settings = settings;
        this.shared = shared;
        if (shared != null) {
            start(); // from deployment on, it takes the versions other instances published, sampling or not
        }
    }

    /** Starts the thread, once, unless the application stopped. */
    private synchronized void start() {
        if (thread != null || closed) {
            return;
        }
        // the thread holds this only while it works: an application no lifecycle hook stops (Quarkus REST, an
        // embedded server not ended) is still collected, and the thread then ends with it
        WeakReference<DictionaryTraining> owner = new WeakReference<>(this);
        // none of the starting request's inheritable thread-locals: the thread lives as long as the application
        thread = new Thread(null, () -> run(owner), "rest-compress-training", 0, false);
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    void add(ServerDictionaries.Shared dictionary) {
        trained.add(new Trained(dictionary));
    }

    /** A sampled response, complete: into the samples, and measured against the current version. */
    void sampled(ServerDictionaries.Shared dictionary, String target, byte[] body) {
        start();
        dictionary.samples.offer(target, body);
        if (dictionary.current() != null) {
            for (Trained t : trained) {
                if (t.shared == dictionary) {
                    t.recent.offer(body);
                }
            }
        }
    }

    private static void run(WeakReference<DictionaryTraining> owner) {
        while (true) {
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            DictionaryTraining training = owner.get();
            if (training == null || !training.tick()) {
                return;
            }
        }
    }

    /** One look at each dictionary; whether to go on. */
    private boolean tick() {
        for (Trained t : trained) {
            if (closed) {
                return false;
            }
            try {
                step(t);
            } catch (RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: training the dictionary '" + t.shared.name
                        + "' failed (" + e + "); the current version stays", e);
            }
        }
        return !closed;
    }

    private void step(Trained t) {
        if (shared != null) {
            takePublished(t);
        }
        measure(t);
        ServerDictionaries.Shared dictionary = t.shared;
        boolean due;
        String why;
        if (dictionary.current() == null) {
            due = dictionary.samples.full();
            why = "first";
        } else {
            boolean periodOver = !settings.period().isZero()
                    && System.nanoTime() - t.since >= settings.period().toNanos();
            due = (periodOver || t.drifted) && dictionary.samples.full();
            why = t.drifted ? "its saving fell" : "period";
        }
        if (!due) {
            return;
        }
        if (shared != null && !shared.putIfAbsent(t.key() + LEASE,
                instance.getBytes(StandardCharsets.US_ASCII), Duration.ofSeconds(2 * TIME_LIMIT_SECONDS))) {
            return; // another instance trains it, and publishes it to the store, where this one takes it
        }
        train(t, why);
    }

    /** Takes the version another instance published, if newer than this one's. */
    private void takePublished(Trained t) {
        byte[] pointer = shared.get(t.key());
        if (pointer == null) {
            return;
        }
        String hash = new String(pointer, StandardCharsets.US_ASCII).trim();
        Dictionary current = t.shared.current();
        if (hash.equals(t.lastPointer) || current != null && current.hash().equals(hash)) {
            return; // not newer than what this instance has seen or published: never a step back
        }
        Dictionary published = Dictionary.verified(hash, shared.get(hash));
        if (published != null) {
            Dictionary reused = Dictionary.reused(published.content());
            t.lastPointer = hash;
            if (dictionaries.adopt(t.shared, reused)) {
                t.reset();
                LOG.log(System.Logger.Level.INFO, "rest-compress: dictionary '" + t.shared.name + "' version "
                        + hash + " (" + reused.content().length + " bytes) taken from the store");
            }
        }
    }

    /** Trains on the samples taken, keeps what K responses share, and makes it the current version. */
    void train(Trained t, String why) {
        List<byte[]> samples = t.shared.samples.take();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(TIME_LIMIT_SECONDS);
        byte[] raw;
        try {
            raw = DictionaryTrainer.train(samples, settings.dictionarySize());
        } catch (IllegalArgumentException e) {
            LOG.log(System.Logger.Level.INFO, "rest-compress: dictionary '" + t.shared.name + "' not trained on "
                    + samples.size() + " samples (" + e.getMessage() + "); sampling goes on");
            return;
        }
        byte[] content = CommonStrings.of(raw, samples, settings.minOccurrences(), settings.dictionarySize(),
                () -> closed || System.nanoTime() - deadline > 0);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (content == null) {
            if (closed) {
                return;
            }
            LOG.log(System.Logger.Level.WARNING, "rest-compress: training the dictionary '" + t.shared.name
                    + "' took more than " + TIME_LIMIT_SECONDS + " s and was given up; sampling goes on");
            return;
        }
        if (content.length < MIN_DICTIONARY) {
            LOG.log(System.Logger.Level.INFO, "rest-compress: dictionary '" + t.shared.name + "': only "
                    + content.length + " bytes of " + samples.size() + " samples are held by at least "
                    + settings.minOccurrences() + " of them (" + ConfigKeys.TRAINING_MIN_OCCURRENCES
                    + "); not announced, sampling goes on");
            return;
        }
        Dictionary dictionary = Dictionary.reused(content);
        if (shared != null) {
            publish(t, dictionary);
        }
        dictionaries.adopt(t.shared, dictionary);
        t.reset();
        LOG.log(System.Logger.Level.INFO, "rest-compress: dictionary '" + t.shared.name + "' trained (" + why
                + ") on " + samples.size() + " responses in " + millis + " ms: " + content.length + " bytes held by "
                + "at least " + settings.minOccurrences() + " of them, of " + raw.length + " trained; version "
                + dictionary.hash());
    }

    /**
     * Puts the version in the shared store and, once the store has it, names it the newest there; a store that did
     * not keep it (down, or refusing its size) is said, and this instance alone uses it until the next version.
     */
    private void publish(Trained t, Dictionary dictionary) {
        Duration keep = settings.period().isZero() ? Duration.ofDays(30)
                : settings.period().multipliedBy(settings.versions()).plusDays(1);
        t.lastPointer = dictionary.hash();
        shared.put(dictionary.hash(), dictionary.content(), keep);
        if (shared.get(dictionary.hash()) == null) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: the shared store did not keep version "
                    + dictionary.hash() + " of the dictionary '" + t.shared.name + "'; this instance uses it alone, "
                    + "the others keep theirs until the next version");
            return;
        }
        shared.put(t.key(), dictionary.hash().getBytes(StandardCharsets.US_ASCII), keep);
    }

    /** What the current version saves on the responses sampled since it came, against zstd alone. */
    private void measure(Trained t) {
        Dictionary current = t.shared.current();
        List<byte[]> bodies = new ArrayList<>();
        t.recent.drainTo(bodies);
        DictionaryCodec dcz = dictionaries.codec("dcz");
        if (current == null || bodies.isEmpty() || dcz == null) {
            return;
        }
        ContentCodec alone = dcz.base();
        ContentCodec with = dcz.bound(current);
        for (byte[] body : bodies) {
            t.plainBytes += size(alone, body);
            t.dictionaryBytes += size(with, body);
            t.measured++;
        }
        int window = Math.max(16, settings.samples() / 4);
        if (t.measured < window) {
            return;
        }
        double saving = 1 - (double) t.dictionaryBytes / Math.max(1, t.plainBytes);
        if (Double.isNaN(t.firstSaving)) {
            t.firstSaving = saving;
            LOG.log(System.Logger.Level.INFO, String.format(java.util.Locale.ROOT, "rest-compress: dictionary '%s' "
                    + "saves %.0f %% of zstd's bytes on %d live responses", t.shared.name, 100 * saving, t.measured));
        } else if (saving < DRIFT * t.firstSaving && !t.drifted) {
            t.drifted = true;
            t.shared.samples.take(); // the responses changed: the next version learns from those sampled from now on
            LOG.log(System.Logger.Level.INFO, String.format(java.util.Locale.ROOT, "rest-compress: dictionary '%s' "
                    + "now saves %.0f %% (first %.0f %%): training again", t.shared.name, 100 * saving,
                    100 * t.firstSaving));
        }
        t.plainBytes = 0;
        t.dictionaryBytes = 0;
        t.measured = 0;
    }

    private static long size(ContentCodec codec, byte[] body) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream(body.length / 2 + 64);
        try (OutputStream out = codec.encode(sink)) {
            out.write(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return sink.size();
    }

    /** The suffix of the key of the lease that lets one instance of several train a version. */
    static final String LEASE = ":lease";

    /**
     * Where a shared store keeps the hash of the newest version of the dictionary {@code name} that the methods of
     * {@code patterns} train: {@code trained:<name>:<scope>}, the scope the first 16 hex digits of the SHA-256 of those
     * URL patterns (relative to the application, as {@code DictionaryUse} makes them), sorted. Every instance of one
     * application agrees on it; applications whose training methods have other paths never meet under one name, so
     * neither takes the other's versions (and with them strings common to its responses).
     */
    static String storeKey(String name, Collection<String> patterns) {
        String scope = String.join("\n", new TreeSet<>(patterns));
        return "trained:" + name + ":" + Dictionary.hex(Dictionary.sha256(scope.getBytes(StandardCharsets.UTF_8)))
                .substring(0, 16);
    }

    /** Stops the thread; a training under way is abandoned (its native part ends by itself, its result unused). */
    @Override
    public void close() throws InterruptedException {
        Thread running;
        synchronized (this) {
            closed = true;
            running = thread;
        }
        if (running != null) {
            running.interrupt();
            running.join(TimeUnit.SECONDS.toMillis(10)); // a native training under way ends by itself, unused
        }
    }
}
