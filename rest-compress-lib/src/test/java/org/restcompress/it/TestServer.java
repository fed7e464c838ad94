package org.restcompress.it;

import jakarta.ws.rs.core.Application;
import java.net.URI;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A real Jakarta REST deployment on embedded Jetty 12, on a free loopback port, serving one application at /rest:
 * RESTEasy's servlet, or Jersey's, as {@link TestRuntime} says.
 */
public final class TestServer implements AutoCloseable {

    private final Server server;
    private final URI base;

    private TestServer(Server server, URI base) {
        this.server = server;
        this.base = base;
    }

    public static TestServer start(Class<? extends Application> application) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler("/");
        TestRuntime runtime = TestRuntime.CURRENT;
        ServletHolder rest = new ServletHolder(Class.forName(runtime.servletClass())
                .asSubclass(jakarta.servlet.Servlet.class).getDeclaredConstructor().newInstance());
        rest.setInitParameter("jakarta.ws.rs.Application", application.getName());
        runtime.initParameters().forEach(rest::setInitParameter);
        rest.setInitOrder(0); // deploy now: a broken application fails the start, not the first request
        rest.setAsyncSupported(true);
        context.addServlet(rest, "/rest/*");
        // as a servlet container does for a WAR: a class loader of the application's own, and the library's hook,
        // which ends what the application started when it stops
        context.setClassLoader(new java.net.URLClassLoader(new java.net.URL[0], TestServer.class.getClassLoader()));
        context.addServletContainerInitializer(new org.restcompress.internal.lifecycle.ServletHook());
        server.setHandler(context);
        try {
            server.start();
        } catch (Exception e) { // a failed deployment is stopped, as a container stops it: its context ends
            try {
                server.stop();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return new TestServer(server, URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/rest/"));
    }

    public URI uri(String path) {
        return base.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty did not stop", e);
        }
    }
}
