package org.restcompress.internal.negotiation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.restcompress.observe.Reason;

/**
 * Chooses the content coding of a response: a pure function of the codings on offer, the client's
 * {@code Accept-Encoding} and the server's preference order. The client's qualities decide; among equals the server's
 * preference; a coding wins a tie with identity. Without an {@code Accept-Encoding} header the answer is identity:
 * RFC 9110 allows any coding then, but many clients (and curl without {@code --compressed}) decode none.
 */
public final class EncodingChooser {

    private final List<String> preference;

    /** {@code preference}: canonical tokens, most preferred first; codings not listed rank after, in offer order. */
    public EncodingChooser(List<String> preference) {
        this.preference = List.copyOf(preference);
    }

    /**
     * The choice among {@code offered}, which must already be in server preference order ({@link #byPreference}):
     * callers order a method's codings once, at deployment, not per request.
     */
    public Negotiated choose(List<String> offered, AcceptEncoding accept) {
        if (!accept.isPresent()) {
            return Negotiated.identity(Reason.NO_ACCEPT_ENCODING);
        }
        String best = null;
        int bestQuality = 0;
        for (String coding : offered) {
            int quality = accept.quality(coding);
            if (quality > bestQuality) {
                best = coding;
                bestQuality = quality;
            }
        }
        int identity = accept.identityQuality();
        if (best != null && bestQuality >= identity) {
            return Negotiated.of(best, identity >= 0, equallyValued(offered, accept, bestQuality, identity));
        }
        if (identity < 0) {
            return Negotiated.notAcceptable();
        }
        return Negotiated.identity(best != null ? Reason.IDENTITY_PREFERRED : Reason.NONE_ACCEPTABLE);
    }

    /**
     * The offered codings at {@code quality}, and identity unless the client values it less (not naming it values
     * it as "acceptable, after any listed coding": browsers name none, and take identity from any server).
     */
    private static List<String> equallyValued(List<String> offered, AcceptEncoding accept, int quality, int identity) {
        List<String> equals = new ArrayList<>(offered.size() + 1);
        for (String coding : offered) {
            if (accept.quality(coding) == quality) {
                equals.add(coding);
            }
        }
        if (identity == AcceptEncoding.IMPLICIT_IDENTITY || identity >= quality) {
            equals.add(IDENTITY);
        }
        return equals;
    }

    static final String IDENTITY = "identity";

    /** The offered codings ordered by server preference (stable, so unlisted ones keep their offer order). */
    public List<String> byPreference(List<String> offered) {
        List<String> ordered = new ArrayList<>(offered);
        ordered.sort(Comparator.comparingInt(this::rank));
        return List.copyOf(ordered);
    }

    private int rank(String coding) {
        int index = preference.indexOf(coding);
        return index < 0 ? Integer.MAX_VALUE : index;
    }
}
