package org.restcompress.internal.server;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.SseEventSink;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.restcompress.Compressed;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionOptions;
import org.restcompress.EncodeOnce;
import org.restcompress.SharedDictionary;
import org.restcompress.TrainedDictionary;
import org.restcompress.UseAsDictionary;
import org.restcompress.internal.MethodCodings;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.lifecycle.Lifecycle;
import org.restcompress.internal.observe.Observation;
import org.restcompress.internal.runtime.RuntimeAdapter;

/**
 * Reads each resource method's coding annotations once, at deployment, and binds to an annotated method exactly one
 * negotiation filter, one response encoder and one request decoder, configured with that method's codings. Methods
 * without annotations are left untouched.
 */
public final class CompressionBinder implements DynamicFeature {

    /** Outside RESTEasy's own GZIPDecodingInterceptor (ENTITY_CODER), so a body is never decoded twice. */
    static final int DECODER_PRIORITY = Priorities.ENTITY_CODER - 100;
    /**
     * Response filters run in descending priority: this low number runs the encoder's filter after the application's
     * own (authentication at 1000 included), so that it sees their final {@code Vary}, {@code ETag} and
     * {@code Set-Cookie}. 1, not 0: Jersey takes a priority of 0 or less as "none given" and runs the filter at
     * {@code USER} (5000), before the application's header decorators.
     */
    static final int LAST_RESPONSE_FILTER = 1;

    private static final System.Logger LOG = System.getLogger(CompressionBinder.class.getName());

    private final CompressionConfig config;
    private final CodecRegistry registry;
    private final ServerDictionaries dictionaries;
    /** One per application: what its responses show of codecs and links serves every method. */
    private final AutoCoding auto;
    /** Held here, as long as the application: the registry of lifecycles holds it weakly. */
    private final Lifecycle lifecycle;
    private final Observation observation;
    /** What differs on the runtime serving this application, chosen once. */
    private final RuntimeAdapter runtime;
    /** The bodies its methods encode once, owned by the lifecycle; made for the first method that does. */
    private EncodedBodies encodedBodies;

    private CompressionBinder(CompressionConfig config, CodecRegistry registry, ServerDictionaries dictionaries,
            Lifecycle lifecycle, Observation observation, RuntimeAdapter runtime) {
        this.config = config;
        this.runtime = runtime;
        this.observation = observation;
        this.registry = registry;
        this.dictionaries = dictionaries;
        this.auto = config.auto() ? AutoCoding.start(registry.encodingTokens().stream().map(registry::find)
                .flatMap(Optional::stream).collect(Collectors.toList()), config.autoLinkSpeed(), lifecycle) : null;
        this.lifecycle = lifecycle;
    }

    private synchronized EncodedBodies encodedBodies() {
        if (encodedBodies == null) {
            encodedBodies = lifecycle.own(new EncodedBodies(config.encodeOnceMaxBytes(), observation));
        }
        return encodedBodies;
    }

    /**
     * Registers the server side: this binder, the mapper of decoding failures met by methods reading a stream, and the
     * endpoint that serves shared dictionaries when there are any.
     * Shared dictionaries are read here, so a missing file fails the deployment.
     */
    public static void register(FeatureContext context, CompressionConfig config, CodecRegistry registry,
            ClassLoader loader) {
        // what this application starts ends with it: on Jersey by its shutdown, in a WAR by its servlet context
        Lifecycle lifecycle = Lifecycle.open(loader);
        RuntimeAdapter runtime = RuntimeAdapter.detect(context, loader);
        CompressionBinder binder;
        try {
            ServerDictionaries dictionaries = lifecycle.own(new ServerDictionaries(config, registry, loader));
            binder = new CompressionBinder(config, registry, dictionaries, lifecycle,
                    Observation.of(config.listeners(), loader), runtime);
            runtime.endWithApplication(context, lifecycle);
        } catch (RuntimeException e) {
            lifecycle.close(); // a deployment that fails here leaves nothing running
            throw e;
        }
        ServerDictionaries dictionaries = binder.dictionaries;
        runtime.register(context, binder);
        context.register(new ContentDecodingExceptionMapper(MethodPolicy.accepted(config, registry, dictionaries)));
        if (!dictionaries.formats().isEmpty()) {
            // also where no shared dictionary is listed yet: a method's @SharedDictionary may find its key later
            context.register(new DictionaryEndpoint(dictionaries));
        }
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Method method = resource.getResourceMethod();
        if (method == null) {
            return;
        }
        Class<?> type = resource.getResourceClass();
        Optional<MethodCodings> declared = MethodCodings.of(type, method);
        if (declared.isEmpty()) {
            return;
        }
        MethodPolicy policy = policyFor(declared.get(), type, method);
        context.register(new RequestFactsFilter(policy), Priorities.ENTITY_CODER);
        ResponseCompression compression = new ResponseCompression(policy, runtime);
        runtime.register(context, compression, LAST_RESPONSE_FILTER, Priorities.ENTITY_CODER);
        if (runtime.armsEventStreams() && Arrays.asList(method.getParameterTypes()).contains(SseEventSink.class)) {
            // after the facts are settled, before the method: CXF and Quarkus REST write events past every later hook
            context.register((ContainerRequestFilter) compression::armEvents, Priorities.ENTITY_CODER + 1);
        }
        context.register(new RequestDecompression(policy), DECODER_PRIORITY);
    }

