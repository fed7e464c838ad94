package org.restcompress.spring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The library's {@code restcompress.*} keys as Spring configuration properties: bound from
 * {@code application.properties}, YAML, profiles and environment variables with Spring's relaxed names, each typed
 * (a malformed value fails the start naming its key), then checked by the library as on every other runtime (a value
 * out of range fails likewise). A key left unset keeps the library's default. Sizes take the library's spellings
 * as on every runtime ({@code 10M}, {@code 64K}, {@code 64KiB}) and Spring's ({@code 10MB}); powers of 1024.
 */
@ConfigurationProperties(prefix = "restcompress")
public class RestCompressProperties {

    /**
     * Server: codings by preference, auto first for the link-aware choice (default auto, zstd, lz4, lzf, br, gzip,
     * deflate); a list without auto pins that order. Client: the Accept-Encoding order.
     */
    private List<String> preference;
    /** When the client says how fast its link is (Downlink), and to whom the library's client says it. */
    private final Auto auto = new Auto();
    /** Client: to which origins requests carry Downlink (default when-asked: those that sent Accept-CH: Downlink). */
    private CompressionConfig.DownlinkHint downlinkHint;
    /** Bodies shorter than this are sent unencoded (default 1KB). */
    private DataSize threshold;
    /** Response media types never encoded; wildcards allowed (default: images, audio, video, archives, fonts). */
    private List<String> excludedMediaTypes;
    /** Largest decoded request body: beyond it, 413 (default 10MB). */
    private DataSize maxDecodedSize;
    /** Most codings one body may stack, 1 to 100: beyond it, 415 (default 3). */
    private Integer maxCodings;
    /** Client: the coding of request bodies (default identity). */
    private String requestCoding;
    /** Largest growth of a decoded body over its coded size, after 64 KB: beyond it, 413 (default 0: off). */
    private Integer maxExpansionRatio;
    /** Development only: the Compression-Decision header on every response of an annotated method. */
    private Boolean debug;
    /** Client side: the formats it has readers for, offered in Accept at the same q (default none). */
    private List<String> acceptFormats;
    /** Whether encoded bodies that repeat are kept and served again. */
    private final EncodeOnce encodeOnce = new EncodeOnce();
    /** Where responses kept as dictionaries live and how shared dictionaries are served. */
    private final Dictionary dictionary = new Dictionary();
    /** Shared dictionaries for @SharedDictionary("name"), by name: classpath:resource or a file path. */
    private Map<String, String> sharedDictionary = new LinkedHashMap<>();
    /** How @TrainedDictionary methods train their dictionaries. */
    private final Training training = new Training();
    /** gzip's settings. */
    private final Gzip gzip = new Gzip();
    /** deflate's settings. */
    private final Deflate deflate = new Deflate();
    /** zstd's settings. */
    private final Zstd zstd = new Zstd();
    /** brotli's settings. */
    private final Br br = new Br();
    /** LZF's settings. */
    private final Lzf lzf = new Lzf();
    /** LZ4's settings. */
    private final Lz4 lz4 = new Lz4();

