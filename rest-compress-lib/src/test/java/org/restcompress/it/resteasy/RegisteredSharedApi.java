package org.restcompress.it.resteasy;

import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.restcompress.CompressionFeature;
import org.restcompress.it.SharedApi;

/**
 * The shared interface as a MicroProfile Rest Client declares it: the feature comes with the interface. (Java does
 * not inherit interface annotations, so the path is repeated.)
 */
@Path("api")
@RegisterProvider(CompressionFeature.class)
public interface RegisteredSharedApi extends SharedApi {
}
