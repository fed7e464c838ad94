package org.restcompress.demo;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import com.fasterxml.jackson.jakarta.rs.xml.JacksonXMLProvider;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;
import org.restcompress.CompressionFeature;

/** The demo's JAX-RS application: its resources, Jackson for JSON and XML, and the compression feature. */
@ApplicationPath("/rest")
public class DemoApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(DemoResource.class, SavingsResource.class, DictionaryDemoResource.class,
                DictionarySavingsResource.class, CompressionFeature.class, JacksonJsonProvider.class,
                JacksonXMLProvider.class);
    }

    /** The shared dictionary of {@code /rest/items/{id}}, trained on other items (see DemoDictionaryTest). */
    @Override
    public Map<String, Object> getProperties() {
        return Map.of("restcompress.shared-dictionary.items", "classpath:" + ITEMS_DICTIONARY);
    }

    static final String ITEMS_DICTIONARY = "dictionaries/items.dict";
}
