package org.restcompress.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import org.restcompress.Compressed;
import org.restcompress.EncodeOnce;
import org.restcompress.GZIP;
import org.restcompress.LZF;

/**
 * The demo endpoints, under {@code /rest}. Objects come as JSON, XML, CBOR, Smile or MessagePack by the {@code Accept}
 * header (JSON when the client takes any, see {@link #XML} and {@link Formats}).
 */
@Path("/")
public class DemoResource {

    /** Entries of {@code complex} without a size: about 18 KB of JSON. */
    static final int DEFAULT_ENTRIES = 100;

    /**
     * The largest body echo takes, 8 MiB: below the containers' own request limits (WildFly's Undertow refuses bodies
     * over 10 MiB with a 400 of its own), so that the demo's 413 is the answer everywhere.
     */
    static final int ECHO_LIMIT = 8 << 20;

    private static final ObjectMapper JSON = Jackson.json();

    /**
     * XML for clients that ask for it; its lower source quality makes JSON win when a client accepts both alike.
     * (A browser's {@code application/xml} still beats the {@code *}{@code /*} that admits JSON: JAX-RS ranks the
     * more specific type first.)
     */
    static final String XML = "application/xml;qs=0.5";

    /** A small key/value object. */
    public record KeyValue(String key, String value, String time) {
    }

    @GET
    @Path("ping")
    @LZF
    @Produces(MediaType.TEXT_PLAIN)
    public String ping() {
        return "pong";
    }

    /** Below the 1 KB threshold, so it is sent as is whatever the client accepts. */
    @GET
    @Path("object")
    @LZF
    @GZIP
    @Produces({MediaType.APPLICATION_JSON, XML})
    public KeyValue object() {
        return new KeyValue("library", "rest-compress", Instant.now().toString());
    }

    @GET
    @Path("complex")
    @Compressed
    @Produces({MediaType.APPLICATION_JSON, XML, Formats.CBOR, Formats.SMILE, Formats.MSGPACK, Formats.X_MSGPACK})
    public Document complex(@QueryParam("seed") String seed) {
        return Documents.random(DEFAULT_ENTRIES, random(seed));
    }

    /** A random document of {@code size} entries; {@code ?seed=n} makes it the same on every call. */
    @GET
    @Path("complex/{size}")
    @Compressed
    @Produces({MediaType.APPLICATION_JSON, XML, Formats.CBOR, Formats.SMILE, Formats.MSGPACK, Formats.X_MSGPACK})
    public Document complex(@PathParam("size") String size, @QueryParam("seed") String seed) {
        return Documents.random(entries(size), random(seed));
    }

    /** The same document serialized by the method: a JSON string, as resources that cache their output return. */
    @GET
    @Path("complex/{size}/json")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public String complexJson(@PathParam("size") String size, @QueryParam("seed") String seed)
            throws JsonProcessingException {
        return JSON.writeValueAsString(Documents.random(entries(size), random(seed)));
    }

    @GET
    @Path("static")
    @LZF
    @Produces({MediaType.APPLICATION_JSON, XML})
    public Document staticLzf() {
        return Documents.staticDocument();
    }

    @GET
    @Path("static/gzip")
    @GZIP
    @Produces({MediaType.APPLICATION_JSON, XML})
    public Document staticGzip() {
        return Documents.staticDocument();
    }

    /** Every coding the server has: the client's Accept-Encoding picks (browsers get zstd or br). */
    @GET
    @Path("static/any")
    @Compressed
    @Produces({MediaType.APPLICATION_JSON, XML, Formats.CBOR, Formats.SMILE, Formats.MSGPACK, Formats.X_MSGPACK})
    public Document staticAny() {
        return Documents.staticDocument();
    }

    /**
     * The same document, encoded once: every client gets the same bytes until it changes, so each coding's form is
     * kept, made stronger in the background, and sent as kept (the landing page's totals count them).
     */
    @GET
    @Path("static/once")
    @Compressed(encodeOnce = EncodeOnce.SHARED)
    @Produces({MediaType.APPLICATION_JSON, XML})
    public Document staticOnce() {
        return Documents.staticDocument();
    }

    /** A record with a binary field (a 186 KB PNG): base64 in JSON and XML, bytes in the binary formats. */
    @GET
    @Path("photo")
    @Compressed
    @Produces({MediaType.APPLICATION_JSON, XML, Formats.CBOR, Formats.SMILE, Formats.MSGPACK, Formats.X_MSGPACK})
    public Photo photo() {
        return Photo.SAMPLE;
    }

    /**
     * Returns the decoded request body unchanged, with its Content-Type, in the negotiated coding. Compressed bodies
     * are held to the library's decoded-size limit (10 MiB); all to {@link #ECHO_LIMIT} here, since the demo holds
     * the body.
     */
    @POST
    @Path("echo")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    public Response echo(InputStream body, @Context HttpHeaders headers) throws IOException {
        if (headers.getLength() > ECHO_LIMIT) {
            throw tooLarge();
        }
        byte[] bytes = body.readNBytes(ECHO_LIMIT + 1);
        if (bytes.length > ECHO_LIMIT) {
            throw tooLarge();
        }
        MediaType type = headers.getMediaType() != null ? headers.getMediaType() : MediaType.APPLICATION_OCTET_STREAM_TYPE;
        // the client's own type comes back from this origin: no browser may sniff it into something else
        return Response.ok(bytes, type).header("X-Content-Type-Options", "nosniff").build();
    }

    private static WebApplicationException tooLarge() {
        return new WebApplicationException(Response.status(Response.Status.REQUEST_ENTITY_TOO_LARGE)
                .type(MediaType.TEXT_PLAIN).entity("echo takes bodies of up to " + ECHO_LIMIT + " bytes\n").build());
    }

    /** A size from the path: a whole number up to {@link Documents#MAX_ENTRIES}, else 400 saying so. */
    static int entries(String size) {
        try {
            int entries = Integer.parseInt(size);
            if (entries >= 0 && entries <= Documents.MAX_ENTRIES) {
                return entries;
            }
        } catch (NumberFormatException ignored) {
            // answered below
        }
        throw badRequest("size must be a whole number from 0 to " + Documents.MAX_ENTRIES, size);
    }

    /** The query's seed, or a fresh random source without one; 400 when it is not a number. */
    static Random random(String seed) {
        if (seed == null) {
            return ThreadLocalRandom.current();
        }
        try {
            return new Random(Long.parseLong(seed));
        } catch (NumberFormatException e) {
            throw badRequest("seed must be a whole number", seed);
        }
    }

    /** A whole number from the query within [min, max], else 400 naming the parameter and the rule. */
    static int whole(String name, String value, int min, int max) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // answered below
        }
        throw badRequest(name + " must be a whole number from " + min + " to " + max, value);
    }

    private static BadRequestException badRequest(String rule, String value) {
        String printable = value.replaceAll("[^\\x20-\\x7e]", "?");
        String shown = printable.length() > 20 ? printable.substring(0, 20) + "..." : printable;
        return new BadRequestException(Response.status(Response.Status.BAD_REQUEST).type(MediaType.TEXT_PLAIN)
                .entity(rule + ", was '" + shown + "'\n").build());
    }
}
