package org.restcompress.quarkus;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.restcompress.CompressionFeature;

/** The server's annotated resource as Quarkus's REST client sees it, with the library's feature registered. */
@Path("coded")
@RegisterRestClient
@RegisterProvider(CompressionFeature.class)
@RegisterProvider(WireCoding.class)
public interface CodedApi {

    @GET
    @Path("all")
    @Produces(MediaType.APPLICATION_JSON)
    byte[] all();

    @GET
    @Path("etag")
    @Produces(MediaType.APPLICATION_JSON)
    String etag();
}
