package org.restcompress.internal.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.codec.ContentCodec;
import org.restcompress.dictionary.DictionaryStore;
import org.restcompress.dictionary.DictionaryStoreProvider;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.dictionary.MemoryDictionaryStore;
import org.restcompress.internal.dictionary.RecentDictionaries;
import org.restcompress.internal.dictionary.TrainingSamples;

/**
 * One application's compression dictionaries (RFC 9842): the store of responses sent as dictionaries, the shared
 * dictionaries by name and by hash, and the {@code dcz}/{@code dcb} codecs this runtime has (each needs the built-in
 * zstd or br codec). Made once per deployment.
 */
final class ServerDictionaries implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ServerDictionaries.class.getName());

    /**
     * A shared dictionary by name, configured or trained, and the URL patterns of the methods that announce it
     * (collected at deployment). A trained one has no dictionary until its first training, then a new version now and
     * then: only the newest ({@link #current}) is announced, the few before stay usable.
     */
    static final class Shared {
        final String name;
        final Set<String> patterns = ConcurrentHashMap.newKeySet();
        /** Where a trained one's samples go; {@code null} for a configured one. */
        final TrainingSamples samples;
        private volatile Dictionary current;
        /** Newest first; guarded by the {@link ServerDictionaries}. */
        private final Deque<Dictionary> versions = new ArrayDeque<>();

        Shared(String name, Dictionary dictionary, TrainingSamples samples) {
            this.name = name;
            this.current = dictionary;
            this.samples = samples;
            if (dictionary != null) {
                versions.add(dictionary);
            }
        }

        /** The dictionary announced now, or {@code null} (one not trained yet). */
        Dictionary current() {
            return current;
        }

        boolean trained() {
            return samples != null;
        }
    }

    /** One version of a shared dictionary, as a request names it by hash. */
    record Version(Shared shared, Dictionary dictionary) {
    }

    private final CompressionConfig config;
    private final ClassLoader loader;
    private final DictionaryStore store;
    /** Whether this made the store (from a location), and so ends it. */
    private final boolean ownsStore;
    private final DictionaryWriter writer = new DictionaryWriter(this::write);
    private final boolean trustedStore;
    private final Map<String, DictionaryCodec> codecs = new LinkedHashMap<>();
    private final List<String> formats;
    private final Map<String, Shared> byName = new ConcurrentHashMap<>();
    private final Map<String, Version> byHash = new ConcurrentHashMap<>();
    /** The trainer of {@code @TrainedDictionary} dictionaries; started by the first one. */
    private DictionaryTraining training;
    private final AtomicBoolean storeFailing = new AtomicBoolean();
    /** The last dictionaries the store gave: {@value #RECENT} of them, at most {@value #RECENT} times the largest. */
    private final RecentDictionaries recent;
    static final int RECENT = 8;

    ServerDictionaries(CompressionConfig config, CodecRegistry registry, ClassLoader loader) {
        this.config = config;
        this.recent = new RecentDictionaries(RECENT, Math.min(Long.MAX_VALUE / RECENT, config.dictionaryMaxSize())
                * RECENT);
        this.loader = loader;
        this.store = config.dictionaryStore().orElseGet(() -> config.dictionaryStoreLocation()
                .map(location -> provided(location, config.dictionaryMaxSize(), loader))
                .orElseGet(() -> new MemoryDictionaryStore(config.dictionaryStoreMaxBytes(),
                        config.dictionaryStoreMaxEntries())));
        this.ownsStore = config.dictionaryStore().isEmpty();
        // ours: what it returns needs no re-hash; else shared, and trained versions are published to it
        this.trustedStore = store instanceof MemoryDictionaryStore;
        for (DictionaryFormat format : preferred(config.preference())) {
            ContentCodec base = registry.find(format.base()).orElse(null);
            DictionaryCodec codec = DictionaryCodec.over(format, base, this::find);
            if (codec != null) {
                codecs.put(format.token(), codec);
            }
        }
        this.formats = List.copyOf(codecs.keySet());
        try {
            config.sharedDictionaries().forEach(this::addShared);
        } catch (RuntimeException e) { // the deployment fails: a store made here ends with it
            try {
                closeStore();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Reads a shared dictionary ({@code byte[]} content or a location) and files it by name and by hash. */
    private Shared addShared(String name, Object source) {
        Dictionary dictionary = Dictionary.reused(load(name, source, loader));
        Shared shared = new Shared(name, dictionary, null);
        byName.put(name, shared);
        byHash.put(dictionary.hash(), new Version(shared, dictionary));
        return shared;
    }

    /**
     * The trained dictionary {@code name}, made by the first method that names it; a name configured as a shared
     * dictionary is a deployment error, as is training without zstd.
     */
    synchronized Shared trained(String name, String method) {
        Shared shared = byName.get(name);
        if (shared != null && !shared.trained()
                || config.codecSetting(ConfigKeys.SHARED_DICTIONARY_PREFIX + name) != null) {
            throw new IllegalStateException("rest-compress: " + method + " trains the dictionary '" + name + "', "
                    + "which is also configured as a shared dictionary (" + ConfigKeys.SHARED_DICTIONARY_PREFIX + name
                    + "): give one of them another name");
        }
        if (!Dictionary.isName(name)) {
            throw new IllegalStateException("rest-compress: " + method + ": a trained dictionary's name is "
                    + Dictionary.NAME_RULE + ", was '" + name + "'");
        }
        if (!trustedStore && config.dictionaryMaxSize() < config.training().dictionarySize()) {
            throw new IllegalStateException("rest-compress: " + method + " trains the dictionary '" + name + "' of up "
                    + "to " + config.training().dictionarySize() + " bytes (" + ConfigKeys.TRAINING_DICTIONARY_SIZE
                    + "), which the shared store would refuse: " + ConfigKeys.DICTIONARY_MAX_SIZE + " is "
                    + config.dictionaryMaxSize());
        }
        if (shared == null) {
            shared = new Shared(name, null, new TrainingSamples(config.training().samples()));
            byName.put(name, shared);
            if (training == null) {
                training = new DictionaryTraining(this, config.training(), !trustedStore ? store : null);
            }
            training.add(shared);
        }
        return shared;
    }

    /** A complete response of a method training {@code shared}, copied because its samples wanted it. */
    void sampled(Shared shared, String target, byte[] body) {
        DictionaryTraining trainer;
        synchronized (this) {
            trainer = training;
        }
        trainer.sampled(shared, target, body);
    }

    /**
     * Makes {@code dictionary} the version of {@code shared} announced from now on; the oldest beyond
     * {@code restcompress.training.versions} is forgotten. Returns whether it was new here.
     */
    synchronized boolean adopt(Shared shared, Dictionary dictionary) {
        Dictionary current = shared.current;
        if (current != null && current.hash().equals(dictionary.hash())) {
            return false;
        }
        Version known = byHash.get(dictionary.hash());
        Dictionary version = known != null && known.shared() == shared ? known.dictionary() : dictionary;
        shared.versions.remove(version);
        shared.versions.addFirst(version);
        byHash.put(version.hash(), new Version(shared, version));
        while (shared.versions.size() > config.training().versions()) {
            Dictionary oldest = shared.versions.removeLast();
            byHash.remove(oldest.hash(), new Version(shared, oldest));
            oldest.retire(); // its prepared forms end with the last response encoded against it
        }
        shared.current = version;
        return true;
    }

    /** The hashes of the versions of {@code shared} still usable, newest first. */
    synchronized List<String> versions(Shared shared) {
        List<String> hashes = new ArrayList<>();
        shared.versions.forEach(d -> hashes.add(d.hash()));
        return hashes;
    }

    /** Ends the store, if this made it (from a location). */
    private void closeStore() throws Exception {
        if (ownsStore && store instanceof AutoCloseable) {
            ((AutoCloseable) store).close();
        }
    }

    /** The store a provider on the class path makes for {@code location}; none is a deployment error. */
    private static DictionaryStore provided(URI location, long maxEntrySize, ClassLoader loader) {
        for (DictionaryStoreProvider provider : ServiceLoader.load(DictionaryStoreProvider.class, loader)) {
            if (provider.supports(location)) {
                DictionaryStore store = provider.create(location, maxEntrySize);
                LOG.log(System.Logger.Level.INFO, "rest-compress: dictionary store " + store);
                return store;
            }
        }
        throw new IllegalArgumentException(ConfigKeys.DICTIONARY_STORE + "=" + location + ": no dictionary store "
                + "provider on the class path knows '" + location.getScheme() + "' (for redis://, add rest-compress-redis)");
    }

    /** {@code dcz} before {@code dcb} (zstd is the faster), unless the preference lists them otherwise. */
    private static List<DictionaryFormat> preferred(List<String> preference) {
        List<DictionaryFormat> order = new ArrayList<>();
        for (String token : preference) {
            DictionaryFormat format = DictionaryFormat.of(token);
            if (format != null && !order.contains(format)) {
                order.add(format);
            }
        }
        for (DictionaryFormat format : DictionaryFormat.values()) {
            if (!order.contains(format)) {
                order.add(format);
            }
        }
        return order;
    }

    private static byte[] load(String name, Object source, ClassLoader loader) {
        if (source instanceof byte[]) {
            return (byte[]) source;
        }
        String location = source.toString();
        String key = ConfigKeys.SHARED_DICTIONARY_PREFIX + name;
        try {
            if (location.startsWith("classpath:")) {
                String resource = location.substring("classpath:".length()).replaceFirst("^/+", "");
                try (InputStream in = loader.getResourceAsStream(resource)) {
                    if (in == null) {
                        throw new IllegalArgumentException(key + ": no resource " + resource + " on the classpath");
                    }
                    return in.readAllBytes();
                }
            }
            return Files.readAllBytes(Path.of(location));
        } catch (IOException e) {
            throw new IllegalArgumentException(key + ": cannot read " + location + ": " + e, e);
        }
    }

    /** The dictionary codings this runtime has, most preferred first (empty without zstd and br). */
    List<String> formats() {
        return formats;
    }

    DictionaryCodec codec(String token) {
        return codecs.get(token);
    }

    /** Whether {@code dictionary} is one of the shared dictionaries (else an earlier response: a delta). */
    boolean isShared(Dictionary dictionary) {
        Version version = byHash.get(dictionary.hash());
        return version != null && version.dictionary() == dictionary;
    }

    /** A shared dictionary or a kept response with this hash, or {@code null}. */
    Dictionary find(String hash) {
        Version version = byHash.get(hash);
        if (version != null) {
            return version.dictionary();
        }
        Dictionary handedOver = writer.find(hash);
        if (handedOver != null) {
            return handedOver;
        }
        Dictionary recent = this.recent.get(hash);
        if (recent != null) {
            return recent;
        }
        byte[] content;
        try {
            content = store.get(hash);
            storeWorks();
        } catch (RuntimeException e) {
            storeFailed(e);
            return null;
        }
        if (content == null) {
            return null;
        }
        // in our own store its hash is the key it was kept under
        Dictionary found = trustedStore ? Dictionary.of(content) : Dictionary.verified(hash, content);
        if (found != null) {
            this.recent.put(found);
        }
        return found;
    }

    /** The shared dictionary configured under {@code name}; a deployment naming an unknown one fails, saying so. */
    Shared shared(String name, String method) {
        Shared shared = byName.get(name);
        if (shared != null && shared.trained()) {
            throw new IllegalStateException("rest-compress: " + method + " uses the shared dictionary '" + name
                    + "', which another method trains (@TrainedDictionary): name it there, or give one another name");
        }
        Object location = shared == null ? config.codecSetting(ConfigKeys.SHARED_DICTIONARY_PREFIX + name) : null;
        if (location != null) { // a key its configuration could not list (CompressionConfig.from(Function))
            shared = addShared(name, location.toString().trim());
        }
        if (shared == null) {
            throw new IllegalStateException("rest-compress: " + method + " uses the shared dictionary '" + name
                    + "', which is not configured: set " + ConfigKeys.SHARED_DICTIONARY_PREFIX + name
                    + "=classpath:<resource> (or a file path), or CompressionConfig.builder().sharedDictionary(...)");
        }
        return shared;
    }

    Version sharedByHash(String hash) {
        return byHash.get(hash);
    }

    boolean hasShared() {
        return !byName.isEmpty();
    }

    /** Keeps a complete response's content as a dictionary, off the response path ({@link DictionaryWriter}). */
    void keep(byte[] content, Duration lifetime) {
        writer.submit(content, lifetime);
    }

    /** Writes a dictionary to the store, in the writer's thread; a failing store costs only the delta. */
    private void write(Dictionary dictionary, Duration lifetime) {
        try {
            store.put(dictionary.hash(), dictionary.content(), lifetime);
            storeWorks();
        } catch (RuntimeException e) {
            storeFailed(e);
        }
    }

    /** A failing store is said once, not on every request, and its recovery once too. */
    private void storeFailed(RuntimeException e) {
        if (storeFailing.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: the dictionary store fails (" + e
                    + "); responses go out in their ordinary coding until it works again");
        }
    }

    private void storeWorks() {
        if (storeFailing.get() && storeFailing.compareAndSet(true, false)) {
            LOG.log(System.Logger.Level.INFO, "rest-compress: the dictionary store works again");
        }
    }

    /** Training stops, the writer ends (what waits is written within a second), then the store this made. */
    @Override
    public void close() throws Exception {
        try {
            DictionaryTraining trainer;
            synchronized (this) {
                trainer = training;
            }
            try {
                if (trainer != null) {
                    trainer.close();
                }
            } finally {
                writer.close();
            }
        } finally {
            recent.clear();
            byHash.values().forEach(version -> version.dictionary().retire());
            closeStore();
        }
    }

    long maxSize() {
        return config.dictionaryMaxSize();
    }

    boolean crossOrigin() {
        return config.dictionaryCrossOrigin();
    }

    String path() {
        return config.dictionaryPath();
    }
}
