package org.restcompress.demo;

import com.fasterxml.jackson.annotation.JsonRootName;
import java.util.LinkedHashMap;

/** A demo payload: entries by key, in order. The root name makes its XML form {@code <document>}. */
@JsonRootName("document")
public final class Document extends LinkedHashMap<String, Documents.Entry> {

    private static final long serialVersionUID = 1L;
}
