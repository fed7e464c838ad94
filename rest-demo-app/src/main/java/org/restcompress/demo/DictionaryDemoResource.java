package org.restcompress.demo;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.restcompress.SharedDictionary;
import org.restcompress.UseAsDictionary;

/**
 * Compression dictionaries (RFC 9842) in the demo. {@code GET /rest/feed[?at=N]}: a feed that changes by a few items
 * per step, each response a dictionary for the next ({@code dcz}/{@code dcb} deltas). {@code GET /rest/items/{id}}:
 * small items compressed with a dictionary trained on other items ({@code items.dict}, announced by {@code Link}).
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class DictionaryDemoResource {

    static final int MAX_ITEM = 1000;

    /** Without {@code at}, the current step (it advances every {@value DemoFeed#STEP_SECONDS} seconds). */
    @GET
    @Path("feed")
    @UseAsDictionary(maxAge = 600)
    public byte[] feed(@QueryParam("at") Long step) {
        long at = step != null ? step : DemoFeed.currentStep();
        if (at < 0) {
            throw new NotFoundException("steps start at 0");
        }
        return DemoFeed.feed(at);
    }

    @GET
    @Path("items/{id}")
    @SharedDictionary("items")
    public byte[] item(@PathParam("id") long id) {
        if (id < 1 || id > MAX_ITEM) {
            throw new NotFoundException("items are 1 to " + MAX_ITEM);
        }
        return DemoFeed.item(id);
    }
}
