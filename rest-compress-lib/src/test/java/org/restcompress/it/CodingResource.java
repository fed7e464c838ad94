package org.restcompress.it;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.restcompress.Compressed;
import org.restcompress.CompressionOptions;
import org.restcompress.GZIP;
import org.restcompress.LZF;
import org.restcompress.testcodec.Xor;

/** One resource method per behaviour under test. */
@Path("/")
public class CodingResource {

    public static final byte[] JSON = Bodies.json(100_000);
    public static final byte[] SMALL = Bodies.json(200);
    public static final byte[] PNG = Bodies.random(50_000);
    public static final String STREAM_FIRST = "data: first event\n\n";
    public static final String STREAM_SECOND = "data: second event\n\n";
    /** Released by the streaming test once it has decoded the first event. */
    public static volatile CountDownLatch streamGate = new CountDownLatch(1);
    /**
     * Sent instead of the second part when the test never opened the gate: the first part did not reach it while the
     * server held the rest back. (Sending the second part anyway would let such a test pass, 20 seconds late.)
     */
    public static final String GATE_TIMED_OUT = "gate timed out: the first part never reached the client\n";

    /** Waits for the streaming test to open the gate: whether it did in time. */
    private static boolean opened(CountDownLatch gate) {
        try {
            return gate.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @GET
    @Path("lzf")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] lzf() {
        return JSON;
    }

    @GET
    @Path("gzip")
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] gzip() {
        return JSON;
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
    @Path("all")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] all() {
        return JSON;
    }