    /**
     * The keys that are set, by the library's names ({@code restcompress.max-decoded-size}), their values in the
     * library's syntax: what {@link CompressionConfig#builder(Map)} reads.
     *
     * @return the keys set, by name
     */
    public Map<String, Object> keys() {
        Keys k = new Keys();
        k.list(ConfigKeys.PREFERENCE, preference);
        k.put(ConfigKeys.AUTO_LINK_SPEED, auto.linkSpeed);
        k.put(ConfigKeys.AUTO_FORMATS, auto.formats);
        k.list(ConfigKeys.ACCEPT_FORMATS, acceptFormats);
        k.put(ConfigKeys.DOWNLINK_HINT, downlinkHint == null ? null : downlinkHint.token());
        k.size(ConfigKeys.THRESHOLD, threshold);
        k.list(ConfigKeys.EXCLUDED_MEDIA_TYPES, excludedMediaTypes);
        k.size(ConfigKeys.MAX_DECODED_SIZE, maxDecodedSize);
        k.put(ConfigKeys.MAX_CODINGS, maxCodings);
        k.put(ConfigKeys.REQUEST_CODING, requestCoding);
        k.put(ConfigKeys.MAX_EXPANSION_RATIO, maxExpansionRatio);
        k.put(ConfigKeys.DEBUG, debug);
        k.put(ConfigKeys.ENCODE_ONCE, encodeOnce.mode);
        k.size(ConfigKeys.ENCODE_ONCE_MAX_BYTES, encodeOnce.maxBytes);
        k.put(ConfigKeys.DICTIONARY_STORE, dictionary.store);
        k.size(ConfigKeys.DICTIONARY_STORE_MAX_BYTES, dictionary.storeMaxBytes);
        k.put(ConfigKeys.DICTIONARY_STORE_MAX_ENTRIES, dictionary.storeMaxEntries);
        k.size(ConfigKeys.DICTIONARY_MAX_SIZE, dictionary.maxSize);
        k.put(ConfigKeys.DICTIONARY_CROSS_ORIGIN, dictionary.crossOrigin);
        k.put(ConfigKeys.DICTIONARY_PATH, dictionary.path);
        sharedDictionary.forEach((name, location) -> k.put(ConfigKeys.SHARED_DICTIONARY_PREFIX + name, location));
        k.put(ConfigKeys.TRAINING_SAMPLES, training.samples);
        k.put(ConfigKeys.TRAINING_MIN_OCCURRENCES, training.minOccurrences);
        k.size(ConfigKeys.TRAINING_DICTIONARY_SIZE, training.dictionarySize);
        k.put(ConfigKeys.TRAINING_PERIOD, training.period == null ? null
                : training.period.isZero() ? "none" : training.period.getSeconds() + "s");
        k.put(ConfigKeys.TRAINING_VERSIONS, training.versions);
        k.put(ConfigKeys.codecKey("gzip", "level"), gzip.level);
        k.put(ConfigKeys.codecKey("gzip", "padding"), gzip.padding);
        k.put(ConfigKeys.codecKey("deflate", "level"), deflate.level);
        k.put(ConfigKeys.codecKey("zstd", "level"), zstd.level);
        k.put(ConfigKeys.codecKey("zstd", "window-log"), zstd.windowLog);
        k.put(ConfigKeys.codecKey("zstd", "event-window-log"), zstd.eventWindowLog);
        k.put(ConfigKeys.codecKey("zstd", "event-hash-log"), zstd.eventHashLog);
        k.put(ConfigKeys.codecKey("br", "quality"), br.quality);
        k.put(ConfigKeys.codecKey("br", "window"), br.window);
        k.put(ConfigKeys.codecKey("br", "event-window"), br.eventWindow);
        k.put(ConfigKeys.codecKey("lzf", "event-chunk-size"), lzf.eventChunkSize);
        k.put(ConfigKeys.codecKey("lz4", "block-size"), lz4.blockSize == null ? null : units(lz4.blockSize.toBytes()));
        return k.keys;
    }

    /** {@code bytes} in the library's units where they divide it (LZ4's block sizes are read only as 64K to 4M). */
    private static String units(long bytes) {
        return bytes > 0 && bytes % (1 << 20) == 0 ? (bytes >> 20) + "M"
                : bytes > 0 && bytes % 1024 == 0 ? (bytes >> 10) + "K" : Long.toString(bytes);
    }

    /** The set keys, in the library's syntax. */
    private static final class Keys {
        final Map<String, Object> keys = new LinkedHashMap<>();

        void put(String key, Object value) {
            if (value != null) {
                keys.put(key, value.toString());
            }
        }

        void list(String key, List<String> values) {
            if (values != null) {
                keys.put(key, String.join(", ", values));
            }
        }

        void size(String key, DataSize size) {
            if (size != null) {
                keys.put(key, Long.toString(size.toBytes()));
            }
        }
    }

