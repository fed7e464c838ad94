package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import org.restcompress.CompressionConfig;
import org.restcompress.EncodeOnce;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.MediaTypes;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.codec.UnsupportedCodingException;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.cost.FormatChoice;
import org.restcompress.internal.cost.MethodBodies;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.negotiation.AcceptEncoding;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.internal.negotiation.DecisionRules;
import org.restcompress.internal.negotiation.DictionaryNegotiation;
import org.restcompress.internal.negotiation.EncodingChooser;
import org.restcompress.internal.negotiation.HeaderLists;
import org.restcompress.internal.observe.Observation;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/** Everything one resource method needs to negotiate, encode and decode, resolved once at deployment. */
final class MethodPolicy {

    private final String name;
    private final List<String> offered;
    private final List<String> tagged;
    private final boolean uncompressed;
    private final CodecRegistry registry;
    private final EncodingChooser chooser;
    private final List<String> accepted;
    private final MediaTypes mediaTypes;
    private final BiPredicate<ContainerRequestContext, ContainerResponseContext> exclusion;
    private final int threshold;
    private final long maxDecodedSize;
    private final int maxCodings;
    private final int maxExpansionRatio;
    private final boolean debug;
    private final ServerDictionaries dictionaries;
    /** How the method uses dictionaries, or {@code null} when it does not. */
    private final DictionaryUse dictionaryUse;
    /** The application's choice by cost ({@code preference=auto}), or {@code null}. */
    private final AutoCoding auto;
    /** This method's bodies, for auto: whether they stream, what the server's work on them costs. */
    private final MethodBodies bodies = new MethodBodies();
    /**
     * The size of the method's last body written under a negotiated coding when it was below the threshold, or -1
     * when it reached it: what a {@code HEAD} without a writer goes by when its entity does not show its size.
     */
    private volatile long lastSmallBody = -1;
    /** Where the method's decisions and request bodies go once done. */
    private final Observation observation;
    /** With {@code restcompress.auto.formats}, for a method of several representations: its choice; else null. */
    private final FormatChoice formats;
    private final DecisionRules.Identities identities;
    /**
     * Choices by {@code Accept-Encoding} value: clients send few distinct ones (each browser one), so negotiation
     * is a lookup on all but a client's first request. Bounded: past the bound, values are negotiated each time.
     */
    private final Map<String, RequestFacts> choices = new ConcurrentHashMap<>();
    /** The facts of a plain request without {@code Accept-Encoding}. */
    private final RequestFacts withoutHeader;
    /** Whether its encoded bodies are kept when they repeat: never, shared or always. */
    private final EncodeOnce encodeOnce;
    /** The application's kept bodies, or {@code null} where the method never keeps any. */
    private final EncodedBodies encodedBodies;
    /** The method's last two bodies held whole, the latest first: the smaller is where the next one's buffer starts. */
    private volatile int lastHeld = 8 * 1024;
    private volatile int heldBefore = 8 * 1024;

