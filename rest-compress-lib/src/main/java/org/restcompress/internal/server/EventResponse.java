package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The response an event stream will be, as the application's exclusion predicate sees it where the decision comes
 * before the resource method (CXF, Quarkus REST: {@link ResponseCompression#armEvents}): 200,
 * {@code text/event-stream}, no entity yet, the headers the library will set. Read-only.
 */
final class EventResponse implements ContainerResponseContext {

    private final MultivaluedMap<String, Object> headers;

    EventResponse(MultivaluedMap<String, Object> headers) {
        MultivaluedMap<String, Object> copy = new MultivaluedHashMap<>(headers);
        copy.putSingle("Content-Type", MediaType.SERVER_SENT_EVENTS);
        this.headers = copy;
    }

    @Override
    public int getStatus() {
        return 200;
    }

    @Override
    public void setStatus(int code) {
        throw readOnly();
    }

    @Override
    public Response.StatusType getStatusInfo() {
        return Response.Status.OK;
    }

    @Override
    public void setStatusInfo(Response.StatusType statusInfo) {
        throw readOnly();
    }

    @Override
    public MultivaluedMap<String, Object> getHeaders() {
        return headers;
    }

    @Override
    public MultivaluedMap<String, String> getStringHeaders() {
        MultivaluedMap<String, String> strings = new MultivaluedHashMap<>();
        headers.forEach((name, values) -> values.forEach(value -> strings.add(name, String.valueOf(value))));
        return strings;
    }

    @Override
    public String getHeaderString(String name) {
        for (Map.Entry<String, java.util.List<Object>> header : headers.entrySet()) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return String.join(",", header.getValue().stream().map(String::valueOf).toList());
            }
        }
        return null;
    }

    @Override
    public Set<String> getAllowedMethods() {
        return Set.of();
    }

    @Override
    public Date getDate() {
        return null;
    }

    @Override
    public Locale getLanguage() {
        return null;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public MediaType getMediaType() {
        return MediaType.SERVER_SENT_EVENTS_TYPE;
    }

    @Override
    public Map<String, NewCookie> getCookies() {
        return Map.of();
    }

    @Override
    public EntityTag getEntityTag() {
        return null;
    }

    @Override
    public Date getLastModified() {
        return null;
    }

    @Override
    public URI getLocation() {
        return null;
    }

    @Override
    public Set<Link> getLinks() {
        return Set.of();
    }

    @Override
    public boolean hasLink(String relation) {
        return false;
    }

    @Override
    public Link getLink(String relation) {
        return null;
    }

    @Override
    public Link.Builder getLinkBuilder(String relation) {
        return null;
    }

    @Override
    public boolean hasEntity() {
        return false;
    }

    @Override
    public Object getEntity() {
        return null;
    }

    @Override
    public Class<?> getEntityClass() {
        return null;
    }

    @Override
    public Type getEntityType() {
        return null;
    }

    @Override
    public void setEntity(Object entity) {
        throw readOnly();
    }

    @Override
    public void setEntity(Object entity, Annotation[] annotations, MediaType mediaType) {
        throw readOnly();
    }

    @Override
    public Annotation[] getEntityAnnotations() {
        return new Annotation[0];
    }

    @Override
    public OutputStream getEntityStream() {
        throw readOnly();
    }

    @Override
    public void setEntityStream(OutputStream outputStream) {
        throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("rest-compress: an event stream's response, asked about before its "
                + "resource method ran, is read-only");
    }
}
