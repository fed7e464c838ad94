package org.restcompress.internal.server;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.negotiation.DecisionRules;
import org.restcompress.internal.negotiation.HeaderLists;
import org.restcompress.internal.runtime.ResponseHeaders;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * One method's decisions: made from the settled facts by {@link DecisionRules}, described in the
 * {@code Compression-Decision} header when {@code restcompress.debug} is on, published once per exchange to the
 * observation (log line, Flight Recorder, listeners), and the headers they put on a response. Shared by the response
 * path ({@link ResponseCompression}) and event streams ({@link EventEncoding}).
 */
final class Decisions {

    static final String CONTENT_RANGE = "Content-Range";
    static final String ACCEPT_CH = "Accept-CH";

    private static final System.Logger LOG = System.getLogger(ResponseCompression.class.getName());

    private final MethodPolicy policy;

    Decisions(MethodPolicy policy) {
        this.policy = policy;
    }

    MethodPolicy policy() {
        return policy;
    }

    /**
     * The one decision for a response, from its settled facts and what the request brought. Its notes (auto's
     * estimate, an unused dictionary) are words for people: built only where someone reads them, the header or an
     * observer, as describing the estimate costs more than choosing by it.
     */
    Decision decide(DecisionRules.Facts settled, RequestFacts facts) {
        Decision decision = DecisionRules.decide(policy.identities(), settled, facts.dictionaryKind());
        return policy.debug() || policy.observation().observed() ? facts.annotate(decision) : decision;
    }

    /** Hands {@code decision} to the observation, once per exchange; nothing when nobody observes. */
    void publish(Exchange exchange, Decision decision) {
        if (policy.observation().observed() && exchange.publishOnce()) {
            policy.observation().responded(decision);
        }
    }

    /**
     * A body whose encoder could not start goes out as it is, said so: the coding and its tag suffix removed from
     * {@code headers}, which nothing has sent yet ({@code tagSuffix}: {@link EntityTags#suffix}). Returns that body's
     * decision.
     */
    Decision unencodable(MultivaluedMap<String, Object> headers, String tagSuffix, String body, Exception cause) {
        LOG.log(System.Logger.Level.WARNING, "rest-compress: " + policy.name() + ": " + body + " goes out unencoded, "
                + "its encoder could not start: " + cause);
        headers.remove(HttpHeaders.CONTENT_ENCODING);
        EntityTags.removeCoding(headers, tagSuffix);
        Decision unencoded = policy.identities().get(Reason.ENCODER_UNAVAILABLE);
        header(unencoded, headers);
        return unencoded;
    }

    /** The decision in a header, when the application asked for it (development). */
    void header(Decision decision, MultivaluedMap<String, Object> headers) {
        if (policy.debug()) {
            headers.putSingle(ConfigKeys.DECISION_HEADER, decision.describe());
        }
    }

    /**
     * What every response of the method says of its negotiation: Vary, and Accept-CH where the hint could change the
     * choice for this request's {@code Accept-Encoding} (auto chooses only among codings, identity included, that a
     * client values equally), or where the response names hints of its own: a client keeps the last list it was sent,
     * and one without {@code Downlink} would stop sending it. A client whose {@code Accept-Encoding} leaves auto
     * nothing to weigh (none, identity alone, or no coding the method offers) is not asked; browsers and the library's
     * client send several.
     */
    void negotiationHeaders(MultivaluedMap<String, Object> headers, RequestFacts facts) {
        Vary.add(headers, policy.dictionaryUse() != null ? Vary.WITH_DICTIONARY : Vary.ACCEPT_ENCODING);
        if (policy.auto() == null || policy.offered().isEmpty()) {
            return;
        }
        List<Object> asked = headers.get(ACCEPT_CH); // looked up once: it decides, and is added to
        if (asked != null || facts.byCost() != null || facts.dictionary() != null
                || facts.negotiated().equallyValued().size() > 1) {
            askForDownlink(headers, asked);
        }
    }

    /**
     * Adds {@code Downlink} to {@code Accept-CH} (the application's own hints kept): clients send it when asked, and
     * a known link lets auto choose by cost. No {@code Critical-CH}: without the hint the configured order decides,
     * which is right on slow links, and the browser's retry of a navigation to send it costs a round trip, more than
     * sending a body as it is could save on a fast one. Browsers take {@code Accept-CH} from navigations only: an
     * application whose pages call its API from a browser sends it on its HTML too (the demo's landing page does).
     */
    private static void askForDownlink(MultivaluedMap<String, Object> headers, List<Object> asked) {
        if (asked == null || asked.isEmpty()) {
            headers.add(ACCEPT_CH, MethodPolicy.DOWNLINK);
            return;
        }
        List<String> present = new ArrayList<>();
        asked.forEach(value -> present.add(String.valueOf(value)));
        if (!HeaderLists.names(present, MethodPolicy.DOWNLINK)) {
            headers.add(ACCEPT_CH, MethodPolicy.DOWNLINK);
        }
    }

    /**
     * The headers of a response sent in {@code coding} (against {@code dictionary}, or null): its tag marked, no length
     * (it is streamed), no digest of the bytes before coding, and no ranges: they would be served from the bytes as
     * they are (a 206 is never encoded) and spliced onto coded ones.
     */
    static void encodedHeaders(MultivaluedMap<String, Object> headers, String coding, Dictionary dictionary) {
        headers.putSingle(HttpHeaders.CONTENT_ENCODING, coding);
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        ResponseHeaders.OF_THE_BYTES.forEach(headers::remove);
        if (headers.containsKey(ResponseHeaders.ACCEPT_RANGES)) {
            headers.putSingle(ResponseHeaders.ACCEPT_RANGES, "none");
        }
        EntityTags.addCoding(headers, EntityTags.suffix(coding, dictionary));
    }

    /** A response that already carries a coding (set by the application or another interceptor). */
    static boolean isEncoded(MultivaluedMap<String, Object> headers) {
        Object coding = headers.getFirst(HttpHeaders.CONTENT_ENCODING);
        return coding != null && !coding.toString().isBlank() && !coding.toString().equalsIgnoreCase("identity");
    }
}