    /**
     * @param name          the method, for logs
     * @param offered       its active codings for responses (none under {@code @Uncompressed})
     * @param uncompressed  whether {@code @Uncompressed} keeps its responses unencoded
     * @param dictionaries  the application's dictionaries ({@code dcz}/{@code dcb} request bodies decode against
     *                      them on every method), or {@code null}
     * @param dictionaryUse how this method uses them, or {@code null}
     * @param auto          the application's choice by cost, or {@code null} for the fixed preference
     * @param observation   where decisions go once made and done
     * @param produced      the method's media types ({@code @Produces}), for {@code restcompress.auto.formats}
     * @param encodeOnce    whether its encoded bodies are kept when they repeat (never {@code DEFAULT})
     * @param encodedBodies the application's kept bodies
     */
    MethodPolicy(String name, List<String> offered, boolean uncompressed, CodecRegistry registry,
            CompressionConfig config, int threshold, long maxDecodedSize, ServerDictionaries dictionaries,
            DictionaryUse dictionaryUse, AutoCoding auto, Observation observation, List<MediaType> produced,
            EncodeOnce encodeOnce, EncodedBodies encodedBodies) {
        this.name = name;
        this.chooser = new EncodingChooser(config.preference());
        this.offered = chooser.byPreference(offered);
        this.uncompressed = uncompressed;
        this.registry = registry;
        this.accepted = accepted(config, registry, dictionaries);
        this.withoutHeader = RequestFacts.negotiated(negotiate(null), List.of());
        this.mediaTypes = new MediaTypes(config.excludedMediaTypes());
        this.exclusion = config.responseExclusion();
        this.threshold = threshold;
        this.maxDecodedSize = maxDecodedSize;
        this.maxCodings = config.maxCodings();
        this.maxExpansionRatio = config.maxExpansionRatio();
        this.debug = config.debug();
        this.dictionaries = dictionaries;
        this.dictionaryUse = dictionaries != null && !dictionaries.formats().isEmpty() ? dictionaryUse : null;
        List<String> tagged = new ArrayList<>(this.offered);
        if (this.dictionaryUse != null) {
            tagged.addAll(dictionaries.formats());
        }
        this.tagged = List.copyOf(tagged);
        this.auto = auto;
        this.observation = observation;
        this.formats = auto != null && config.autoFormats() && FormatChoice.worthChoosing(produced)
                ? new FormatChoice(produced) : null;
        this.identities = new DecisionRules.Identities(name);
        this.encodeOnce = encodedBodies == null || offered.isEmpty() ? EncodeOnce.NEVER : encodeOnce;
        this.encodedBodies = this.encodeOnce == EncodeOnce.NEVER ? null : encodedBodies;
    }

    /**
     * The application's kept bodies where this response's body may be kept ({@link EncodeOnce}), else {@code null}.
     * Shared means what a shared HTTP cache may store (RFC 9111 section 3): not {@code private} or {@code no-store},
     * no cookie set, and no answer to a request with credentials unless {@code public}.
     */
    EncodedBodies encodedBodies(MultivaluedMap<String, Object> headers, boolean authorized) {
        if (encodeOnce != EncodeOnce.SHARED) {
            return encodedBodies;
        }
        if (headers.containsKey(HttpHeaders.SET_COOKIE)) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        List<Object> cacheControl = headers.get(HttpHeaders.CACHE_CONTROL);
        if (cacheControl != null) {
            cacheControl.forEach(line -> lines.add(String.valueOf(line))); // a CacheControl writes its header
        }
        boolean isPublic = false;
        for (String directive : HeaderLists.members(lines)) { // a quoted field list (private="a, b") stays whole
            int eq = directive.indexOf('=');
            String name = (eq < 0 ? directive : directive.substring(0, eq)).trim().toLowerCase(java.util.Locale.ROOT);
            if (name.equals("private") || name.equals("no-store")) {
                return null;
            }
            isPublic |= name.equals("public");
        }
        return authorized && !isPublic ? null : encodedBodies;
    }

    /** Whether the method may keep encoded bodies at all. */
    boolean encodesOnce() {
        return encodedBodies != null;
    }

    /**
     * Where the next held body's buffer starts: the smaller of the method's last two, so that one large body does not
     * make every small one allocate its size (the buffer grows as needed), and a method of large bodies starts large.
     */
    int lastHeld() {
        return Math.min(lastHeld, heldBefore);
    }

    void lastHeld(int length) {
        if (length != lastHeld || length != heldBefore) { // racy, as it only sizes a buffer
            heldBefore = lastHeld;
            lastHeld = length;
        }
    }

    String name() {
        return name;
    }

    Observation observation() {
        return observation;
    }

    /** The method's unencoded decisions, made once. */
    DecisionRules.Identities identities() {
        return identities;
    }

    /** The codings this method offers, in server preference order. */
    List<String> offered() {
        return offered;
    }

    /** The codings request bodies may come in, in server preference order. */
    List<String> accepted() {
        return accepted;
    }

