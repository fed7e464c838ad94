package org.restcompress.demo;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

/**
 * {@code GET /rest/savings?document=static|complex[&fresh=true]}: the landing page's live numbers (see
 * {@link Savings}). The server measures itself on the loopback interface, at the port this request arrived on, with no
 * proxy and no redirect: never at a host a client or a forwarding header names. A failed measurement is a 502.
 */
@Path("savings")
public class SavingsResource {

    /** The documents the page can measure, by name: the endpoint each one is served from. */
    static final Map<String, String> DOCUMENTS = Map.of(
            "static", "static/any",
            "complex", "complex/" + 500 + "?seed=2014");

    private static final Savings SAVINGS = new Savings();

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Savings.Report measure(@QueryParam("document") @DefaultValue("static") String document,
                                  @QueryParam("fresh") boolean fresh, @Context HttpServletRequest request) {
        String path = DOCUMENTS.get(document);
        if (path == null) {
            throw new BadRequestException(text(Response.Status.BAD_REQUEST,
                    "document must be one of " + DOCUMENTS.keySet()));
        }
        try {
            return SAVINGS.report(document, endpoint(request, path), fresh);
        } catch (IOException e) {
            throw new WebApplicationException(text(Response.Status.BAD_GATEWAY, "measuring failed: " + e.getMessage()));
        }
    }

    /** {@code path} under this application, on loopback, at the port the request arrived on. */
    static URI endpoint(HttpServletRequest request, String path) {
        try {
            URI base = new URI("http", null, InetAddress.getLoopbackAddress().getHostAddress(),
                    request.getLocalPort(), request.getContextPath() + request.getServletPath() + "/", null, null);
            return base.resolve(path);
        } catch (URISyntaxException e) {
            throw new WebApplicationException(text(Response.Status.SERVICE_UNAVAILABLE, "no address to measure on"));
        }
    }

    static Response text(Response.Status status, String message) {
        return Response.status(status).type(MediaType.TEXT_PLAIN).entity(message + "\n").build();
    }
}
