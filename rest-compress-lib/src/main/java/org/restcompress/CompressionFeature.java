package org.restcompress;

import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;
import java.util.Objects;
import java.util.function.Function;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.KeyValues;
import org.restcompress.internal.SettingsCheck;
import org.restcompress.internal.client.ClientCompression;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.runtime.QuarkusRegistration;
import org.restcompress.internal.server.CompressionBinder;

/**
 * The one thing to register. On a server, {@code @LZF}, {@code @GZIP} and {@code @Compressed} resource methods then
 * negotiate {@code Accept-Encoding}, encode their responses and decode their requests' {@code Content-Encoding}. On a
 * client ({@code client.register(CompressionFeature.class)}, a proxy's, or MicroProfile Rest Client's
 * {@code @RegisterProvider}) responses are decoded transparently, {@code Accept-Encoding} lists exactly the codings
 * the client decodes, and request bodies are compressed when asked for.
 *
 * <p>Register the class to read settings from configuration properties, MicroProfile Config and system properties
 * (see {@link ConfigKeys}), or an instance made with a {@link CompressionConfig}. Registering it again the same way
 * adds nothing; registering it with another configuration fails, as the second would be ignored.
 */
@Provider
public final class CompressionFeature implements Feature, DynamicFeature {

    /**
     * Set on a configuration this feature has configured, to the {@link CompressionConfig} given or
     * {@link #FROM_KEYS}: a second registration with the same adds nothing, one with another fails.
     */
    private static final String CONFIGURED = CompressionFeature.class.getName() + ".configured";
    /** {@link #CONFIGURED}'s value for a registration that reads the configuration keys. */
    private static final String FROM_KEYS = "the configuration keys";

    private final CompressionConfig config;

    /** Settings from the JAX-RS configuration, MicroProfile Config where there is one, and system properties. */
    public CompressionFeature() {
        this.config = null;
    }

    /**
     * The feature with these settings (listeners and store included), for client or server.
     *
     * @param config the settings
     */
    public CompressionFeature(CompressionConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public boolean configure(FeatureContext context) {
        Configuration configuration = context.getConfiguration();
        Object configured = configuration.getProperty(CONFIGURED);
        if (configured != null) {
            if (configured != (config != null ? config : FROM_KEYS)) {
                // the second registration's settings would be ignored: said at deployment, not silently
                throw new IllegalStateException("rest-compress: CompressionFeature is registered twice with different "
                        + "configurations (" + describe(configured) + ", then " + describe(config != null ? config
                        : FROM_KEYS) + "); register it once");
            }
            return false;
        }
        context.property(CONFIGURED, config != null ? config : FROM_KEYS);
        // the keys' values, shared dictionaries included (their names are found among the properties' names)
        CompressionConfig settings = config != null ? config
                : KeyValues.readAll(configuration::getProperty, configuration.getPropertyNames()).build();
        // Codec keys: the configuration's own source first, then the JAX-RS configuration, then MicroProfile Config
        // and system properties, so that -Drestcompress.gzip.level=9 also reaches a feature built in code.
        Function<String, Object> keys = KeyValues.withFallbacks(key -> {
            Object own = settings.codecSetting(key);
            return own != null ? own : configuration.getProperty(key);
        });
        CodecRegistry registry = CodecRegistry.load(classLoader(), coding -> CodecOptions.of(coding,
                name -> KeyValues.string(keys, ConfigKeys.codecKey(coding, name))));
        SettingsCheck.against(registry, settings, configuration.getRuntimeType());
        if (configuration.getRuntimeType() == RuntimeType.CLIENT) {
            ClientCompression.register(context, settings, registry);
        } else {
            CompressionBinder.register(context, settings, registry, classLoader());
        }
        return true;
    }

    /**
     * Binds an annotated resource method where the runtime ignored the binder {@link #configure(FeatureContext)}
     * registered: Quarkus REST applies only the dynamic features it finds at build time, this class among them.
     * Elsewhere that binder does the work and this does nothing.
     */
    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        QuarkusRegistration.bindUnregistered(resourceInfo, context);
    }

    private static String describe(Object configured) {
        return configured instanceof CompressionConfig ? "an instance with its own CompressionConfig"
                : "the class, reading " + configured;
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : CompressionFeature.class.getClassLoader();
    }
}
