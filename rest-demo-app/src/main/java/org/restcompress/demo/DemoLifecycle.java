package org.restcompress.demo;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Ends what the demo itself starts when its application stops, so that an undeployed WAR leaves nothing running. */
@WebListener
public class DemoLifecycle implements ServletContextListener {

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        EventsResource.stop();
    }
}
