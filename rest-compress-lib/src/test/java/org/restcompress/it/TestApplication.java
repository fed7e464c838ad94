package org.restcompress.it;

import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import org.restcompress.CompressionFeature;

/**
 * The library with default settings. On RESTEasy also RESTEasy's own gzip encoder (its {@code @GZIP} annotation
 * support is built in) and a resource that uses it, so that a response RESTEasy encodes is seen not to be encoded
 * twice. (Jersey's own EncodingFilter is not registered: it encodes every response, annotated or not.)
 */
public class TestApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(CompressionFeature.class, CodingResource.class,
                ClassLevelResource.class, SharedApiResource.class, PlainResource.class,
                JacksonJsonProvider.class, DecoratingFilter.class, WireRecorder.class,
                CodingResource.RecordsWriter.class));
        classes.addAll(TestRuntime.CURRENT.extraClasses());
        return classes;
    }
}
