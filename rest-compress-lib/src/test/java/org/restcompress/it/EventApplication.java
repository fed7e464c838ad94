package org.restcompress.it;

import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;
import org.restcompress.CompressionFeature;

/** The library with default settings and the event stream resource. */
public class EventApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(CompressionFeature.class, EventResource.class));
        classes.addAll(TestRuntime.CURRENT.extraClasses());
        return classes;
    }
}
