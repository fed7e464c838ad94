package org.restcompress.it;

import jakarta.ws.rs.core.Application;
import java.util.Set;
import org.jboss.resteasy.plugins.interceptors.GZIPEncodingInterceptor;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import org.restcompress.CompressionFeature;

/**
 * The library with default settings, next to RESTEasy's own gzip encoder (its {@code @GZIP} annotation support is
 * built in), so that a response RESTEasy encodes is seen not to be encoded twice.
 */
public class TestApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(CompressionFeature.class, CodingResource.class, ClassLevelResource.class,
                SharedApiResource.class, PlainResource.class,
                GZIPEncodingInterceptor.class, JacksonJsonProvider.class, DecoratingFilter.class,
                WireRecorder.class);
    }
}
