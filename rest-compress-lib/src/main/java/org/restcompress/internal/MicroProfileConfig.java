package org.restcompress.internal;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The application's MicroProfile Config, when the runtime has one (Quarkus, WildFly, Open Liberty, TomEE), reached by
 * reflection: the library does not depend on it. Quarkus REST hands features an empty JAX-RS configuration, so there
 * {@code application.properties} is where a user sets {@code restcompress.*}.
 */
public final class MicroProfileConfig {

    private static final System.Logger LOG = System.getLogger(MicroProfileConfig.class.getName());

    private final Object config;
    private final Method value;
    private final Method names;

    private MicroProfileConfig(Object config, Method value, Method names) {
        this.config = config;
        this.value = value;
        this.names = names;
    }

    /** The configuration of the calling thread's application, or {@code null} where there is none. */
    public static MicroProfileConfig current() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> provider = Class.forName("org.eclipse.microprofile.config.ConfigProvider", false,
                    loader != null ? loader : MicroProfileConfig.class.getClassLoader());
            Object config = provider.getMethod("getConfig").invoke(null);
            Class<?> type = Class.forName("org.eclipse.microprofile.config.Config", false, provider.getClassLoader());
            return new MicroProfileConfig(config, type.getMethod("getOptionalValue", String.class, Class.class),
                    type.getMethod("getPropertyNames"));
        } catch (ClassNotFoundException absent) {
            return null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unusable) {
            // the API without an implementation, or one that cannot start here: as if absent
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: MicroProfile Config not used: " + unusable);
            return null;
        }
    }

    /** {@code key}'s value, or {@code null}. */
    public String get(String key) {
        try {
            Optional<?> found = (Optional<?>) value.invoke(config, key, String.class);
            return found.isPresent() ? (String) found.get() : null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("MicroProfile Config failed to read " + key, e.getCause());
        }
    }

    /** The names it holds. */
    Set<String> names() {
        Set<String> all = new TreeSet<>();
        try {
            ((Iterable<?>) names.invoke(config)).forEach(name -> all.add(String.valueOf(name)));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("MicroProfile Config failed to list its names", e.getCause());
        }
        return all;
    }
}
