package org.restcompress.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import org.restcompress.Compressed;
import org.restcompress.GZIP;
import org.restcompress.SharedDictionary;
import org.restcompress.UseAsDictionary;

/** Methods that use compression dictionaries: deltas on a feed, a shared dictionary for small items. */
@Path("dict")
@Produces(MediaType.APPLICATION_JSON)
public class DictionaryResource {

    @GET
    @Path("feed")
    @UseAsDictionary(maxAge = 600)
    public byte[] feed(@QueryParam("at") int step) {
        return DictionaryBodies.feed(step);
    }

    /** Takes a new version of the feed: its body may come in dcz against the version the client has. */
    @POST
    @Path("feed")
    @UseAsDictionary
    public byte[] putFeed(byte[] body) {
        return body;
    }

    /** Only gzip besides the dictionary codings. */
    @GET
    @Path("gzip-feed")
    @GZIP
    @UseAsDictionary(match = "/rest/dict/gzip-feed*")
    public byte[] gzipFeed(@QueryParam("at") int step) {
        return DictionaryBodies.feed(step);
    }

    /** Takes a body at a URL the gzip feed's dictionaries match, and keeps none of its own. */
    @POST
    @Path("gzip-feed")
    @GZIP
    public byte[] takeGzipFeed(byte[] body) {
        return body;
    }

    /** Sets a cookie: excluded from compression by the test application's predicate, so never a dictionary. */
    @GET
    @Path("session-feed")
    @UseAsDictionary
    public Response sessionFeed(@QueryParam("at") int step) {
        return Response.ok(DictionaryBodies.feed(step)).header("Set-Cookie", "session=1").build();
    }

    @GET
    @Path("items/{id}")
    @SharedDictionary("items")
    public byte[] item(@PathParam("id") int id) {
        return DictionaryBodies.item(id);
    }

    /** With a strong ETag per step, answering conditional requests. */
    @GET
    @Path("tagged-feed")
    @UseAsDictionary
    public Response taggedFeed(@QueryParam("at") int step, @Context Request request) {
        EntityTag tag = new EntityTag("step-" + step);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        return notModified != null ? notModified.build() : Response.ok(DictionaryBodies.feed(step)).tag(tag).build();
    }

    @POST
    @Path("echo")
    @Compressed
    public byte[] echo(byte[] body) {
        return body;
    }
}
