package org.restcompress.bench;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.mock.MockDispatcherFactory;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.restcompress.CompressionFeature;
import org.restcompress.Compressed;

/**
 * What the library costs when it does nothing: one annotated method, dispatched in memory by RESTEasy (no socket,
 * no container), once in a deployment without the library and once with {@link CompressionFeature}, for a client
 * that takes identity (no {@code Accept-Encoding}, or {@code identity}). {@link IdleCostReport} turns it into a
 * table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
// a fixed heap and the throughput collector: collections otherwise make single iterations vary by a third
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"})
public class IdleCostBenchmark {

    /**
     * {@code plain}: the annotation is there, the library is not registered; {@code vary}: plain plus a filter that
     * adds {@code Vary: Accept-Encoding}; {@code hooks}: {@link Hooks}, the Jakarta REST hooks a layer built as the
     * library is needs, doing nothing else; {@code filters}: {@link Filters}, the same without the writer interceptor;
     * {@code library}: the library is registered.
     */
    @Param({"plain", "vary", "hooks", "filters", "library"})
    public String deployment;

    /** {@code none}: no {@code Accept-Encoding}; else the header's value. */
    @Param({"none", "identity"})
    public String acceptEncoding;

    @Param({"status.json", "search-results-small.json"})
    public String source;

    private Dispatcher dispatcher;

    /** The same bytes in both deployments. */
    public static volatile byte[] body;

    @Path("/")
    public static class Resource {
        @GET
        @Path("doc")
        @Compressed
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] doc() {
            return body;
        }
    }

    @Setup
    public void setUp() {
        body = Corpus.read(source);
        dispatcher = deployment(deployment);
        check(get(), deployment);
    }

    @Benchmark
    public MockHttpResponse get() {
        return get(dispatcher, acceptEncoding);
    }

    /**
     * Without the library, a response filter that adds {@code Vary: Accept-Encoding} and nothing else: what any
     * correct negotiation costs (the library sends it on every response of an annotated method).
     */
    public static class VaryOnly implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            response.getHeaders().add("Vary", "Accept-Encoding");
        }
    }

    /**
     * The floor of a layer built as the library is, bound to the method as the library binds its own: a request
     * filter that reads {@code Accept-Encoding} and keeps what it found in a request property (the library answers
     * 406 and 415 before the method runs, so that a refused request has no side effects), a response filter that adds
     * {@code Vary} (a response without a body passes no interceptor), and a writer interceptor that reads the property
     * and passes the body on (where a body is encoded). Nothing is negotiated, decided or encoded.
     */
    public static class Hooks implements DynamicFeature {
        private static final String PROPERTY = Hooks.class.getName();

        @Override
        public void configure(ResourceInfo resource, FeatureContext context) {
            context.register((ContainerRequestFilter) request -> { // read as the library reads it: no string joined
                List<String> acceptEncoding = request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
                request.setProperty(PROPERTY, acceptEncoding == null ? List.of() : acceptEncoding);
            }, Priorities.ENTITY_CODER);
            context.register(new VaryOnly(), Priorities.ENTITY_CODER);
            context.register((WriterInterceptor) writer -> {
                if (writer.getProperty(PROPERTY) == null) {
                    throw new IllegalStateException("no request filter ran");
                }
                writer.proceed();
            }, Priorities.ENTITY_CODER);
        }
    }

    /**
     * The floor of a layer with one hook fewer than {@link Hooks}: the same request filter, and a response filter that
     * reads its property and adds {@code Vary}, as a layer would that wraps the body's stream from the response filter
     * ({@code setEntityStream}) instead of a writer interceptor. Nothing is negotiated, decided or encoded.
     */
    public static class Filters implements DynamicFeature {
        private static final String PROPERTY = Filters.class.getName();

        @Override
        public void configure(ResourceInfo resource, FeatureContext context) {
            context.register((ContainerRequestFilter) request -> {
                List<String> acceptEncoding = request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
                request.setProperty(PROPERTY, acceptEncoding == null ? List.of() : acceptEncoding);
            }, Priorities.ENTITY_CODER);
            context.register((ContainerResponseFilter) (request, response) -> {
                if (request.getProperty(PROPERTY) == null) {
                    throw new IllegalStateException("no request filter ran");
                }
                response.getHeaders().add("Vary", "Accept-Encoding");
            }, Priorities.ENTITY_CODER);
        }
    }

    /** A deployment of {@link Resource}, with the library registered or not. */
    static Dispatcher deployment(boolean library) {
        return deployment(library ? "library" : "plain");
    }

    /**
     * A deployment of {@link Resource}: {@code plain}, {@code vary} ({@link VaryOnly}), {@code hooks} ({@link Hooks}),
     * {@code filters} ({@link Filters}) or {@code library}.
     */
    static Dispatcher deployment(String kind) {
        Dispatcher dispatcher = MockDispatcherFactory.createDispatcher();
        if (kind.equals("library")) {
            // before the resource, so that its dynamic feature sees the resource's methods
            dispatcher.getProviderFactory().register(CompressionFeature.class);
        } else if (kind.equals("vary")) {
            dispatcher.getProviderFactory().register(VaryOnly.class);
        } else if (kind.equals("hooks")) {
            dispatcher.getProviderFactory().register(Hooks.class);
        } else if (kind.equals("filters")) {
            dispatcher.getProviderFactory().register(Filters.class);
        }
        dispatcher.getRegistry().addPerRequestResource(Resource.class);
        return dispatcher;
    }

    /** The response must be the document, unencoded, with {@code Vary} where the deployment adds it. */
    static void check(MockHttpResponse response, String deployment) {
        byte[] answer = response.getOutput();
        if (answer.length != body.length || response.getOutputHeaders().containsKey("Content-Encoding")) {
            throw new IllegalStateException(deployment + ": " + answer.length + " bytes, not " + body.length);
        }
        if (deployment.equals("plain") == response.getOutputHeaders().containsKey("Vary")) {
            throw new IllegalStateException(deployment + ": Vary " + response.getOutputHeaders().get("Vary"));
        }
    }

    /** One request: {@code acceptEncoding} {@code none} sends no such header. */
    static MockHttpResponse get(Dispatcher dispatcher, String acceptEncoding) {
        MockHttpRequest request;
        try {
            request = MockHttpRequest.get("/doc").accept(MediaType.APPLICATION_JSON);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        if (!acceptEncoding.equals("none")) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(request, response);
        if (response.getStatus() != 200) {
            throw new IllegalStateException("status " + response.getStatus());
        }
        return response; // JMH consumes it
    }
}
