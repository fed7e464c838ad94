package org.restcompress.internal.runtime;

import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;

/**
 * A runtime's hooks on the headers of the response being written, where Jakarta REST's own headers are not the whole
 * story ({@link RuntimeAdapter#headers}); {@link #NONE} elsewhere.
 */
public interface ResponseHeaders {

    /**
     * Headers that describe the bytes as they were before coding, gone from an encoded response: their digests
     * (and {@code Accept-Ranges}, which becomes {@code none}).
     */
    List<String> OF_THE_BYTES = List.of("Content-MD5", "Content-Digest", "Repr-Digest");
    String ACCEPT_RANGES = "Accept-Ranges";

    /** Nothing to do: the runtime sends the headers the writer interceptor leaves. */
    ResponseHeaders NONE = new ResponseHeaders() { };

    /** The body goes as it is, by the library's decision: no compression of the runtime's own may take it. */
    default void identity(MultivaluedMap<String, Object> headers) {
    }

    /** The headers decided at the body's first bytes, once the entity writer began. */
    default void decided(MultivaluedMap<String, Object> headers) {
    }

    /**
     * Whether a {@code Content-Length} decided once the entity writer began is sent as the body's length. Quarkus REST
     * sends a body past its buffer chunked whatever that header says, so it would go with both.
     */
    default boolean takesLengthLate() {
        return true;
    }
}
