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
 * every client, a link assumed. The JAX-RS applications are separate so that neither's interceptors see the
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
        server.setHandler(context);
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
    }

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