    /**
     * {@return server: codings by preference, auto first for the link-aware choice (default auto, zstd, lz4, lzf, br,
     * gzip, deflate); a list without auto pins that order. Client: the Accept-Encoding order}
     */
    public List<String> getPreference() {
        return preference;
    }

    /**
     * Sets {@link #getPreference()}.
     *
     * @param preference the value; {@code null} keeps the library's default
     */
    public void setPreference(List<String> preference) {
        this.preference = preference;
    }

    /** {@return when the client says how fast its link is (Downlink), and to whom the library's client says it} */
    public Auto getAuto() {
        return auto;
    }

    /**
     * {@return client: to which origins requests carry Downlink (default when-asked: those that sent Accept-CH:
     * Downlink)}
     */
    public CompressionConfig.DownlinkHint getDownlinkHint() {
        return downlinkHint;
    }

    /**
     * Sets {@link #getDownlinkHint()}.
     *
     * @param downlinkHint the value; {@code null} keeps the library's default
     */
    public void setDownlinkHint(CompressionConfig.DownlinkHint downlinkHint) {
        this.downlinkHint = downlinkHint;
    }

    /** {@return bodies shorter than this are sent unencoded (default 1KB)} */
    public DataSize getThreshold() {
        return threshold;
    }

    /**
     * Sets {@link #getThreshold()}.
     *
     * @param threshold the value; {@code null} keeps the library's default
     */
    public void setThreshold(DataSize threshold) {
        this.threshold = threshold;
    }

    /**
     * {@return response media types never encoded; wildcards allowed (default: images, audio, video, archives, fonts)}
     */
    public List<String> getExcludedMediaTypes() {
        return excludedMediaTypes;
    }

    /**
     * Sets {@link #getExcludedMediaTypes()}.
     *
     * @param excludedMediaTypes the value; {@code null} keeps the library's default
     */
    public void setExcludedMediaTypes(List<String> excludedMediaTypes) {
        this.excludedMediaTypes = excludedMediaTypes;
    }

    /** {@return largest decoded request body: beyond it, 413 (default 10MB)} */
    public DataSize getMaxDecodedSize() {
        return maxDecodedSize;
    }

    /**
     * Sets {@link #getMaxDecodedSize()}.
     *
     * @param maxDecodedSize the value; {@code null} keeps the library's default
     */
    public void setMaxDecodedSize(DataSize maxDecodedSize) {
        this.maxDecodedSize = maxDecodedSize;
    }

    /** {@return most codings one body may stack, 1 to 100: beyond it, 415 (default 3)} */
    public Integer getMaxCodings() {
        return maxCodings;
    }

    /**
     * Sets {@link #getMaxCodings()}.
     *
     * @param maxCodings the value; {@code null} keeps the library's default
     */
    public void setMaxCodings(Integer maxCodings) {
        this.maxCodings = maxCodings;
    }

    /** {@return client: the coding of request bodies (default identity)} */
    public String getRequestCoding() {
        return requestCoding;
    }

    /**
     * Sets {@link #getRequestCoding()}.
     *
     * @param requestCoding the value; {@code null} keeps the library's default
     */
    public void setRequestCoding(String requestCoding) {
        this.requestCoding = requestCoding;
    }

    /** {@return largest growth of a decoded body over its coded size, after 64 KB: beyond it, 413 (default 0: off)} */
    public Integer getMaxExpansionRatio() {
        return maxExpansionRatio;
    }

    /**
     * Sets {@link #getMaxExpansionRatio()}.
     *
     * @param maxExpansionRatio the value; {@code null} keeps the library's default
     */
    public void setMaxExpansionRatio(Integer maxExpansionRatio) {
        this.maxExpansionRatio = maxExpansionRatio;
    }

    /** {@return development only: the Compression-Decision header on every response of an annotated method} */
    public Boolean getDebug() {
        return debug;
    }

