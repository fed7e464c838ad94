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

    /** BREACH: a secret next to reflected input; responses never compressed, requests still decoded. */
    @GET
    @Path("secret")
    @org.restcompress.Uncompressed
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] secret() {
        return CodingResource.JSON;
    }

    @jakarta.ws.rs.POST
    @Path("secret")
    @org.restcompress.Uncompressed
    @jakarta.ws.rs.Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String secretUpload(byte[] body) {
        return Integer.toString(body.length);
    }

    @GET
    @Path("overrides")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] overrides() {
        return CodingResource.JSON;
    }
}
