package org.restcompress.demo;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * {@code GET /rest/savings?document=static|complex}: the landing page's live numbers, measured on request (see
 * {@link Savings}). The server calls itself on the address the request came in on, never on a client-supplied host,
 * and runs one measurement at a time.
 */
@Path("savings")
public class SavingsResource {

    /** The documents the page can measure, by name: the endpoint each one is served from. */
    static final Map<String, String> DOCUMENTS = Map.of(
            "static", "static/any",
            "complex", "complex/" + 500 + "?seed=2014");

    private static final Savings SAVINGS = new Savings();
    private static final Semaphore ONE_AT_A_TIME = new Semaphore(1);

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Savings.Report measure(@QueryParam("document") @DefaultValue("static") String document,
                                  @Context HttpServletRequest request) throws IOException {
        String path = DOCUMENTS.get(document);
        if (path == null) {
            throw new BadRequestException(Response.status(Response.Status.BAD_REQUEST).type(MediaType.TEXT_PLAIN)
                    .entity("document must be one of " + DOCUMENTS.keySet() + "\n").build());
        }
        if (!ONE_AT_A_TIME.tryAcquire()) {
            throw new ServiceUnavailableException(Response.status(Response.Status.SERVICE_UNAVAILABLE)
                    .header("Retry-After", "2").type(MediaType.TEXT_PLAIN)
                    .entity("another measurement is running; try again in a moment\n").build());
        }
        try {
            return SAVINGS.measure(document, endpoint(request, path));
        } finally {
            ONE_AT_A_TIME.release();
        }
    }

    /** {@code path} under this application, on the local address and port the request arrived at. */
    private static URI endpoint(HttpServletRequest request, String path) {
        try {
            URI base = new URI("http", null, request.getLocalAddr(), request.getLocalPort(),
                    request.getContextPath() + request.getServletPath() + "/", null, null);
            return base.resolve(path);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("no address to measure on", e);
        }
    }
}