    /**
     * The codings an application takes request bodies in, as a 415 lists them: in server preference order, then the
     * dictionary formats it decodes (against the dictionaries it has).
     */
    static List<String> accepted(CompressionConfig config, CodecRegistry registry, ServerDictionaries dictionaries) {
        List<String> accepted = new ArrayList<>(new EncodingChooser(config.preference())
                .byPreference(registry.encodingTokens()));
        if (dictionaries != null) {
            accepted.addAll(dictionaries.formats());
        }
        return List.copyOf(accepted);
    }

    /** The codings whose suffix this method's tags may carry: those it offers, and its dictionary formats. */
    List<String> tagged() {
        return tagged;
    }

    boolean uncompressed() {
        return uncompressed;
    }

    static final int MAX_REMEMBERED_CHOICES = 64;

    /** The negotiated response coding for these {@code Accept-Encoding} lines. */
    Negotiated choose(List<String> acceptEncoding) {
        return plainFacts(acceptEncoding).negotiated();
    }

    /**
     * The facts of a request with these {@code Accept-Encoding} lines that brings nothing else (no coded body, no
     * dictionary, no choice by cost, no validator naming a coding): most requests. Made once per line and remembered,
     * as the negotiation is, so that such a request allocates none.
     */
    RequestFacts plainFacts(List<String> acceptEncoding) {
        if (acceptEncoding == null) {
            return withoutHeader; // curl, most JDK clients
        }
        if (acceptEncoding.size() != 1) {
            return RequestFacts.negotiated(negotiate(acceptEncoding), List.of());
        }
        String value = acceptEncoding.get(0);
        RequestFacts known = choices.get(value);
        if (known != null) {
            return known;
        }
        RequestFacts facts = RequestFacts.negotiated(negotiate(acceptEncoding), List.of());
        if (choices.size() < MAX_REMEMBERED_CHOICES && value.length() <= 256) {
            choices.putIfAbsent(value, facts);
        }
        return facts;
    }

    /** How many choices are remembered (for tests). */
    int rememberedChoices() {
        return choices.size();
    }

    private Negotiated negotiate(List<String> acceptEncoding) {
        return chooser.choose(offered, AcceptEncoding.parse(acceptEncoding, registry::canonical));
    }

    /**
     * The codecs that decode a request body with this {@code Content-Encoding}, in the order they were applied, or
     * the 415 ({@link jakarta.ws.rs.WebApplicationException}) that says why not.
     */
    List<ContentCodec> requestCodings(List<String> contentEncoding) {
        try {
            return dictionaries == null ? registry.decoders(contentEncoding, maxCodings)
                    : registry.decoders(contentEncoding, maxCodings, dictionaries::codec);
        } catch (UnsupportedCodingException e) {
            throw Problems.unsupportedCoding(e.getMessage(), accepted);
        }
    }

    /**
     * A dictionary coding and its dictionary, or none and why not ({@code note}, {@code null} when the request named
     * no dictionary).
     */
    record DictionaryMatch(Negotiated choice, Dictionary dictionary, Decision.DictionaryKind kind, String note) {
        static final DictionaryMatch NONE = new DictionaryMatch(null, null, null, null);
    }

    /**
     * Whether the request gets its response against a dictionary it names (RFC 9842): negotiated as a pure function,
     * then looked up. A method that does not use dictionaries, or sends only identity, ignores
     * {@code Available-Dictionary}.
     */
    DictionaryMatch chooseDictionary(MultivaluedMap<String, String> headers, Negotiated ordinary) {
        if (dictionaryUse == null || uncompressed) {
            return DictionaryMatch.NONE; // before the header's lookup: most methods use no dictionary
        }
        List<String> available = headers.get(AVAILABLE_DICTIONARY);
        if (available == null) {
            return DictionaryMatch.NONE;
        }
        AcceptEncoding accept = AcceptEncoding.parse(headers.get(HttpHeaders.ACCEPT_ENCODING), registry::canonical);
        DictionaryNegotiation.Outcome outcome = DictionaryNegotiation.negotiate(available, accept, ordinary,
                dictionaries.formats(), headers.getFirst(SEC_FETCH_SITE), dictionaries.crossOrigin());
        if (!outcome.applies()) {
            return new DictionaryMatch(null, null, null, outcome.note());
        }
        Dictionary dictionary = dictionaries.find(outcome.hash());
        if (dictionary == null) {
            return new DictionaryMatch(null, null, null, DictionaryNegotiation.UNKNOWN);
        }
        return new DictionaryMatch(Negotiated.withDictionary(outcome.coding(), accept.acceptsIdentity()), dictionary,
                dictionaries.isShared(dictionary) ? Decision.DictionaryKind.SHARED : Decision.DictionaryKind.DELTA,
                null);
    }

