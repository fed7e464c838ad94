package org.restcompress.internal.server;

import java.util.List;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/**
 * What one request brought, settled once by {@link RequestFactsFilter} before the resource method runs and kept in
 * its {@link Exchange}; immutable (a format choice makes new facts): the negotiated coding, the request body's
 * codings, whether its validators named a coding, the dictionary it named, and with {@code preference=auto} what the
 * link and the codecs made of the choice. The response's {@link Decision} is made from these and the response's own
 * facts.
 *
 * @param negotiated           what {@code Accept-Encoding} (and a dictionary, and auto) settled
 * @param requestCodings       the request body's codecs, empty for identity; {@code null} when its
 *                             {@code Content-Encoding} cannot be decoded here (415)
 * @param validatorNamedCoding whether a conditional request's validator carried a coding suffix
 * @param dictionary           the dictionary the response is encoded against ({@code dcz}, {@code dcb}), or null
 * @param dictionaryKind       what that dictionary is, or null
 * @param unusedDictionary     why a dictionary the request named is not used, or null
 * @param byCost               with {@code preference=auto}: the choice by cost and its estimates, or null
 * @param format               with {@code restcompress.auto.formats}: the representation chosen and why, or null
 */
record RequestFacts(Negotiated negotiated, List<ContentCodec> requestCodings, boolean validatorNamedCoding,
        Dictionary dictionary, Decision.DictionaryKind dictionaryKind, String unusedDictionary,
        AutoCoding.Pick byCost, String format) {

    /** Negotiation alone: what is known of a request whose filter did not run, or was cut short. */
    static RequestFacts negotiated(Negotiated negotiated, List<ContentCodec> requestCodings) {
        return new RequestFacts(negotiated, requestCodings, false, null, null, null, null, null);
    }

    /** The estimate auto made, described for the decision, or null. */
    String estimate() {
        return byCost == null ? null : byCost.describe();
    }

    /** These facts with the representation auto chose, and why. */
    RequestFacts withFormat(String chosen) {
        return withFormat(chosen, negotiated);
    }

    /** These facts with the representation auto chose, and why, and the coding it chose with it. */
    RequestFacts withFormat(String chosen, Negotiated coding) {
        return new RequestFacts(coding, requestCodings, validatorNamedCoding, dictionary, dictionaryKind,
                unusedDictionary, byCost, chosen);
    }

    /**
     * {@code decision} with what these facts add to its description: auto's estimate where auto chose the coding, and
     * the format where it chose that.
     */
    Decision annotate(Decision decision) {
        String estimate = decision.reason() == Reason.AUTO ? estimate() : null;
        if (format != null) {
            estimate = estimate == null ? format : format + "; " + estimate;
        }
        return unusedDictionary == null && estimate == null ? decision
                : decision.withNotes(unusedDictionary, estimate);
    }
}
