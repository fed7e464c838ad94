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

    /** Answers "coding-received bytes-decoded", so the client can see how its body travelled. */
    @jakarta.ws.rs.POST
    @Path("upload")
    @LZF
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    String upload(byte[] body);

    /** No coding annotation: request bodies go as the client is configured. */
    @jakarta.ws.rs.POST
    @Path("upload-plain")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    String uploadPlain(byte[] body);
}
