package org.restcompress.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.restcompress.demo.Documents;

/** The demo's documents that the server and network benchmarks serve, as JSON, by name. */
public final class DemoDocuments {

    /** Entries and seed of the 100 KB document: the demo serves it as {@link #MEDIUM_PATH}. */
    public static final int MEDIUM_ENTRIES = 560;
    public static final long MEDIUM_SEED = 2014;
    public static final String MEDIUM_PATH = "complex/" + MEDIUM_ENTRIES + "/json?seed=" + MEDIUM_SEED;

    private DemoDocuments() {
    }

    /** "100KB" (a random document, fixed seed) and "1.8MB" (the static one), in that order. */
    public static Map<String, byte[]> json() throws IOException {
        ObjectMapper json = new ObjectMapper();
        Map<String, byte[]> documents = new LinkedHashMap<>();
        documents.put("100KB", json.writeValueAsBytes(Documents.random(MEDIUM_ENTRIES, new Random(MEDIUM_SEED))));
        documents.put("1.8MB", json.writeValueAsBytes(Documents.staticDocument()));
        return documents;
    }
}
