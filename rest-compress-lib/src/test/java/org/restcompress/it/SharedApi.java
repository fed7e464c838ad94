package org.restcompress.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.restcompress.LZF;

/** The 2014 pattern: one annotated interface shared by the server resource and the client proxy. */
@Path("api")
public interface SharedApi {

    @GET
    @Path("shared")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    byte[] shared();
}