    /**
     * Sets {@link #getDebug()}.
     *
     * @param debug the value; {@code null} keeps the library's default
     */
    public void setDebug(Boolean debug) {
        this.debug = debug;
    }

    /** {@return client side: the formats it has readers for, offered in Accept at the same q (default none)} */
    public List<String> getAcceptFormats() {
        return acceptFormats;
    }

    /**
     * Sets {@link #getAcceptFormats()}.
     *
     * @param acceptFormats the value; {@code null} keeps the library's default
     */
    public void setAcceptFormats(List<String> acceptFormats) {
        this.acceptFormats = acceptFormats;
    }

    /** {@return where responses kept as dictionaries live and how shared dictionaries are served} */
    public Dictionary getDictionary() {
        return dictionary;
    }

    /**
     * {@return whether encoded bodies that repeat are kept and served again}
     */
    public EncodeOnce getEncodeOnce() {
        return encodeOnce;
    }

    /** {@return shared dictionaries for @SharedDictionary("name"), by name: classpath:resource or a file path} */
    public Map<String, String> getSharedDictionary() {
        return sharedDictionary;
    }

    /**
     * Sets {@link #getSharedDictionary()}.
     *
     * @param sharedDictionary the value; {@code null} keeps the library's default
     */
    public void setSharedDictionary(Map<String, String> sharedDictionary) {
        this.sharedDictionary = sharedDictionary;
    }

    /** {@return how @TrainedDictionary methods train their dictionaries} */
    public Training getTraining() {
        return training;
    }

    /** {@return gzip's settings} */
    public Gzip getGzip() {
        return gzip;
    }

    /** {@return deflate's settings} */
    public Deflate getDeflate() {
        return deflate;
    }

    /** {@return zstd's settings} */
    public Zstd getZstd() {
        return zstd;
    }

    /** {@return brotli's settings} */
    public Br getBr() {
        return br;
    }

    /** {@return lZF's settings} */
    public Lzf getLzf() {
        return lzf;
    }

    /** {@return lZ4's settings} */
    public Lz4 getLz4() {
        return lz4;
    }

    /** {@code restcompress.auto.*}. */
    public static class Auto {
        /**
         * A link speed to assume for clients that send no Downlink (100mbit, 1gbit; powers of 1000), or none (the
         * default): such clients get the listed order.
         */
        private String linkSpeed;
        /**
         * With preference auto: a client naming several of a method's formats at the same q, and its link's speed,
         * gets the one soonest delivered and parsed (default false).
         */
        private Boolean formats;

        /**
         * {@return with preference auto: a client naming several of a method's formats at the same q, and its link's
         * speed, gets the one soonest delivered and parsed (default false)}
         */
        public Boolean getFormats() {
            return formats;
        }

        /**
         * Sets {@link #getFormats()}.
         *
         * @param formats the value; {@code null} keeps the library's default
         */
        public void setFormats(Boolean formats) {
            this.formats = formats;
        }

        /**
         * {@return a link speed to assume for clients that send no Downlink (100mbit, 1gbit; powers of 1000), or none
         * (the default): such clients get the listed order}
         */
        public String getLinkSpeed() {
            return linkSpeed;
        }

        /**
         * Sets {@link #getLinkSpeed()}.
         *
         * @param linkSpeed the value; {@code null} keeps the library's default
         */
        public void setLinkSpeed(String linkSpeed) {
            this.linkSpeed = linkSpeed;
        }
    }

    /** {@code restcompress.encode-once.*}. */
    public static class EncodeOnce {
        /** never (default), shared (responses any client may be sent) or always: for methods that do not say. */
        private String mode;
        /** Bytes kept, bodies and encoded forms together (default 32MB). */
        private DataSize maxBytes;

        /** {@return never (default), shared (responses any client may be sent) or always: for methods that do not say} */
        public String getMode() {
            return mode;
        }

        /**
         * Sets {@link #getMode()}.
         *
         * @param mode the value; {@code null} keeps the library's default
         */
        public void setMode(String mode) {
            this.mode = mode;
        }

