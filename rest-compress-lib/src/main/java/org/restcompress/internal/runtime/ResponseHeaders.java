package org.restcompress.internal.runtime;

import jakarta.ws.rs.core.MultivaluedMap;

/**
 * A runtime's hooks on the headers of the response being written, where Jakarta REST's own headers are not the whole
 * story ({@link RuntimeAdapter#headers}); {@link #NONE} elsewhere.
 */
public interface ResponseHeaders {

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
