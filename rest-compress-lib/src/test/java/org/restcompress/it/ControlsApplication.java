package org.restcompress.it;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import jakarta.ws.rs.core.Application;
import java.util.Set;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;

/**
 * The library configured in code: responses that set a cookie stay unencoded, bodies may expand 100:1 at most, and
 * gzip responses carry up to 64 bytes of random padding.
 */
public class ControlsApplication extends Application {

    /** How often the response predicate was asked. */
    static final java.util.concurrent.atomic.AtomicInteger ASKED = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    @SuppressWarnings("deprecation") // still the portable way to register a configured provider instance
    public Set<Object> getSingletons() {
        return Set.of(new CompressionFeature(CompressionConfig.builder()
                .excludeResponses((request, response) -> ASKED.incrementAndGet() > 0
                        && response.getHeaders().containsKey("Set-Cookie"))
                .maxExpansionRatio(100)
                .codecSettings(key -> key.equals("restcompress.gzip.padding") ? "64" : null)
                .build()));
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(CodingResource.class, JacksonJsonProvider.class);
    }
}
