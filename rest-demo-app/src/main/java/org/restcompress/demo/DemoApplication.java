package org.restcompress.demo;

import com.fasterxml.jackson.jakarta.rs.cbor.JacksonCBORProvider;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import com.fasterxml.jackson.jakarta.rs.smile.JacksonSmileProvider;
import com.fasterxml.jackson.jakarta.rs.xml.JacksonXMLProvider;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.restcompress.CompressionFeature;

/**
 * The demo's JAX-RS application: its resources, Jackson for JSON, XML, CBOR, Smile and MessagePack ({@link Formats}),
 * and the compression feature.
 */
@ApplicationPath("/rest")
public class DemoApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(DemoResource.class, SavingsResource.class, DictionaryDemoResource.class,
                DictionarySavingsResource.class, EventsResource.class, TotalsResource.class, DocsResource.class,
                CompressionFeature.class, MessagePackProvider.class);
    }

    /** Jackson's providers, on mappers whose buffers go with the application ({@link Jackson}). */
    @Override
    public Set<Object> getSingletons() {
        return Set.of(new JacksonJsonProvider(Jackson.json()), new JacksonXMLProvider(Jackson.xml()),
                new JacksonCBORProvider(Jackson.cbor()), new JacksonSmileProvider(Jackson.smile()));
    }

    /**
     * The shared dictionary of {@code /rest/items/{id}}, trained on other items (see DemoDictionaryTest); formats chosen
     * by cost among those a client names equally ({@code restcompress.auto.formats}); and, when the
     * environment variable {@value #STORE_VARIABLE} is set (or the system property
     * {@code restcompress.dictionary.store}), a dictionary store shared by every instance, e.g.
     * {@code redis://localhost:6379}.
     */
    @Override
    public Map<String, Object> getProperties() {
        Map<String, Object> properties = new HashMap<>();
        properties.put("restcompress.shared-dictionary.items", "classpath:" + ITEMS_DICTIONARY);
        // a client that names several formats equally, and says how fast its link is, gets the soonest parsed
        if (System.getProperty("restcompress.auto.formats") == null) {
            properties.put("restcompress.auto.formats", "true");
        }
        String store = System.getenv(STORE_VARIABLE);
        if (store != null && !store.isBlank() && System.getProperty("restcompress.dictionary.store") == null) {
            properties.put("restcompress.dictionary.store", store);
        }
        return properties;
    }

    static final String STORE_VARIABLE = "RESTCOMPRESS_DICTIONARY_STORE";

    static final String ITEMS_DICTIONARY = "dictionaries/items.dict";
}
