package org.restcompress.internal.runtime;

import java.io.OutputStream;

/**
 * An event stream's output, reached while its response passes the response filter with no entity, before the first
 * byte: where a runtime writes events past the writer interceptors (RESTEasy: {@link ResteasyEvents}). The encoder
 * replaces it.
 */
public interface EventOutput {

    /** The stream the runtime writes the events to. */
    OutputStream output();

    /** Makes the runtime write the events to {@code stream} instead. */
    void output(OutputStream stream);
}
