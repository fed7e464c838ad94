package org.restcompress.it;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Jakarta REST implementation the integration tests run on, as {@code -Drestcompress.it.runtime} says (the
 * build's profiles set it; RESTEasy when unset). Server and client come from the same implementation: the one on the
 * test class path. Nothing here needs an implementation's API at compile time, so the shared suite compiles against
 * any of them; code that does lives in {@code org.restcompress.it.resteasy}.
 */
public enum TestRuntime {

    RESTEASY("org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher",
            Map.of("resteasy.servlet.mapping.prefix", "/rest"),
            // RESTEasy's own gzip encoder and a resource that uses its @GZIP: a response it encodes is not encoded twice
            Set.of("org.jboss.resteasy.plugins.interceptors.GZIPEncodingInterceptor",
                    "org.restcompress.it.resteasy.ResteasyGzipResource"),
            "org.jboss.resteasy."),
    JERSEY("org.glassfish.jersey.servlet.ServletContainer", Map.of(), Set.of(), "org.glassfish.jersey."),
    CXF("org.apache.cxf.jaxrs.servlet.CXFNonSpringJaxrsServlet", Map.of(), Set.of(), "org.apache.cxf.");

    public static final String PROPERTY = "restcompress.it.runtime";

    /** The implementation of this test run. */
    public static final TestRuntime CURRENT = valueOf(
            System.getProperty(PROPERTY, "resteasy").trim().toUpperCase(Locale.ROOT));

    private final String servlet;
    private final Map<String, String> initParameters;
    private final Set<String> extraClasses;
    private final String packagePrefix;

    TestRuntime(String servlet, Map<String, String> initParameters, Set<String> extraClasses, String packagePrefix) {
        this.servlet = servlet;
        this.initParameters = initParameters;
        this.extraClasses = extraClasses;
        this.packagePrefix = packagePrefix;
    }

    public static boolean isResteasy() {
        return CURRENT == RESTEASY;
    }

    public static boolean isJersey() {
        return CURRENT == JERSEY;
    }

    public static boolean isCxf() {
        return CURRENT == CXF;
    }

    /** The servlet class that serves a {@code jakarta.ws.rs.Application} named by its init parameter. */
    String servletClass() {
        return servlet;
    }

    /** Init parameters beside {@code jakarta.ws.rs.Application}. */
    Map<String, String> initParameters() {
        return initParameters;
    }

    /** Where this implementation's classes live, to check that it is the one in use. */
    String packagePrefix() {
        return packagePrefix;
    }

    /** Classes of this implementation (or tests written against its API) that TestApplication adds. */
    Set<Class<?>> extraClasses() {
        Set<Class<?>> classes = new java.util.HashSet<>();
        for (String name : extraClasses) {
            try {
                classes.add(Class.forName(name));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(name + " is missing: is " + this + " on the test class path?", e);
            }
        }
        return classes;
    }
}
