package org.restcompress.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.restcompress.Compressed;
import org.restcompress.EncodeOnce;

/** Bodies that repeat, with and without the marks of a private response. */
@Path("once")
public class EncodeOnceResource {

    /** 64 KiB: its fingerprint reads every eighth 8-byte word. */
    static final byte[] BODY = Bodies.json(64 * 1024);
    /** {@link #BODY} with bytes 8 to 15 changed: a word its fingerprint does not read, so the same fingerprint. */
    static final byte[] TWIN = twin();
    /** More than an eighth of {@link EncodeOnceApplication#MAX_BYTES}: never kept. */
    static final byte[] LARGE = Bodies.json(200 * 1024);

    private static byte[] twin() {
        byte[] twin = BODY.clone();
        for (int i = 8; i < 16; i++) {
            twin[i] = (byte) (twin[i] == ' ' ? 'x' : ' ');
        }
        return twin;
    }

    @GET
    @Path("shared/{which}")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] shared(@PathParam("which") String which) {
        return which.equals("twin") ? TWIN : which.equals("large") ? LARGE : BODY;
    }

    /** A string: its writer's buffer is copied, not borrowed. */
    @GET
    @Path("text")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public String text() {
        return new String(BODY, StandardCharsets.UTF_8);
    }

    /** Jackson writes it in pieces. */
    @GET
    @Path("object")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> object() {
        return Map.of("items", new String(BODY, StandardCharsets.UTF_8));
    }

    @GET
    @Path("marked/{mark}")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public Response marked(@PathParam("mark") String mark) {
        Response.ResponseBuilder ok = Response.ok(BODY);
        switch (mark) {
            case "private": return ok.header("Cache-Control", "max-age=60, private").build();
            case "no-store": return ok.cacheControl(CacheControl.valueOf("no-store")).build();
            case "cookie": return ok.cookie(new NewCookie.Builder("session").value("s1").build()).build();
            case "public": return ok.header("Cache-Control", "public, max-age=60").build();
            default: return ok.build();
        }
    }

    @GET
    @Path("always")
    @Compressed(encodeOnce = EncodeOnce.ALWAYS)
    @Produces(MediaType.APPLICATION_JSON)
    public Response always() {
        return Response.ok(BODY).header("Cache-Control", "private").build();
    }

    @GET
    @Path("never")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] never() {
        return BODY;
    }

    @GET
    @Path("tagged")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public Response tagged(@Context Request request) {
        EntityTag tag = new EntityTag("v1");
        Response.ResponseBuilder unchanged = request.evaluatePreconditions(tag);
        return unchanged != null ? unchanged.build() : Response.ok(BODY).tag(tag).build();
    }

    /** Encoding once said on the class, the coding on the method. */
    @Path("once-class")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    public static class OnClass {
        @GET
        @Compressed("gzip")
        @Produces(MediaType.APPLICATION_JSON)
        public byte[] get() {
            return BODY;
        }
    }

    @GET
    @Path("streamed")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces(MediaType.APPLICATION_JSON)
    public StreamingOutput streamed() {
        return out -> out.write(BODY);
    }
}
