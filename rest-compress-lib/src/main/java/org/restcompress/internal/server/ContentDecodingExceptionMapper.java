package org.restcompress.internal.server;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.restcompress.ContentDecodingException;

/**
 * 400 or 413 for a decoding failure that surfaces from a resource method reading the body as a stream (the request
 * decoder maps those met by message body readers itself).
 */
public final class ContentDecodingExceptionMapper implements ExceptionMapper<ContentDecodingException> {

    @Override
    public Response toResponse(ContentDecodingException failure) {
        return Problems.decodingFailed(failure).getResponse();
    }
}