    @GET
    @Path("named")
    @Compressed({"deflate", "gzip", "no-such-coding"})
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] named() {
        return JSON;
    }

    @GET
    @Path("custom")
    @Xor
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] custom() {
        return JSON;
    }

    @GET
    @Path("small")
    @LZF
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] small() {
        return SMALL;
    }

    @GET
    @Path("sized/{size}")
    @LZF
    @GZIP
    @Produces(MediaType.TEXT_PLAIN)
    public byte[] sized(@PathParam("size") int size) {
        return Bodies.json(size);
    }

    @GET
    @Path("threshold-zero")
    @LZF
    @CompressionOptions(threshold = 0)
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] thresholdZero() {
        return SMALL;
    }

    @GET
    @Path("empty")
    @LZF
    @GZIP
    @Produces(MediaType.TEXT_PLAIN)
    public String empty() {
        return "";
    }

    @GET
    @Path("no-content")
    @LZF
    public void noContent() {
    }

    @GET
    @Path("png")
    @LZF
    @GZIP
    @Produces("image/png")
    public byte[] png() {
        return PNG;
    }

    @GET
    @Path("svg")
    @GZIP
    @Produces("image/svg+xml")
    public byte[] svg() {
        return JSON;
    }

    @GET
    @Path("vary")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response vary() {
        return Response.ok(JSON).header("Vary", "Origin").build();
    }

    @GET
    @Path("content-length")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response contentLength() {
        return Response.ok(JSON).header(HttpHeaders.CONTENT_LENGTH, JSON.length).build();
    }

    @GET
    @Path("digested")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response digested() {
        return Response.ok(JSON).header("Accept-Ranges", "bytes").header("Content-Digest", "sha-256=:AAAA:")
                .header("Repr-Digest", "sha-256=:AAAA:").header("Content-MD5", "AAAA").build();
    }

    @GET
    @Path("etag")
    @LZF
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public Response etag(@Context Request request) {
        EntityTag tag = new EntityTag("v1");
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.tag(tag).build();
        }
        return Response.ok(JSON).tag(tag).build();
    }

    @jakarta.ws.rs.PUT
    @Path("etag")
    @LZF
    @GZIP
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public Response updateEtag(@Context Request request, byte[] body) {
        EntityTag tag = new EntityTag("v1");
        Response.ResponseBuilder failed = request.evaluatePreconditions(tag);
        if (failed != null) {
            return failed.build();
        }
        return Response.ok("updated " + body.length).build();
    }

    @GET
    @Path("decorated")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] decorated() {
        return JSON;
    }

    @GET
    @Path("cache-control")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response cacheControl() {
        jakarta.ws.rs.core.CacheControl cache = new jakarta.ws.rs.core.CacheControl(); // no-transform by default
        cache.setMaxAge(60);
        return Response.ok(JSON).cacheControl(cache).build();
    }

    @POST
    @Path("peek")
    @LZF
    @GZIP
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String peek(InputStream body) throws IOException {
        return new String(body.readNBytes(7), StandardCharsets.UTF_8);
    }

    /** Reads the body as a stream and wraps what goes wrong, as many methods do: a 500 of the application's. */
    @POST
    @Path("count-wrapped")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String countWrapped(InputStream body) {
        try {
            return count(body);
        } catch (IOException e) {
            throw new jakarta.ws.rs.WebApplicationException(e);
        }
    }

    @GET
    @Path("with-cookie")
    @Compressed
    @Produces(MediaType.APPLICATION_JSON)
    public Response withCookie() {
        return Response.ok(JSON).cookie(new jakarta.ws.rs.core.NewCookie.Builder("session").value("s3cret").build())
                .build();
    }

    @GET
    @Path("weak-etag")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response weakEtag() {
        return Response.ok(JSON).tag(new EntityTag("w1", true)).build();
    }

    @GET
    @Path("pre-encoded")
    @LZF
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public Response preEncoded() {
        return Response.ok(Bodies.deflate(JSON)).header(HttpHeaders.CONTENT_ENCODING, "deflate").build();
    }

    @GET
    @Path("no-transform")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response noTransform() {
        return Response.ok(JSON).header(HttpHeaders.CACHE_CONTROL, "max-age=60, no-transform").build();
    }

    @GET
    @Path("partial")
    @LZF
    @Produces(MediaType.APPLICATION_JSON)
    public Response partial() {
        return Response.status(206).entity(JSON).header("Content-Range", "bytes 0-99999/200000").build();
    }

    @GET
    @Path("not-found")
    @LZF
    @Produces(MediaType.TEXT_PLAIN)
    public Response notFound() {
        return Response.status(404).entity(new String(JSON, StandardCharsets.UTF_8)).build();
    }

    @GET
    @Path("jackson/{entries}")
    @LZF
    @GZIP
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> jackson(@PathParam("entries") int entries) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < entries; i++) {
            map.put("key" + i, Map.of("name", "entry " + i, "value", i * 31));
        }
        return map;
    }

    @GET
    @Path("stream")
    @Compressed
    @Produces(MediaType.TEXT_PLAIN)
    public StreamingOutput stream() {
        CountDownLatch gate = streamGate;
        return out -> {
            out.write(STREAM_FIRST.getBytes(StandardCharsets.UTF_8));
            out.flush();
            out.write((opened(gate) ? STREAM_SECOND : GATE_TIMED_OUT).getBytes(StandardCharsets.UTF_8));
        };
    }

    /** Records a writer of the application's own streams (not a {@code StreamingOutput}), flushed one by one. */
    public record Records(CountDownLatch gate) { }

    @jakarta.ws.rs.ext.Provider
    @Produces("application/x-ndjson")
    public static final class RecordsWriter implements jakarta.ws.rs.ext.MessageBodyWriter<Records> {
        @Override
        public boolean isWriteable(Class<?> type, java.lang.reflect.Type generic,
                java.lang.annotation.Annotation[] annotations, MediaType mediaType) {
            return type == Records.class;
        }

        @Override
        public void writeTo(Records records, Class<?> type, java.lang.reflect.Type generic,
                java.lang.annotation.Annotation[] annotations, MediaType mediaType,
                jakarta.ws.rs.core.MultivaluedMap<String, Object> headers, java.io.OutputStream out)
                throws IOException {
            out.write(STREAM_FIRST.getBytes(StandardCharsets.UTF_8));
            out.flush();
            out.write((opened(records.gate()) ? STREAM_SECOND : GATE_TIMED_OUT).getBytes(StandardCharsets.UTF_8));
        }
    }

    @GET
    @Path("records")
    @Compressed
    @Produces("application/x-ndjson")
    public Records records() {
        return new Records(streamGate);
    }

    /** Server-Sent Events written as a stream (compressible in every coding); the second waits for the gate. */
    @GET
    @Path("event-stream")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public StreamingOutput eventStream() {
        CountDownLatch gate = streamGate;
        return out -> {
            out.write("event: tick\ndata: first event\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            String second = opened(gate) ? "second event" : GATE_TIMED_OUT.trim();
            out.write(("event: tick\ndata: " + second + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        };
    }

    @POST
    @Path("echo")
    @LZF
    @GZIP
    @Compressed("deflate")
    @Consumes(MediaType.WILDCARD)
    public Response echo(byte[] body, @Context HttpHeaders headers) {
        return Response.ok(body, headers.getMediaType()).build();
    }

    @POST
    @Path("echo-all")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    public Response echoAll(byte[] body, @Context HttpHeaders headers) {
        return Response.ok(body, headers.getMediaType()).build();
    }

    @POST
    @Path("echo-json")
    @LZF
    @GZIP
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> echoJson(Map<String, Object> body) { // a Map, not Object: CXF finds no reader for Object
        return body;
    }

    @POST
    @Path("count")
    @LZF
    @GZIP
    @Compressed
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String count(InputStream body) throws IOException {
        byte[] buffer = new byte[8192];
        long count = 0;
        for (int n; (n = body.read(buffer)) >= 0; ) {
            count += n;
        }
        return Long.toString(count);
    }

    @POST
    @Path("count-bytes")
    @LZF
    @GZIP
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String countBytes(byte[] body) {
        return Integer.toString(body.length);
    }

    /** How the body travelled ("none" when unencoded) and its decoded length. */
    @POST
    @Path("received")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String received(byte[] body, @Context HttpHeaders headers) {
        return headers.getHeaderString("X-Received-Content-Encoding") + " " + body.length;
    }

    /** How the body travelled: its coding, its framing ("none" for a Content-Length), its decoded length. */
    @POST
    @Path("received-framing")
    @Compressed
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String receivedFraming(byte[] body, @Context HttpHeaders headers) {
        return headers.getHeaderString("X-Received-Content-Encoding") + " "
                + headers.getHeaderString("X-Received-Transfer-Encoding") + " " + body.length;
    }

    @POST
    @Path("limited")
    @LZF
    @CompressionOptions(maxDecodedSize = 1000)
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String limited(byte[] body) {
        return Integer.toString(body.length);
    }
}
