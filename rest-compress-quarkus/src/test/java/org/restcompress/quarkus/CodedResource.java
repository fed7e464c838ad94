package org.restcompress.quarkus;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import org.restcompress.Compressed;
import org.restcompress.EncodeOnce;
import org.restcompress.GZIP;
import org.restcompress.LZF;
import org.restcompress.it.Bodies;

/** Resource methods annotated with the library's codings: what the library encodes and decodes on Quarkus REST. */
@Path("coded")
public class CodedResource {

    /** About 100 KB of JSON: far above the library's threshold (1024) and Quarkus's (none). */
    public static final byte[] JSON = Bodies.json(100_000);
    /** Below the library's threshold of 1024 bytes. */
    public static final byte[] SMALL = Bodies.json(200);

    @GET
    @Path("all")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] all() {
        return JSON;
    }

    /** Encoded once: the third request for the same body is sent as kept, its length known. */
    @GET
    @Path("once")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public Response once() {
        return Response.ok(JSON).tag(new EntityTag("once-1")).build();
    }

    @GET
    @Path("both")
    @LZF
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] both() {
        return JSON;
    }

    @GET
    @Path("small")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] small() {
        return SMALL;
    }

    /** A body whose size its entity does not show: {@code ?small=true} below the threshold, else above it. */
    @GET
    @Path("streamed")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public jakarta.ws.rs.core.StreamingOutput streamed(@jakarta.ws.rs.QueryParam("small") boolean small) {
        return out -> out.write(small ? SMALL : JSON);
    }

    @GET
    @Path("etag")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public Response etag(@Context Request request) {
        EntityTag tag = new EntityTag("v1");
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.tag(tag).build();
        }
        return Response.ok(JSON).tag(tag).build();
    }

    /** lzf only, with a strong ETag: what a client that takes only gzip gets from the library is identity. */
    @GET
    @Path("lzf-etag")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response lzfEtag() {
        return Response.ok(JSON).tag(new EntityTag("v2")).build();
    }

    /** The decoded request body back, in the coding the client's Accept-Encoding negotiates. */
    @POST
    @Path("echo")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    public Response echo(byte[] body, @Context HttpHeaders headers) {
        return Response.ok(body, headers.getMediaType()).build();
    }
}
