package org.restcompress.internal.client;

import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.restcompress.internal.MethodCodings;
import org.restcompress.ConfigKeys;

/**
 * On client proxies of an annotated interface (RESTEasy proxies and MicroProfile Rest Client, which apply client
 * dynamic features per method), {@code @LZF}/{@code @GZIP} on a method also choose the coding of its request bodies:
 * the most preferred one the method names. A request property still overrides it.
 */
@ConstrainedTo(RuntimeType.CLIENT)
final class ProxyCodingBinder implements DynamicFeature {

    private final ClientCodecs codings;

    ProxyCodingBinder(ClientCodecs codings) {
        this.codings = codings;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        if (resource.getResourceMethod() == null) {
            return;
        }
        Optional<MethodCodings> declared = MethodCodings.of(resource.getResourceClass(),
                resource.getResourceMethod());
        if (declared.isEmpty()) {
            return;
        }
        List<String> offered = declared.get().resolve(codings.registry(), codings.config().preference(), t -> { });
        if (!offered.isEmpty()) {
            String coding = offered.get(0);
            ClientRequestFilter methodCoding = request -> {
                if (request.getProperty(ConfigKeys.REQUEST_CODING) == null) {
                    request.setProperty(ConfigKeys.REQUEST_CODING, coding);
                }
            };
            context.register(methodCoding, Map.of(ClientRequestFilter.class, Priorities.HEADER_DECORATOR));
        }
    }
}
