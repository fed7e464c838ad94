package org.restcompress.demo;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.restcompress.Compressed;
import org.restcompress.TrainedDictionary;

/**
 * Your own documents with a dictionary trained on them: {@code PUT /rest/docs/{id}} stores a JSON document (up to
 * 64 KB; bodies may come compressed), {@code GET /rest/docs/{id}} returns it from a method with
 * {@code @TrainedDictionary("docs")}. After {@value #TRAINS_AFTER} distinct responses (the library's default
 * {@code restcompress.training.samples}, at most a tenth of them per second) the library trains a dictionary on them,
 * and later responses announce it ({@code Link}); a browser or the library's client then gets {@code dcz}. The store
 * is in memory and bounded: past {@value #MAX_DOCUMENTS} documents the least recently stored is forgotten.
 */
@Path("docs")
public class DocsResource {

    static final int MAX_BYTES = 64 * 1024;
    static final int MAX_DOCUMENTS = 2000;
    static final int TRAINS_AFTER = 300;
    private static final ObjectMapper JSON = Jackson.json()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private static final Map<String, byte[]> DOCUMENTS = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
            return size() > MAX_DOCUMENTS;
        }
    };

    @PUT
    @Path("{id: [A-Za-z0-9_.-]{1,64}}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Compressed
    public Response put(@PathParam("id") String id, InputStream body) throws IOException {
        byte[] document = body.readNBytes(MAX_BYTES + 1);
        if (document.length > MAX_BYTES) {
            return Response.status(Response.Status.REQUEST_ENTITY_TOO_LARGE).type(MediaType.TEXT_PLAIN_TYPE)
                    .entity("a document is at most " + MAX_BYTES / 1024 + " KB\n").build();
        }
        try (JsonParser parser = JSON.createParser(document)) {
            JSON.readTree(parser);
            if (parser.nextToken() != null) {
                throw new BadRequestException(plain("one JSON document, with nothing after it"));
            }
        } catch (JsonProcessingException e) {
            throw new BadRequestException(plain("not JSON: " + e.getOriginalMessage()));
        }
        if (document.length == 0) {
            throw new BadRequestException(plain("an empty body is not a JSON document"));
        }
        boolean created;
        synchronized (DOCUMENTS) {
            created = DOCUMENTS.put(id, document) == null;
        }
        return Response.status(created ? Response.Status.CREATED : Response.Status.NO_CONTENT).build();
    }

    @GET
    @Path("{id: [A-Za-z0-9_.-]{1,64}}")
    @Produces(MediaType.APPLICATION_JSON)
    @TrainedDictionary("docs")
    public byte[] get(@PathParam("id") String id) {
        byte[] document;
        synchronized (DOCUMENTS) {
            document = DOCUMENTS.get(id);
        }
        if (document == null) {
            throw new NotFoundException(plain("no document " + id + "; PUT one first"));
        }
        return document;
    }

    private static Response plain(String message) {
        return Response.status(message.startsWith("no document") ? 404 : 400).type(MediaType.TEXT_PLAIN_TYPE)
                .entity(message + "\n").build();
    }
}
