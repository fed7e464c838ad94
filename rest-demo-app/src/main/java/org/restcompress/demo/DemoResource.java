package org.restcompress.demo;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.restcompress.Compressed;
import org.restcompress.GZIP;
import org.restcompress.LZF;

/** The demo endpoints, under /rest. */
@Path("/")
public class DemoResource {

    @GET
    @Path("ping")
    @LZF
    @Produces(MediaType.TEXT_PLAIN)
    public String ping() {
        return "pong";
    }

    @GET
    @Path("static")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, StaticDocument.Entry> staticLzf() {
        return StaticDocument.get();
    }

    @GET
    @Path("static/gzip")
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, StaticDocument.Entry> staticGzip() {
        return StaticDocument.get();
    }

    /** Every coding the server has: the client's Accept-Encoding picks (browsers get zstd or br). */
    @GET
    @Path("static/any")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, StaticDocument.Entry> staticAny() {
        return StaticDocument.get();
    }

    /** Returns the decoded request body unchanged, with its Content-Type, in the negotiated coding. */
    @POST
    @Path("echo")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    public Response echo(byte[] body, @Context HttpHeaders headers) {
        MediaType type = headers.getMediaType() != null ? headers.getMediaType() : MediaType.APPLICATION_OCTET_STREAM_TYPE;
        return Response.ok(body, type).build();
    }
}
