package org.restcompress.it;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import jakarta.ws.rs.core.Application;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;

/** Encoding once on its resource's methods, kept within 1 MiB, the decisions recorded. */
public class EncodeOnceApplication extends Application {

    static final long MAX_BYTES = 1 << 20;
    static final List<Decision> DECISIONS = new CopyOnWriteArrayList<>();
    static final AtomicLong KEPT = new AtomicLong(-1);

    @Override
    @SuppressWarnings("deprecation") // still the portable way to register a configured provider instance
    public Set<Object> getSingletons() {
        return Set.of(new CompressionFeature(CompressionConfig.builder().debug(true).encodeOnceMaxBytes(MAX_BYTES)
                .listener(new CompressionListener() {
                    @Override
                    public void responded(Decision decision) {
                        DECISIONS.add(decision);
                    }

                    @Override
                    public void encodeOnceKept(long bytes, int bodies) {
                        KEPT.set(bytes);
                    }
                }).build()));
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(EncodeOnceResource.class, EncodeOnceResource.OnClass.class, JacksonJsonProvider.class);
    }
}
