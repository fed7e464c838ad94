package org.restcompress.it.resteasy;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.restcompress.LZF;
import org.restcompress.it.CodingResource;

/** RESTEasy's own {@code @GZIP} next to the library's {@code @LZF}: added to TestApplication on RESTEasy only. */
@Path("resteasy-gzip")
public class ResteasyGzipResource {

    @GET
    @LZF
    @org.jboss.resteasy.annotations.GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] resteasyGzip() {
        return CodingResource.JSON;
    }
}
