package org.restcompress.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.restcompress.GZIP;
import org.restcompress.LZF;

/** A class-level annotation applies to every method; a method's own annotation wins. */
@Path("class")
@GZIP
public class ClassLevelResource {

    @GET
    @Path("inherits")
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] inherits() {
        return CodingResource.JSON;
    }

    @GET
    @Path("overrides")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] overrides() {
        return CodingResource.JSON;
    }
}
