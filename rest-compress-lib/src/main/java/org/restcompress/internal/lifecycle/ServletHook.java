package org.restcompress.internal.lifecycle;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.util.Set;
import org.restcompress.internal.runtime.CxfEventsFilter;

/**
 * For servlet containers (Tomcat, Jetty, WildFly's Undertow): found in {@code META-INF/services} when a WAR starts,
 * it adds a listener that ends the library's resources of that application when its context is destroyed, after its
 * servlets (so after the Jakarta REST runtime) have stopped; where CXF serves it, the filter that reaches CXF's event
 * streams ({@link CxfEventsFilter}). An SCI, because a runtime configures the feature from a
 * servlet's {@code init()}, when listeners can no longer be added.
 */
public final class ServletHook implements ServletContainerInitializer {

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        context.addListener(new Ending());
        CxfEventsFilter.addTo(context); // where CXF serves the application: its event streams' hook
    }

    /** Public, as containers instantiate listener classes reflectively in some modes. */
    public static final class Ending implements ServletContextListener {
        @Override
        public void contextDestroyed(ServletContextEvent event) {
            Lifecycle.endAll(event.getServletContext().getClassLoader());
        }
    }
}
