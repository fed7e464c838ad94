package org.restcompress;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.List;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.restcompress.CompressionConfig.DownlinkHint;
import org.restcompress.CompressionConfig.Training;
import org.restcompress.dictionary.DictionaryStore;
import org.restcompress.internal.KeyValues;
import org.restcompress.internal.Setting;
import org.restcompress.observe.CompressionListener;

/**
 * Programmatic configuration, made by {@link CompressionConfig#builder()}, e.g.
 * {@code new CompressionFeature(CompressionConfig.builder().threshold(0).build())}.
 * Each setter checks its value as the key of the same name is checked, and names that key when it refuses one.
 */
public final class CompressionConfigBuilder {
    /** The largest {@link #maxCodings} accepted. */
    public static final int MAX_MAX_CODINGS = 100;
    private final CompressionConfig.Values v = new CompressionConfig.Values();

    CompressionConfigBuilder() {
    }

    /**
     * The server's order among codings the client values equally. Starting with {@value ConfigKeys#AUTO}: chosen
     * by cost, the rest of the list (the default order when there is none) breaking ties.
     *
     * @param codings coding tokens, optionally {@value ConfigKeys#AUTO} first
     * @return this builder
     */
    public CompressionConfigBuilder preference(List<String> codings) {
        List<String> order = KeyValues.preference(codings);
        v.auto = !order.isEmpty() && order.get(0).equals(ConfigKeys.AUTO);
        v.preference = v.auto && order.size() == 1 ? ConfigKeys.DEFAULT_PREFERENCE
                : List.copyOf(order.subList(v.auto ? 1 : 0, order.size()));
        return this;
    }

    /**
     * Client side: whether requests tell servers how fast their responses arrived ({@code Downlink}).
     *
     * @param on {@code true} for {@link DownlinkHint#ALWAYS}, {@code false} for {@link DownlinkHint#NEVER}
     * @return this builder
     */
    public CompressionConfigBuilder downlinkHint(boolean on) {
        return downlinkHints(on ? DownlinkHint.ALWAYS : DownlinkHint.NEVER);
    }

    /**
     * Client side: to whom requests say how fast responses arrived ({@code Downlink}).
     *
     * @param to the origins the hint goes to
     * @return this builder
     */
    public CompressionConfigBuilder downlinkHints(DownlinkHint to) {
        v.downlinkHint = Objects.requireNonNull(to, "to");
        return this;
    }

    /**
     * With {@code preference=auto}: the link speed, bits per second, assumed for clients that send no
     * {@code Downlink}; 0 (the default) assumes none, and they get the listed order.
     *
     * @param bitsPerSecond the speed assumed, 1000 to 10<sup>13</sup>, or 0 for none
     * @return this builder
     */
    public CompressionConfigBuilder autoLinkSpeed(long bitsPerSecond) {
        v.autoLinkSpeed = bitsPerSecond == 0 ? 0 : Setting.AUTO_LINK_SPEED.check(bitsPerSecond);
        return this;
    }

    /**
     * Bodies shorter than this are sent unencoded ({@value ConfigKeys#THRESHOLD}).
     *
     * @param bytes the threshold, 0 or more
     * @return this builder
     */
    public CompressionConfigBuilder threshold(int bytes) {
        v.threshold = Setting.THRESHOLD.check(bytes);
        return this;
    }

    /**
     * Media types never encoded ({@value ConfigKeys#EXCLUDED_MEDIA_TYPES}), wildcards allowed.
     *
     * @param types the media types
     * @return this builder
     */
    public CompressionConfigBuilder excludedMediaTypes(List<String> types) {
        v.excludedMediaTypes = KeyValues.mediaTypes(types);
        return this;
    }

    /**
     * The most bytes a coded body may decode to; beyond it, 413 ({@value ConfigKeys#MAX_DECODED_SIZE}).
     *
     * @param bytes the limit
     * @return this builder
     */
    public CompressionConfigBuilder maxDecodedSize(long bytes) {
        v.maxDecodedSize = Setting.MAX_DECODED_SIZE.check(bytes);
        return this;
    }

    /**
     * At most {@value #MAX_MAX_CODINGS}: no real sender stacks more than two.
     *
     * @param codings the most codings one body may stack, 1 to {@value #MAX_MAX_CODINGS}
     * @return this builder
     */
    public CompressionConfigBuilder maxCodings(int codings) {
        v.maxCodings = Setting.MAX_CODINGS.check(codings);
        return this;
    }