        /** {@return bytes kept, bodies and encoded forms together (default 32MB)} */
        public DataSize getMaxBytes() {
            return maxBytes;
        }

        /**
         * Sets {@link #getMaxBytes()}.
         *
         * @param maxBytes the value; {@code null} keeps the library's default
         */
        public void setMaxBytes(DataSize maxBytes) {
            this.maxBytes = maxBytes;
        }
    }

    /** {@code restcompress.dictionary.*}. */
    public static class Dictionary {
        /** A store shared by every instance, such as redis://host:6379 (needs rest-compress-redis); default memory. */
        private String store;
        /** Content bytes the in-memory store keeps at most (default 32MB). */
        private DataSize storeMaxBytes;
        /** Responses the in-memory store keeps at most (default 1000). */
        private Integer storeMaxEntries;
        /** Largest response kept as a dictionary (default 1MB). */
        private DataSize maxSize;
        /** Whether cross-origin requests may get dictionary-compressed responses (default false). */
        private Boolean crossOrigin;
        /** Where shared dictionaries are served, under the application's base (default compression-dictionaries). */
        private String path;

        /**
         * {@return a store shared by every instance, such as redis://host:6379 (needs rest-compress-redis); default
         * memory}
         */
        public String getStore() {
            return store;
        }

        /**
         * Sets {@link #getStore()}.
         *
         * @param store the value; {@code null} keeps the library's default
         */
        public void setStore(String store) {
            this.store = store;
        }

        /** {@return content bytes the in-memory store keeps at most (default 32MB)} */
        public DataSize getStoreMaxBytes() {
            return storeMaxBytes;
        }

        /**
         * Sets {@link #getStoreMaxBytes()}.
         *
         * @param storeMaxBytes the value; {@code null} keeps the library's default
         */
        public void setStoreMaxBytes(DataSize storeMaxBytes) {
            this.storeMaxBytes = storeMaxBytes;
        }

        /** {@return responses the in-memory store keeps at most (default 1000)} */
        public Integer getStoreMaxEntries() {
            return storeMaxEntries;
        }

        /**
         * Sets {@link #getStoreMaxEntries()}.
         *
         * @param storeMaxEntries the value; {@code null} keeps the library's default
         */
        public void setStoreMaxEntries(Integer storeMaxEntries) {
            this.storeMaxEntries = storeMaxEntries;
        }

        /** {@return largest response kept as a dictionary (default 1MB)} */
        public DataSize getMaxSize() {
            return maxSize;
        }

        /**
         * Sets {@link #getMaxSize()}.
         *
         * @param maxSize the value; {@code null} keeps the library's default
         */
        public void setMaxSize(DataSize maxSize) {
            this.maxSize = maxSize;
        }

        /** {@return whether cross-origin requests may get dictionary-compressed responses (default false)} */
        public Boolean getCrossOrigin() {
            return crossOrigin;
        }

        /**
         * Sets {@link #getCrossOrigin()}.
         *
         * @param crossOrigin the value; {@code null} keeps the library's default
         */
        public void setCrossOrigin(Boolean crossOrigin) {
            this.crossOrigin = crossOrigin;
        }

        /**
         * {@return where shared dictionaries are served, under the application's base (default compression-
         * dictionaries)}
         */
        public String getPath() {
            return path;
        }

        /**
         * Sets {@link #getPath()}.
         *
         * @param path the value; {@code null} keeps the library's default
         */
        public void setPath(String path) {
            this.path = path;
        }
    }

    /** {@code restcompress.training.*}. */
    public static class Training {
        /** Distinct responses (of at most 16 KB) sampled before a dictionary is trained on them (default 300). */
        private Integer samples;
        /** The distinct sampled responses that must hold a byte string for it to go into a dictionary (K, default 5). */
        private Integer minOccurrences;
        /** The largest dictionary trained, 1KB to 1MB (default 16KB). */
        private DataSize dictionarySize;
        /** How long after a training the next one is due (default 1d; 0: only when the saving falls). */
        private java.time.Duration period;
        /** Versions kept usable, the newest included (default 3). */
        private Integer versions;

