package org.restcompress.internal.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.cost.FormatChoice;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * {@code restcompress.auto.formats}, the response filter's step: among the representations the client accepts
 * equally, the one soonest delivered and parsed ({@link FormatChoice}), set as the response's media type, so that its
 * writer writes it. Only for an entity a provider maps (an object, not bytes, an array or a stream already in one
 * format), and only among formats this method has already written.
 */
final class FormatSelection {

    private FormatSelection() {
    }

    /** Chooses for {@code response}; the exchange's facts then name the format (and the coding chosen with it). */
    static void choose(MethodPolicy policy, ContainerRequestContext request, ContainerResponseContext response,
            Exchange exchange) {
        Object entity = response.getEntity();
        if (entity == null || entity.getClass().isArray() || entity.getClass().getName().startsWith("java.")
                || entity instanceof StreamingOutput || entity instanceof GenericEntity) {
            return;
        }
        RequestFacts facts = exchange.facts();
        Negotiated negotiated = facts.negotiated();
        String coding = negotiated.isEncoded() ? negotiated.coding() : Decision.IDENTITY;
        List<String> codings = new ArrayList<>(List.of(coding));
        AutoCoding auto = policy.auto();
        double bitsPerSecond = auto.linkBitsPerSecond(request.getHeaderString(MethodPolicy.DOWNLINK));
        FormatChoice.Weigh weigh = FormatChoice.plainly(bitsPerSecond);
        AutoCoding.Pick byCost = facts.byCost();
        if (negotiated.reason() == Reason.AUTO && byCost != null && byCost.note() == null
                && !byCost.ranking().isEmpty() && byCost.link() != null) {
            // auto weighed these for the body alone; the format changes the body: chosen together (not a probe's)
            byCost.ranking().forEach(estimate -> {
                if (!codings.contains(estimate.coding())) {
                    codings.add(estimate.coding());
                }
            });
            weigh = byCost::nanos;
            bitsPerSecond = byCost.link().bitsPerSecond(); // the link auto weighed at (a Downlink may be raised)
        }
        FormatChoice.Pick pick = policy.formats().choose(request.getHeaders().get(HttpHeaders.ACCEPT),
                response.getMediaType(), codings, auto::figures, weigh, bitsPerSecond);
        if (pick == null) {
            return;
        }
        MediaType current = response.getMediaType();
        if (!pick.type().getType().equalsIgnoreCase(current.getType())
                || !pick.type().getSubtype().equalsIgnoreCase(current.getSubtype())) {
            response.setEntity(entity, response.getEntityAnnotations(), pick.type());
        }
        exchange.facts(pick.coding().equals(coding) ? facts.withFormat(pick.note())
                : facts.withFormat(pick.note(), Negotiated.byCost(Decision.IDENTITY.equals(pick.coding()) ? null
                        : pick.coding(), negotiated.identityAcceptable())));
    }
}
