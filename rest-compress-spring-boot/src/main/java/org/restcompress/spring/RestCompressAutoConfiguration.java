package org.restcompress.spring;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionConfigBuilder;
import org.restcompress.CompressionFeature;
import org.restcompress.micrometer.CompressionMetrics;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;
import org.restcompress.observe.RequestBody;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jersey.autoconfigure.ResourceConfigCustomizer;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.core.env.Environment;

/**
 * rest-compress on Spring Boot's Jersey: the {@link CompressionFeature} registered on the application's
 * {@link ResourceConfig}, configured from {@link RestCompressProperties} with every {@link CompressionListener} bean as
 * a listener; where Micrometer and {@code rest-compress-micrometer} are present, the meters in Spring's registry. An
 * application's own {@link CompressionConfig} bean replaces the properties, and its listeners are its own.
 */
@AutoConfiguration(
        beforeName = "org.springframework.boot.jersey.autoconfigure.JerseyAutoConfiguration",
        afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass({ResourceConfig.class, ResourceConfigCustomizer.class})
@EnableConfigurationProperties(RestCompressProperties.class)
public class RestCompressAutoConfiguration {

    /**
     * The settings: the typed keys first, then Spring's {@link Environment} for the keys of codecs the properties do
     * not name ({@code restcompress.<coding>.<name>} of a codec of the application's own). Checked here, once: a bad
     * value fails the start naming its key.
     *
     * @param properties  the typed {@code restcompress.*} properties
     * @param environment Spring's environment, for codec keys the properties do not name
     * @param listeners   every {@link CompressionListener} bean, in order
     * @return the configuration
     */
    @Bean
    @ConditionalOnMissingBean
    public CompressionConfig restCompressConfig(RestCompressProperties properties, Environment environment,
            ObjectProvider<CompressionListener> listeners) {
        Map<String, Object> keys = properties.keys();
        CompressionConfigBuilder builder = CompressionConfig.builder(keys)
                .codecSettings(key -> keys.containsKey(key) ? keys.get(key) : environment.getProperty(key));
        listeners.orderedStream().forEach(builder::listener);
        return builder.build();
    }

    /**
     * Sizes in the library's spellings ({@code 100K}, {@code 2KiB}) as well as Spring's ({@code 100KB}), so that one
     * {@code restcompress.threshold=100K} works on every runtime. It widens every size property of the application
     * alike: a value Spring reads keeps its meaning.
     *
     * @return the converter
     */
    @Bean
    @ConfigurationPropertiesBinding
    public static GenericConverter restCompressSizes() {
        return new LibrarySizes();
    }

    /**
     * Registers the feature, with the configuration bean, on the application's Jersey {@code ResourceConfig}. Where the
     * application registered the feature itself, Jersey would keep that one and drop this one silently, and with it
     * the {@code restcompress.*} properties and the listeners: if any are set, the start fails saying so (the
     * starter's own meters are only said to be off).
     *
     * @param config     the configuration bean
     * @param properties the typed {@code restcompress.*} properties
     * @param beans      the application's beans, for its {@link CompressionListener}s
     * @return the customizer
     */
    @Bean
    public ResourceConfigCustomizer restCompressFeature(CompressionConfig config, RestCompressProperties properties,
            ListableBeanFactory beans) {
        return resourceConfig -> {
            if (!resourceConfig.isRegistered(CompressionFeature.class)) {
                resourceConfig.register(new CompressionFeature(config));
                return;
            }
            Set<String> lost = new TreeSet<>(properties.keys().keySet());
            beans.getBeansOfType(CompressionListener.class).keySet().stream()
                    .filter(name -> !name.equals(METERS)).forEach(name -> lost.add("the CompressionListener " + name));
            if (!lost.isEmpty()) {
                throw new IllegalStateException("rest-compress: the application registers CompressionFeature on its "
                        + "ResourceConfig itself, so Jersey keeps that one and these would be ignored: " + lost
                        + ". Remove that registration: the starter registers the feature");
            }
            if (beans.containsBean(METERS)) { // the starter's own, not the application's: said, not failed for
                LOG.log(System.Logger.Level.WARNING, "rest-compress: the application registers CompressionFeature "
                        + "on its ResourceConfig itself, so its responses are not metered; remove that registration "
                        + "for the meters");
            }
        };
    }

    /** The name of the starter's meters listener. */
    static final String METERS = "restCompressMeters";
    private static final System.Logger LOG = System.getLogger(RestCompressAutoConfiguration.class.getName());

    /**
     * Jersey's servlet starts with the application rather than at the first request (Boot's default there), so that
     * what only the running feature can check (codings named in the preference, codec settings) fails the start,
     * naming its key, instead of every request. A {@code spring.jersey.servlet.load-on-startup} the application set,
     * whatever its value, is kept.
     *
     * @param environment Spring's environment
     * @return the post-processor
     */
    @Bean
    public static BeanPostProcessor restCompressJerseyAtStartup(Environment environment) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof ServletRegistrationBean<?> registration
                        && registration.getServlet() instanceof ServletContainer
                        && !environment.containsProperty("spring.jersey.servlet.load-on-startup")) {
                    registration.setLoadOnStartup(1);
                }
                return bean;
            }
        };
    }

    /**
     * The meters, where the application has a registry: in the one Spring injects (the primary, or Boot's composite of
     * several), as a listener of the settings above. Not a {@code MeterBinder} bean: Boot would bind it to every
     * registry, and one {@link CompressionMetrics} records into one.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({MeterRegistry.class, CompressionMetrics.class})
    @ConditionalOnBean(MeterRegistry.class)
    static class Metrics {

        @Bean
        @ConditionalOnMissingBean(name = METERS)
        CompressionListener restCompressMeters(MeterRegistry registry) {
            CompressionMetrics metrics = new CompressionMetrics(registry);
            return new CompressionListener() {
                @Override
                public void responded(Decision decision) {
                    metrics.responded(decision);
                }

                @Override
                public void requestBody(RequestBody body) {
                    metrics.requestBody(body);
                }
            };
        }
    }
}
