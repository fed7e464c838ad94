package org.restcompress.demo;

import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The demo's endpoints on the built WAR, unchanged, deployed by Arquillian into a servlet container: embedded Jetty
 * 12 by default, embedded Tomcat 10.1 with {@code -Ptomcat}, a managed WildFly with {@code -Pwildfly}.
 */
@ExtendWith(ArquillianExtension.class)
class DemoWarIT extends DemoEndpoints {

    @ArquillianResource
    private URL base;

    @Deployment(testable = false)
    static WebArchive war() {
        File war = new File("target/rest-demo-app.war");
        if (!war.isFile()) {
            throw new IllegalStateException(war.getAbsolutePath() + " is missing: run the package phase first");
        }
        return ShrinkWrap.createFromZipFile(WebArchive.class, war);
    }

    @Override
    URI root() {
        try {
            return base.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
