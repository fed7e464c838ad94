package org.restcompress;

import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;
import org.restcompress.codec.CodecRegistry;
import org.restcompress.server.CompressionBinder;
import org.restcompress.server.ContentDecodingExceptionMapper;

/**
 * The one thing to register: {@code @LZF}, {@code @GZIP} and {@code @Compressed} resource methods then negotiate
 * {@code Accept-Encoding}, encode their responses and decode their requests' {@code Content-Encoding}.
 *
 * <p>Register the class to read settings from configuration properties and system properties (see
 * {@link CompressionConfig}), or an instance made with a {@link CompressionConfig}. Registering it twice has no
 * further effect: the first registration configures the application.
 */
@Provider
public final class CompressionFeature implements Feature {

    private final CompressionConfig config;

    /** Settings from the JAX-RS configuration and system properties. */
    public CompressionFeature() {
        this.config = null;
    }

    public CompressionFeature(CompressionConfig config) {
        this.config = java.util.Objects.requireNonNull(config, "config");
    }

    @Override
    public boolean configure(FeatureContext context) {
        Configuration configuration = context.getConfiguration();
        if (configuration.getRuntimeType() != RuntimeType.SERVER
                || configuration.isRegistered(CompressionBinder.class)) {
            return false;
        }
        CompressionConfig settings = config != null ? config : CompressionConfig.from(configuration::getProperty);
        CodecRegistry registry = CodecRegistry.load(classLoader(), settings::codecOptions);
        context.register(new CompressionBinder(settings, registry));
        context.register(new ContentDecodingExceptionMapper());
        return true;
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : CompressionFeature.class.getClassLoader();
    }
}