    /**
     * With {@code preference=auto}: the negotiated choice, if the client values several candidates equally and its
     * link is known, made again by cost; with the estimate that says why ({@code null} when there was nothing to
     * choose, or nothing known to choose by). A client revalidating a copy in one of the candidates gets that coding:
     * its 304 is cheaper than any body.
     */
    AutoCoding.Pick chooseByCost(Negotiated negotiated, MultivaluedMap<String, String> headers) {
        if (auto == null || negotiated.reason() != Reason.NEGOTIATED || negotiated.equallyValued().size() < 2) {
            return null;
        }
        String cached = EntityTags.cachedCoding(headers, negotiated.equallyValued());
        if (cached != null) {
            return AutoCoding.Pick.of(cached, "cached copy");
        }
        String downlink = headers.getFirst(DOWNLINK);
        if (!auto.knowsLink(downlink)) {
            return null; // nothing known of this client's link: the configured order, as without auto
        }
        return auto.choose(negotiated.equallyValued(), downlink, bodies);
    }

    /** Whether this response's server work is measured for auto ({@link MethodBodies#measuresWork}). */
    boolean measuresWork() {
        return bodies.measuresWork();
    }

    /**
     * One response of this method was written (with auto, which asks): {@code originalBytes} before coding, for which
     * its thread spent {@code workNanos} of CPU besides the codec's (negative: not measured).
     */
    void recordBody(long originalBytes, long workNanos) {
        bodies.record(originalBytes, workNanos);
    }

    /** A body under a negotiated coding was written: {@code small} its size below the threshold, or -1. */
    void lastBody(long small) {
        if (lastSmallBody != small) {
            lastSmallBody = small;
        }
    }

    /** The last such body's size if it was below the threshold, else -1 ({@link #lastBody}). */
    long lastSmallBody() {
        return lastSmallBody;
    }

    /** The client hint (Mbit/s) a browser sends once the application asked for it with {@code Accept-CH}. */
    static final String DOWNLINK = "Downlink";

    AutoCoding auto() {
        return auto;
    }

    FormatChoice formats() {
        return formats;
    }

    static final String AVAILABLE_DICTIONARY = "Available-Dictionary";
    private static final String SEC_FETCH_SITE = "Sec-Fetch-Site";

    ServerDictionaries dictionaries() {
        return dictionaries;
    }

    DictionaryUse dictionaryUse() {
        return dictionaryUse;
    }

    /** The codec for a negotiated coding; for {@code dcz}/{@code dcb}, bound to {@code dictionary}. */
    ContentCodec codec(String token, Dictionary dictionary) {
        if (dictionary != null) {
            DictionaryCodec codec = dictionaries.codec(token);
            if (codec != null) {
                return codec.bound(dictionary);
            }
        }
        return codec(token);
    }

    ContentCodec codec(String token) {
        return registry.find(token).orElseThrow(() -> new IllegalStateException("no codec for " + token));
    }

    boolean isCompressible(MediaType type) {
        return mediaTypes.isCompressible(type);
    }

    boolean excludes(ContainerRequestContext request, ContainerResponseContext response) {
        return exclusion.test(request, response);
    }

    int threshold() {
        return threshold;
    }

    long maxDecodedSize() {
        return maxDecodedSize;
    }

    int maxExpansionRatio() {
        return maxExpansionRatio;
    }

    /** Whether responses carry the {@code Compression-Decision} header. */
    boolean debug() {
        return debug;
    }
}
