package org.restcompress.demo;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/**
 * MessagePack bodies: Jackson's Jakarta REST provider with MessagePack's Jackson format as its mapper (the project has
 * no MessagePack provider of its own; this serializes nothing itself). {@code application/msgpack} and the older
 * {@code application/x-msgpack}.
 */
@Provider
@Consumes({"application/msgpack", "application/x-msgpack"})
@Produces({"application/msgpack", "application/x-msgpack"})
public class MessagePackProvider extends JacksonJsonProvider {

    public MessagePackProvider() {
        super(Jackson.messagePack());
    }

    @Override
    protected boolean hasMatchingMediaType(MediaType mediaType) {
        return mediaType != null && mediaType.getSubtype().toLowerCase(java.util.Locale.ROOT).endsWith("msgpack");
    }
}