        /**
         * {@return distinct responses (of at most 16 KB) sampled before a dictionary is trained on them (default 300)}
         */
        public Integer getSamples() {
            return samples;
        }

        /**
         * Sets {@link #getSamples()}.
         *
         * @param samples the value; {@code null} keeps the library's default
         */
        public void setSamples(Integer samples) {
            this.samples = samples;
        }

        /**
         * {@return the distinct sampled responses that must hold a byte string for it to go into a dictionary (K,
         * default 5)}
         */
        public Integer getMinOccurrences() {
            return minOccurrences;
        }

        /**
         * Sets {@link #getMinOccurrences()}.
         *
         * @param minOccurrences the value; {@code null} keeps the library's default
         */
        public void setMinOccurrences(Integer minOccurrences) {
            this.minOccurrences = minOccurrences;
        }

        /** {@return the largest dictionary trained, 1KB to 1MB (default 16KB)} */
        public DataSize getDictionarySize() {
            return dictionarySize;
        }

        /**
         * Sets {@link #getDictionarySize()}.
         *
         * @param dictionarySize the value; {@code null} keeps the library's default
         */
        public void setDictionarySize(DataSize dictionarySize) {
            this.dictionarySize = dictionarySize;
        }

        /** {@return how long after a training the next one is due (default 1d; 0: only when the saving falls)} */
        public java.time.Duration getPeriod() {
            return period;
        }

        /**
         * Sets {@link #getPeriod()}.
         *
         * @param period the value; {@code null} keeps the library's default
         */
        public void setPeriod(java.time.Duration period) {
            this.period = period;
        }

        /** {@return versions kept usable, the newest included (default 3)} */
        public Integer getVersions() {
            return versions;
        }

        /**
         * Sets {@link #getVersions()}.
         *
         * @param versions the value; {@code null} keeps the library's default
         */
        public void setVersions(Integer versions) {
            this.versions = versions;
        }
    }

    /** {@code restcompress.gzip.*}. */
    public static class Gzip {
        /** Level, 1 (fastest) to 9 (smallest); default 6. */
        private Integer level;
        /** Up to this many random bytes (0 to 1024) in each gzip header: length hiding against BREACH; default 0. */
        private Integer padding;

        /** {@return level, 1 (fastest) to 9 (smallest); default 6} */
        public Integer getLevel() {
            return level;
        }

        /**
         * Sets {@link #getLevel()}.
         *
         * @param level the value; {@code null} keeps the library's default
         */
        public void setLevel(Integer level) {
            this.level = level;
        }

        /**
         * {@return up to this many random bytes (0 to 1024) in each gzip header: length hiding against BREACH; default
         * 0}
         */
        public Integer getPadding() {
            return padding;
        }

        /**
         * Sets {@link #getPadding()}.
         *
         * @param padding the value; {@code null} keeps the library's default
         */
        public void setPadding(Integer padding) {
            this.padding = padding;
        }
    }

    /** {@code restcompress.deflate.*}. */
    public static class Deflate {
        /** Level, 1 to 9; default 6. */
        private Integer level;

        /** {@return level, 1 (fastest) to 9 (smallest); default 6} */
        public Integer getLevel() {
            return level;
        }

        /**
         * Sets {@link #getLevel()}.
         *
         * @param level the value; {@code null} keeps the library's default
         */
        public void setLevel(Integer level) {
            this.level = level;
        }
    }

    /** {@code restcompress.zstd.*}. */
    public static class Zstd {
        /** Level, 1 to 19; default 3. */
        private Integer level;
        /** Window log, 10 to 23; default zstd's choice. */
        private Integer windowLog;
        /** Event streams: window log, 10 to 23; default 12. */
        private Integer eventWindowLog;
        /** Event streams: hash and chain table log, 6 to 20; default 10. */
        private Integer eventHashLog;

