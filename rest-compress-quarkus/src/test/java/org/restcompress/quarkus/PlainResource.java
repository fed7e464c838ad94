package org.restcompress.quarkus;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Without the library's annotations: left to Quarkus (its own HTTP compression, when enabled). */
@Path("plain")
public class PlainResource {

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] json() {
        return CodedResource.JSON;
    }

    /** The request body's length as received: the library decodes nothing here. */
    @POST
    @Path("length")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String length(byte[] body) {
        return Integer.toString(body.length);
    }
}
