package org.restcompress.bench.server;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.compression.server.CompressionConfig;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.compression.zstandard.ZstandardCompression;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.jboss.resteasy.annotations.GZIP;
import org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher;
import org.restcompress.Compressed;
import org.restcompress.CompressionFeature;

/**
 * The demo's stack (RESTEasy 6.2 on Jetty 12) serving the same documents three ways, side by side in one server:
 * {@code /plain/{doc}} as is (RESTEasy's gzip off), {@code /resteasy/gzip/{doc}} through RESTEasy's own gzip ({@code resteasy.allowGzip} and
 * its {@code @GZIP}), and {@code /ours/{doc}} through rest-compress ({@code @Compressed}, its defaults: the client's
 * Accept-Encoding, by cost where the client's link is known), and {@code /auto/{doc}} the same choosing by cost for
 * every client, a link assumed; {@code /once/{doc}} encoding once; {@code /jetty/{doc}} as is, through Jetty 12.1's own
 * {@code CompressionHandler} (zstd). The JAX-RS applications are separate so that neither's interceptors see the
 * other's responses. Bodies are byte arrays: serialization would cost every variant the same and hide our layer.
 */
public final class ThroughputServer implements AutoCloseable {

    /** The servlet context attribute holding this server's documents, by name. */
    private static final String DOCUMENTS = "restcompress.bench.documents";

    private final Server server;
    private final ServerConnector connector;

    private ThroughputServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    public static ThroughputServer start(Map<String, byte[]> bodies) throws Exception {
        // a fixed pool: threads that never retire keep their allocation counters for the report
        QueuedThreadPool threads = new QueuedThreadPool(64, 64);
        threads.setName("bench");
        Server server = new Server(threads);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler("/");
        context.setAttribute(DOCUMENTS, Map.copyOf(bodies));
        context.addServlet(dispatcher(Ours.class, "/ours", false), "/ours/*");
        context.addServlet(dispatcher(OursAuto.class, "/auto", false), "/auto/*");
        context.addServlet(dispatcher(Theirs.class, "/resteasy", true), "/resteasy/*");
        context.addServlet(dispatcher(Theirs.class, "/plain", false), "/plain/*");
        context.addServlet(dispatcher(OursOnce.class, "/once", false), "/once/*");
        context.addServlet(dispatcher(Theirs.class, "/jetty", false), "/jetty/*");
        // Jetty's own compression, zstd at its defaults, for /jetty only: the peer a Jetty user would otherwise pick
        CompressionHandler jetty = new CompressionHandler(context);
        jetty.putCompression(new ZstandardCompression());
        jetty.putConfiguration("/jetty/*", CompressionConfig.builder().defaults().build());
        server.setHandler(jetty);
        server.start();
        return new ThroughputServer(server, connector);
    }

    private static ServletHolder dispatcher(Class<? extends Application> application, String prefix, boolean gzip) {
        ServletHolder holder = new ServletHolder(new HttpServlet30Dispatcher());
        holder.setInitParameter("jakarta.ws.rs.Application", application.getName());
        holder.setInitParameter("resteasy.servlet.mapping.prefix", prefix);
        holder.setInitParameter("resteasy.allowGzip", Boolean.toString(gzip));
        holder.setAsyncSupported(true);
        return holder;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + path);
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    static byte[] document(ServletContext context, String name) {
        @SuppressWarnings("unchecked")
        byte[] body = ((Map<String, byte[]>) context.getAttribute(DOCUMENTS)).get(name);
        if (body == null) {
            throw new NotFoundException();
        }
        return body;
    }

    /** rest-compress: every coding it has. */
    public static final class Ours extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(CompressionFeature.class, OursResource.class);
        }
    }

    /**
     * rest-compress choosing by cost for every client, a link assumed for those that say nothing
     * ({@code restcompress.preference=auto}, {@code restcompress.auto.link-speed=1gbit}: auto before it became the
     * default).
     */
    public static final class OursAuto extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(CompressionFeature.class, OursResource.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of("restcompress.preference", "auto", "restcompress.auto.link-speed", "1gbit");
        }
    }

    /** rest-compress encoding once ({@code restcompress.encode-once.mode=shared}): a body that repeats is kept. */
    public static final class OursOnce extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(CompressionFeature.class, OursResource.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of("restcompress.encode-once.mode", "shared");
        }
    }

    /** RESTEasy alone, its gzip interceptors on. */
    public static final class Theirs extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(TheirsResource.class);
        }
    }

    @Path("/")
    public static final class OursResource {
        @GET
        @Path("{doc}")
        @Compressed
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] get(@PathParam("doc") String doc, @Context ServletContext context) {
            return document(context, doc);
        }

        /** The document with a number of its own in its first bytes: a body that never repeats. */
        @GET
        @Path("unique/{doc}")
        @Compressed
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] unique(@PathParam("doc") String doc, @Context ServletContext context) {
            byte[] body = document(context, doc).clone();
            byte[] number = Long.toString(UNIQUE.incrementAndGet()).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            System.arraycopy(number, 0, body, 1, Math.min(number.length, body.length - 1));
            return body;
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong UNIQUE = new java.util.concurrent.atomic.AtomicLong(
            1_000_000_000L);

    @Path("/")
    public static final class TheirsResource {
        /** Mounted at /plain: nothing encodes it. */
        @GET
        @Path("{doc}")
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] plain(@PathParam("doc") String doc, @Context ServletContext context) {
            return document(context, doc);
        }

        /** Mounted at /resteasy: RESTEasy's gzip, when the client accepts gzip. */
        @GET
        @Path("gzip/{doc}")
        @GZIP
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] gzip(@PathParam("doc") String doc, @Context ServletContext context) {
            return document(context, doc);
        }
    }
}