        /** {@return level, 1 (fastest) to 19 (smallest); default 3} */
        public Integer getLevel() {
            return level;
        }

        /**
         * Sets {@link #getLevel()}.
         *
         * @param level the value; {@code null} keeps the library's default
         */
        public void setLevel(Integer level) {
            this.level = level;
        }

        /** {@return window log, 10 to 23; default zstd's choice} */
        public Integer getWindowLog() {
            return windowLog;
        }

        /**
         * Sets {@link #getWindowLog()}.
         *
         * @param windowLog the value; {@code null} keeps the library's default
         */
        public void setWindowLog(Integer windowLog) {
            this.windowLog = windowLog;
        }

        /** {@return event streams: window log, 10 to 23; default 12} */
        public Integer getEventWindowLog() {
            return eventWindowLog;
        }

        /**
         * Sets {@link #getEventWindowLog()}.
         *
         * @param eventWindowLog the value; {@code null} keeps the library's default
         */
        public void setEventWindowLog(Integer eventWindowLog) {
            this.eventWindowLog = eventWindowLog;
        }

        /** {@return event streams: hash and chain table log, 6 to 20; default 10} */
        public Integer getEventHashLog() {
            return eventHashLog;
        }

        /**
         * Sets {@link #getEventHashLog()}.
         *
         * @param eventHashLog the value; {@code null} keeps the library's default
         */
        public void setEventHashLog(Integer eventHashLog) {
            this.eventHashLog = eventHashLog;
        }
    }

    /** {@code restcompress.br.*}. */
    public static class Br {
        /** Quality, 0 to 11; default 4. */
        private Integer quality;
        /** Window, 10 to 24; default 22. */
        private Integer window;
        /** Event streams: window, 10 to 24; default 16. */
        private Integer eventWindow;

        /** {@return quality, 0 to 11; default 4} */
        public Integer getQuality() {
            return quality;
        }

        /**
         * Sets {@link #getQuality()}.
         *
         * @param quality the value; {@code null} keeps the library's default
         */
        public void setQuality(Integer quality) {
            this.quality = quality;
        }

        /** {@return window, 10 to 24; default 22} */
        public Integer getWindow() {
            return window;
        }

        /**
         * Sets {@link #getWindow()}.
         *
         * @param window the value; {@code null} keeps the library's default
         */
        public void setWindow(Integer window) {
            this.window = window;
        }

        /** {@return event streams: window, 10 to 24; default 16} */
        public Integer getEventWindow() {
            return eventWindow;
        }

        /**
         * Sets {@link #getEventWindow()}.
         *
         * @param eventWindow the value; {@code null} keeps the library's default
         */
        public void setEventWindow(Integer eventWindow) {
            this.eventWindow = eventWindow;
        }
    }

    /** {@code restcompress.lzf.*}. */
    public static class Lzf {
        /** Event streams: chunk size, 8192 to 65535; default 8192. */
        private Integer eventChunkSize;

        /** {@return event streams: chunk size, 8192 to 65535; default 8192} */
        public Integer getEventChunkSize() {
            return eventChunkSize;
        }

        /**
         * Sets {@link #getEventChunkSize()}.
         *
         * @param eventChunkSize the value; {@code null} keeps the library's default
         */
        public void setEventChunkSize(Integer eventChunkSize) {
            this.eventChunkSize = eventChunkSize;
        }
    }

    /** {@code restcompress.lz4.*}. */
    public static class Lz4 {
        /** Frame block size: 64KB, 256KB, 1MB or 4MB; default 64KB. */
        private DataSize blockSize;

        /** {@return frame block size: 64KB, 256KB, 1MB or 4MB; default 64KB} */
        public DataSize getBlockSize() {
            return blockSize;
        }

        /**
         * Sets {@link #getBlockSize()}.
         *
         * @param blockSize the value; {@code null} keeps the library's default
         */
        public void setBlockSize(DataSize blockSize) {
            this.blockSize = blockSize;
        }
    }
}
