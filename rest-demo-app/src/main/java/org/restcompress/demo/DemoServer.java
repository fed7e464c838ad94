package org.restcompress.demo;

import jakarta.servlet.ServletContainerInitializer;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ServiceLoader;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher;

/**
 * Runs the demo on RESTEasy 6.2 and embedded Jetty 12: {@code java -jar rest-demo-app.jar} serves the landing page
 * at {@code http://localhost:8080/} and the endpoints under {@code /rest}; the {@code PORT} environment variable
 * overrides 8080; {@code /metrics} serves the library's meters to Prometheus. The WAR holds the same classes and is set up by the container instead.
 */
public final class DemoServer implements AutoCloseable {

    private final Server server;
    private final ServerConnector connector;

    private DemoServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    /** Starts on {@code port} (0 for any free port) on every interface, or on {@code host} when not null. */
    public static DemoServer start(String host, int port) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler("/");
        ServletHolder rest = new ServletHolder("rest", new HttpServlet30Dispatcher());
        rest.setInitParameter("jakarta.ws.rs.Application", DemoApplication.class.getName());
        rest.setInitParameter("resteasy.servlet.mapping.prefix", "/rest");
        rest.setAsyncSupported(true);
        context.addServlet(rest, "/rest/*");
        context.addEventListener(new DemoLifecycle());
        // What a servlet container does for a WAR, which this embedded context does not: a class loader of the
        // application's own, and the initializers its libraries declare (rest-compress's ends what the library started
        // when the application stops). Only the library's: RESTEasy's would deploy the application a second time.
        context.setClassLoader(new URLClassLoader(new URL[0], DemoServer.class.getClassLoader()));
        for (ServletContainerInitializer initializer : ServiceLoader.load(ServletContainerInitializer.class)) {
            if (initializer.getClass().getName().startsWith("org.restcompress.")) {
                context.addServletContainerInitializer(initializer);
            }
        }
        context.addServlet(new ServletHolder(LandingPage.class), "");
        context.addServlet(new ServletHolder(MetricsServlet.class), "/metrics");
        server.setHandler(context);
        server.setStopAtShutdown(true);
        server.start();
        return new DemoServer(server, connector);
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** The base address of the REST endpoints, on loopback. */
    public URI restUri() {
        return URI.create("http://127.0.0.1:" + port() + "/rest/");
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    public static void main(String[] args) throws Exception {
        int port = port(System.getenv("PORT"));
        DemoServer demo = start(null, port);
        System.out.println("rest-compress demo: http://localhost:" + demo.port() + "/"
                + "  (try: curl -H 'Accept-Encoding: lzf' http://localhost:" + demo.port() + "/rest/static -o static.lzf)");
        demo.server.join();
    }

    static int port(String value) {
        if (value == null || value.isBlank()) {
            return 8080;
        }
        try {
            int port = Integer.parseInt(value.trim());
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("PORT must be a TCP port number (0-65535), was '" + value + "'");
    }
}