    private MethodPolicy policyFor(MethodCodings declared, Class<?> type, Method method) {
        String name = method.getDeclaringClass().getSimpleName() + "." + method.getName();
        List<String> offered = declared.resolve(registry, config.preference(), token -> LOG.log(
                System.Logger.Level.WARNING, "rest-compress: " + method.getDeclaringClass().getName() + "."
                        + method.getName() + " offers coding '" + token + "', which is not active; skipped"));
        if (declared.uncompressed()) {
            offered = List.of(); // @Uncompressed: identity responses only; request bodies are still decoded
        }
        int threshold = (int) option(type, method, CompressionOptions::threshold, config.threshold());
        long maxDecoded = option(type, method, CompressionOptions::maxDecodedSize, config.maxDecodedSize());
        EncodeOnce encodeOnce = MethodCodings.attribute(type, method, Compressed.class,
                c -> c.encodeOnce() == EncodeOnce.DEFAULT ? null : c.encodeOnce()).orElse(config.encodeOnce());
        return new MethodPolicy(name, offered, declared.uncompressed(), registry, config, threshold, maxDecoded,
                dictionaries, dictionaryUse(type, method, name), auto, observation, produced(type, method),
                encodeOnce, encodeOnce == EncodeOnce.NEVER ? null : encodedBodies());
    }

    /**
     * One {@link CompressionOptions} attribute, merged attribute by attribute: the method's where it sets it (a value
     * not negative), else its class's, else {@code otherwise}. A method's {@code threshold} does not hide its class's
     * {@code maxDecodedSize}.
     */
    private static long option(Class<?> type, Method method, ToLongFunction<CompressionOptions> attribute,
            long otherwise) {
        return MethodCodings.attribute(type, method, CompressionOptions.class,
                o -> attribute.applyAsLong(o) < 0 ? null : attribute.applyAsLong(o)).orElse(otherwise);
    }

    /** The media types the method produces: its {@code @Produces}, else its class's; none when neither says. */
    private static List<MediaType> produced(Class<?> type, Method method) {
        Produces produces = method.getAnnotation(Produces.class);
        if (produces == null && type != null) {
            produces = type.getAnnotation(Produces.class);
        }
        List<MediaType> types = new ArrayList<>();
        if (produces != null) {
            for (String value : produces.value()) {
                for (String member : value.split(",")) {
                    if (!member.isBlank()) {
                        types.add(MediaType.valueOf(member.trim()));
                    }
                }
            }
        }
        return types;
    }

    /** The method's use of dictionaries, or {@code null}; a shared dictionary learns the method's URL pattern. */
    private DictionaryUse dictionaryUse(Class<?> type, Method method, String name) {
        Optional<UseAsDictionary> delta = MethodCodings.annotation(type, method, UseAsDictionary.class);
        Optional<SharedDictionary> shared = MethodCodings.annotation(type, method, SharedDictionary.class);
        Optional<TrainedDictionary> trained = MethodCodings.annotation(type, method, TrainedDictionary.class);
        if (delta.isEmpty() && shared.isEmpty() && trained.isEmpty()) {
            return null;
        }
        if (shared.isPresent() && trained.isPresent()) {
            throw new IllegalStateException("rest-compress: " + name + " has both @SharedDictionary and "
                    + "@TrainedDictionary; a method announces one dictionary: keep one");
        }
        if (dictionaries.formats().isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + name + " uses compression dictionaries, but "
                    + "neither zstd (zstd-jni) nor br (brotli4j) is available: its responses get no dictionary");
        }
        String template = DictionaryUse.template(type, method);
        ServerDictionaries.Shared dictionary = null;
        if (shared.isPresent()) {
            dictionary = dictionaries.shared(shared.get().value(), name);
            String match = shared.get().match();
            dictionary.patterns.add(match.isEmpty() ? template : DictionaryUse.encoded(match));
        }
        if (trained.isPresent()) {
            if (dictionaries.codec("dcz") == null) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: " + name + " trains a dictionary, which needs "
                        + "zstd (zstd-jni): not trained");
            } else {
                dictionary = dictionaries.trained(trained.get().value(), name);
                String match = trained.get().match();
                dictionary.patterns.add(match.isEmpty() ? template : DictionaryUse.encoded(match));
            }
        }
        return new DictionaryUse(delta.orElse(null), dictionary, template);
    }
}
