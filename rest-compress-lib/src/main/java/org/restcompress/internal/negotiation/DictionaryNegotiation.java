package org.restcompress.internal.negotiation;

import java.util.List;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.StructuredFields;

/**
 * Whether a request may get a dictionary-compressed response (RFC 9842), before the dictionary is looked up: a pure
 * function of its headers. The client must name one dictionary ({@code Available-Dictionary}, a SHA-256 as a
 * structured-field byte sequence), list {@code dcz} or {@code dcb} at least as high as the coding it would otherwise
 * get, and, unless allowed, come from the same origin ({@code Sec-Fetch-Site}). Anything else leaves the ordinary
 * choice, with a note that says why.
 */
public final class DictionaryNegotiation {

    /**
     * @param coding {@code dcz} or {@code dcb}, or {@code null} when no dictionary coding applies
     * @param hash   the named dictionary's SHA-256 in lowercase hexadecimal, to look up
     * @param note   why not (a token for the decision's description), or {@code null} when the request named no
     *               dictionary or one may be used
     */
    public record Outcome(String coding, String hash, String note) {

        public static final Outcome NONE = new Outcome(null, null, null);

        static Outcome not(String note) {
            return new Outcome(null, null, note);
        }

        public boolean applies() {
            return coding != null;
        }
    }

    public static final String MALFORMED = "malformed";
    public static final String CROSS_ORIGIN = "cross-origin";
    public static final String NOT_ACCEPTED = "not-accepted";
    public static final String UNKNOWN = "unknown";

    private DictionaryNegotiation() {
    }

    /**
     * @param availableDictionary the request's {@code Available-Dictionary} lines, or {@code null}
     * @param accept              its parsed {@code Accept-Encoding}
     * @param ordinary            the choice without a dictionary
     * @param formats             the dictionary codings this server has, most preferred first
     * @param secFetchSite        the request's {@code Sec-Fetch-Site}, or {@code null} (not a browser)
     * @param crossOriginAllowed  whether other origins may get dictionary-compressed responses
     */
    public static Outcome negotiate(List<String> availableDictionary, AcceptEncoding accept, Negotiated ordinary,
            List<String> formats, String secFetchSite, boolean crossOriginAllowed) {
        if (availableDictionary == null || availableDictionary.isEmpty()) {
            return Outcome.NONE;
        }
        String hash;
        try {
            if (availableDictionary.size() != 1) {
                throw new IllegalArgumentException("one Available-Dictionary field line expected");
            }
            hash = Dictionary.hex(StructuredFields.sha256(availableDictionary.get(0)));
        } catch (IllegalArgumentException e) {
            return Outcome.not(MALFORMED);
        }
        if (!crossOriginAllowed && !isSameOrigin(secFetchSite)) {
            return Outcome.not(CROSS_ORIGIN);
        }
        int floor = ordinary.isEncoded() ? accept.quality(ordinary.coding()) : 1;
        List<String> listed = accept.acceptable(); // named, not matched by '*': a client that knows the coding
        String best = null;
        int bestQuality = 0;
        for (String format : formats) {
            int q = accept.quality(format);
            if (q > bestQuality && q >= floor && listed.contains(format)) {
                best = format;
                bestQuality = q;
            }
        }
        return best == null ? Outcome.not(NOT_ACCEPTED) : new Outcome(best, hash, null);
    }

    /** {@code none} is a navigation the user started; no header at all, a client that is not a browser. */
    static boolean isSameOrigin(String secFetchSite) {
        return secFetchSite == null || secFetchSite.isBlank() || secFetchSite.trim().equalsIgnoreCase("same-origin")
                || secFetchSite.trim().equalsIgnoreCase("none");
    }
}
