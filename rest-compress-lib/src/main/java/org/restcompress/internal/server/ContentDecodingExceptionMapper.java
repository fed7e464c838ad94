package org.restcompress.internal.server;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.List;
import org.restcompress.ContentDecodingException;

/**
 * 400, 413 or 415 for a decoding failure that surfaces from a resource method reading the body as a stream (the
 * request decoder maps those met by message body readers itself).
 */
public final class ContentDecodingExceptionMapper implements ExceptionMapper<ContentDecodingException> {

    /** The codings the application accepts in request bodies, for a 415. */
    private final List<String> accepted;

    ContentDecodingExceptionMapper(List<String> accepted) {
        this.accepted = List.copyOf(accepted);
    }

    @Override
    public Response toResponse(ContentDecodingException failure) {
        return Problems.decodingFailed(failure, accepted).getResponse();
    }
}
