package org.restcompress.internal.server;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.restcompress.ContentDecodingException;
import org.restcompress.ContentTooLargeException;
import org.restcompress.internal.dictionary.DictionaryCodec;

/** The library's error responses: a status and one short plain-text line saying what was wrong. */
final class Problems {

    static final int CONTENT_TOO_LARGE = 413;
    private static final int UNSUPPORTED = Response.Status.UNSUPPORTED_MEDIA_TYPE.getStatusCode();

    private Problems() {
    }

    /** 415 with the codings the server does accept (RFC 9110 section 15.5.16, RFC 7694). */
    static WebApplicationException unsupportedCoding(String message, List<String> accepted) {
        return new WebApplicationException(message, response(UNSUPPORTED,
                message + "; accepted: " + String.join(", ", accepted))
                .header(HttpHeaders.ACCEPT_ENCODING, String.join(", ", accepted))
                .build());
    }

    /** 406 when the client refuses identity and every coding on offer. */
    static Response notAcceptable(List<String> offered) {
        return response(Response.Status.NOT_ACCEPTABLE.getStatusCode(),
                "Accept-Encoding refuses identity and every coding offered here: " + String.join(", ", offered))
                .build();
    }

    /**
     * 413 for a body that decodes past the limit; 415 for one coded against a dictionary not available here (a store
     * may forget any), with the codings accepted, so that the sender can send it again in one; 400 for a corrupt or
     * truncated one.
     */
    static WebApplicationException decodingFailed(ContentDecodingException failure, List<String> accepted) {
        int status = status(failure);
        if (status == UNSUPPORTED) { // the dictionary formats listed: they are taken, against another dictionary
            return new WebApplicationException(failure.getMessage(), failure,
                    unsupportedCoding(failure.getCause().getMessage(), accepted).getResponse());
        }
        return new WebApplicationException(failure.getMessage(), failure,
                response(status, failure.getMessage()).build());
    }

    /** The status {@link #decodingFailed} answers {@code failure} with. */
    static int status(ContentDecodingException failure) {
        return failure instanceof ContentTooLargeException ? CONTENT_TOO_LARGE
                : failure.getCause() instanceof DictionaryCodec.UnknownDictionaryException ? UNSUPPORTED
                : Response.Status.BAD_REQUEST.getStatusCode();
    }

    private static Response.ResponseBuilder response(int status, String message) {
        return Response.status(status).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8")).entity(message + "\n");
    }
}
