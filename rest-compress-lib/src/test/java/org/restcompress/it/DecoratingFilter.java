package org.restcompress.it;

import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.EntityTag;

/**
 * An application's header decorator at the usual priority that replaces Vary and sets the ETag on the "decorated"
 * resource, as CORS and caching filters do: it runs after the resource's own code.
 */
@jakarta.annotation.Priority(Priorities.HEADER_DECORATOR)
public class DecoratingFilter implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getUriInfo().getPath().endsWith("decorated")) {
            response.getHeaders().putSingle("Vary", "Origin");
            response.getHeaders().putSingle("ETag", new EntityTag("d1"));
        }
    }
}
