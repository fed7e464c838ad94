package org.restcompress.it;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** No annotations: the library leaves these methods alone. */
@Path("plain")
public class PlainResource {

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] get() {
        return CodingResource.JSON;
    }

    /** What the client advertised. */
    @GET
    @Path("accept-encoding")
    @Produces(MediaType.TEXT_PLAIN)
    public String acceptEncoding(@jakarta.ws.rs.HeaderParam("Accept-Encoding") String acceptEncoding) {
        return acceptEncoding == null ? "none" : acceptEncoding;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String post(byte[] body) {
        return Integer.toString(body.length);
    }

    /** Answers without reading the request body, as the runtime alone does it. */
    @POST
    @Path("unread")
    @Produces(MediaType.TEXT_PLAIN)
    public String unread() {
        return "not read";
    }
}
