package org.restcompress.quarkus;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.restcompress.SharedDictionary;
import org.restcompress.UseAsDictionary;
import org.restcompress.it.DictionaryBodies;

/** Compression dictionaries on Quarkus REST: deltas on a feed, a shared dictionary for small items. */
@Path("dict")
@Produces(MediaType.APPLICATION_JSON)
public class DictResource {

    @GET
    @Path("feed")
    @UseAsDictionary(maxAge = 600)
    public byte[] feed(@QueryParam("at") int step) {
        return DictionaryBodies.feed(step);
    }

    @GET
    @Path("items/{id}")
    @SharedDictionary("items")
    public byte[] item(@PathParam("id") int id) {
        return DictionaryBodies.item(id);
    }
}