    /**
     * Client side: compress request bodies with this coding ({@code identity}: do not).
     *
     * @param coding a coding token, or {@code identity}
     * @return this builder
     */
    public CompressionConfigBuilder requestCoding(String coding) {
        v.requestCoding = KeyValues.token(ConfigKeys.REQUEST_CODING, coding);
        return this;
    }

    /**
     * Decoded bodies may not grow past {@code ratio} times their coded size; 0 turns the check off.
     *
     * @param ratio the ratio, or 0
     * @return this builder
     */
    public CompressionConfigBuilder maxExpansionRatio(int ratio) {
        v.maxExpansionRatio = Setting.MAX_EXPANSION_RATIO.check(ratio);
        return this;
    }

    /**
     * Every response of an annotated method says how it was encoded and why; for development only.
     *
     * @param on whether responses carry the header
     * @return this builder
     */
    public CompressionConfigBuilder debug(boolean on) {
        v.debug = on;
        return this;
    }

    /**
     * Whether encoded bodies that repeat are kept for methods that do not say ({@value ConfigKeys#ENCODE_ONCE}).
     *
     * @param choice {@link EncodeOnce#NEVER}, {@link EncodeOnce#SHARED} or {@link EncodeOnce#ALWAYS}
     * @return this builder
     * @throws IllegalArgumentException for {@link EncodeOnce#DEFAULT}, which only a method can say
     */
    public CompressionConfigBuilder encodeOnce(EncodeOnce choice) {
        if (Objects.requireNonNull(choice, "choice") == EncodeOnce.DEFAULT) {
            throw new IllegalArgumentException(ConfigKeys.ENCODE_ONCE + " must be never, shared or always");
        }
        v.encodeOnce = choice;
        return this;
    }

    /**
     * The bytes kept for encoding once, bodies and encoded forms ({@value ConfigKeys#ENCODE_ONCE_MAX_BYTES}).
     *
     * @param bytes the bound; 0 keeps nothing
     * @return this builder
     */
    public CompressionConfigBuilder encodeOnceMaxBytes(long bytes) {
        v.encodeOnceMaxBytes = Setting.ENCODE_ONCE_MAX_BYTES.check(bytes);
        return this;
    }

    /**
     * Responses for which {@code predicate} holds are sent unencoded, decided per response after the resource
     * method ran: for example those that set a session cookie, or carry a CSRF token (BREACH). The exclusion
     * wins even over a client that refuses identity: such a response still goes out unencoded.
     *
     * @param predicate true for a response that must go out unencoded
     * @return this builder
     */
    public CompressionConfigBuilder excludeResponses(BiPredicate<ContainerRequestContext, ContainerResponseContext> predicate) {
        v.excludeResponses = Objects.requireNonNull(predicate, "predicate");
        return this;
    }

    /**
     * Where {@code restcompress.<coding>.*} codec settings are looked up first (by whole key); keys it does not
     * know are then read from the JAX-RS configuration and the system properties.
     *
     * @param lookup the raw value of a whole key, or {@code null}
     * @return this builder
     */
    public CompressionConfigBuilder codecSettings(Function<String, Object> lookup) {
        v.codecSettings = Objects.requireNonNull(lookup, "lookup");
        return this;
    }

    /**
     * Told of every response and coded request body once it is done (server side), for example
     * {@code new CompressionMetrics(registry)} of {@code rest-compress-micrometer}; may be called more than once.
     *
     * @param listener the listener
     * @return this builder
     */
    public CompressionConfigBuilder listener(CompressionListener listener) {
        v.listeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * Where responses of {@link UseAsDictionary} methods are kept (for example one shared by every instance).
     *
     * @param store the store; the application closes it
     * @return this builder
     */
    public CompressionConfigBuilder dictionaryStore(DictionaryStore store) {
        v.dictionaryStore = Objects.requireNonNull(store, "store");
        return this;
    }

    /**
     * A store made by the {@code DictionaryStoreProvider} for this location, e.g. {@code redis://host:6379}.
     *
     * @param location the store's URI
     * @return this builder
     */
    public CompressionConfigBuilder dictionaryStore(String location) {
        v.dictionaryStoreLocation = KeyValues.location(ConfigKeys.DICTIONARY_STORE, location);
        return this;
    }

    /**
     * The bounds of the default, in-memory, dictionary store.
     *
     * @param maxBytes content bytes kept at most
     * @param maxEntries entries kept at most
     * @return this builder
     */
    public CompressionConfigBuilder dictionaryStoreLimits(long maxBytes, int maxEntries) {
        v.dictionaryStoreMaxBytes = Setting.DICTIONARY_STORE_MAX_BYTES.check(maxBytes);
        v.dictionaryStoreMaxEntries = Setting.DICTIONARY_STORE_MAX_ENTRIES.check(maxEntries);
        return this;
    }

    /**
     * The largest response kept as a dictionary (server), or dictionary kept (client)
     * ({@value ConfigKeys#DICTIONARY_MAX_SIZE}).
     *
     * @param bytes the size
     * @return this builder
     */
    public CompressionConfigBuilder dictionaryMaxSize(long bytes) {
        v.dictionaryMaxSize = Setting.DICTIONARY_MAX_SIZE.check(bytes);
        return this;
    }

    /**
     * Whether cross-origin requests may get dictionary-compressed responses
     * ({@value ConfigKeys#DICTIONARY_CROSS_ORIGIN}).
     *
     * @param allowed whether they may
     * @return this builder
     */
    public CompressionConfigBuilder dictionaryCrossOrigin(boolean allowed) {
        v.dictionaryCrossOrigin = allowed;
        return this;
    }

    /**
     * Where shared dictionaries are served, under the application's base ({@value ConfigKeys#DICTIONARY_PATH}).
     *
     * @param path letters, digits and {@code . _ ~ - /}
     * @return this builder
     */
    public CompressionConfigBuilder dictionaryPath(String path) {
        v.dictionaryPath = KeyValues.path(ConfigKeys.DICTIONARY_PATH, path);
        return this;
    }

    /**
     * A shared dictionary, for {@code @SharedDictionary(name)} methods (e.g. one made by the trainer).
     *
     * @param name the dictionary's name
     * @param content the dictionary, copied
     * @return this builder
     */
    public CompressionConfigBuilder sharedDictionary(String name, byte[] content) {
        v.sharedDictionaries.put(KeyValues.dictionaryName(name), content.clone());
        return this;
    }

    /**
     * A shared dictionary read at deployment from {@code classpath:<resource>} or a file path.
     *
     * @param name the dictionary's name
     * @param location {@code classpath:<resource>} or a file path
     * @return this builder
     */
    public CompressionConfigBuilder sharedDictionary(String name, String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException(ConfigKeys.SHARED_DICTIONARY_PREFIX + name + " must name a location");
        }
        v.sharedDictionaries.put(KeyValues.dictionaryName(name), location.trim());
        return this;
    }

    /**
     * With {@code preference=auto}: a client that accepts several of a method's representations equally gets the
     * one expected to be delivered and parsed soonest ({@value ConfigKeys#AUTO_FORMATS}).
     *
     * @param on whether formats are chosen by cost
     * @return this builder
     */
    public CompressionConfigBuilder autoFormats(boolean on) {
        v.autoFormats = on;
        return this;
    }

    /**
     * Client side: the formats this client has readers for, offered in {@code Accept} at the same {@code q} where
     * the application named no other ({@value ConfigKeys#ACCEPT_FORMATS}); concrete types without parameters.
     *
     * @param types the media types, in the order offered
     * @return this builder
     */
    public CompressionConfigBuilder acceptFormats(List<String> types) {
        v.acceptFormats = KeyValues.formats(ConfigKeys.ACCEPT_FORMATS, types);
        return this;
    }

    /**
     * How {@code @TrainedDictionary} methods train their dictionaries.
     *
     * @param settings the settings
     * @return this builder
     */
    public CompressionConfigBuilder training(Training settings) {
        v.training = Objects.requireNonNull(settings, "settings");
        return this;
    }

    /**
     * The configuration these settings make.
     *
     * @return the configuration
     * @throws IllegalArgumentException naming the key of settings that contradict each other
     */
    public CompressionConfig build() {
        if (v.autoFormats && !v.auto) {
            throw new IllegalArgumentException(ConfigKeys.AUTO_FORMATS + "=true chooses formats by cost, which "
                    + ConfigKeys.PREFERENCE + " turns off: start it with 'auto', or leave " + ConfigKeys.AUTO_FORMATS
                    + " off");
        }
        return new CompressionConfig(v.copy());
    }
}
