package org.restcompress.internal.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.restcompress.observe.Decision;
import org.restcompress.observe.Reason;

/** The response decision as a table: every reason, and which rule wins when several apply. No server. */
class DecisionRulesTest {

    private static final int THRESHOLD = 1024;

    /**
     * Columns: negotiation (a coding, {@code zstd!} when identity is refused, or a refusal reason), @Uncompressed,
     * HEAD, status, entity, excluded by the predicate, already encoded, Content-Range, compressible media type;
     * then the expected header value.
     */
    @ParameterizedTest(name = "[{index}] {0} unc={1} head={2} {3} entity={4} excl={5} enc={6} range={7} "
            + "type={8} -> {9}")
    @CsvSource(delimiter = '|', value = {
        // encoded
        "zstd               | false | false | 200 | true  | false | false | false | true  | zstd; reason=negotiated",
        "gzip               | false | false | 201 | true  | false | false | false | true  | gzip; reason=negotiated",
        "zstd               | false | true  | 200 | true  | false | false | false | true  | zstd; reason=head",
        // against a dictionary the client named: the same rules, its own reason
        "dcz~               | false | false | 200 | true  | false | false | false | true  | dcz; reason=dictionary",
        "dcb~               | false | true  | 200 | true  | false | false | false | true  | dcb; reason=head",
        "dcz~               | false | false | 200 | true  | true  | false | false | true  | identity; reason=excluded-by-predicate",
        "dcz~               | false | false | 304 | false | false | false | false | true  | identity; reason=status",
        // negotiation says no
        "NO_ACCEPT_ENCODING | false | false | 200 | true  | false | false | false | true  | identity; reason=no-accept-encoding",
        "IDENTITY_PREFERRED | false | false | 200 | true  | false | false | false | true  | identity; reason=identity-preferred",
        "NONE_ACCEPTABLE    | false | false | 200 | true  | false | false | false | true  | identity; reason=none-acceptable",
        "NOT_ACCEPTABLE     | false | false | 406 | true  | false | false | false | true  | identity; reason=not-acceptable",
        // @Uncompressed: its negotiation offered nothing; a 406 stays a 406
        "NONE_ACCEPTABLE    | true  | false | 200 | true  | false | false | false | true  | identity; reason=uncompressed",
        "NOT_ACCEPTABLE     | true  | false | 406 | true  | false | false | false | true  | identity; reason=not-acceptable",
        // statuses without a representation to encode
        "zstd               | false | false | 204 | false | false | false | false | true  | identity; reason=status",
        "zstd               | false | false | 206 | true  | false | false | true  | true  | identity; reason=status",
        "zstd               | false | false | 304 | false | false | false | false | true  | identity; reason=status",
        "zstd               | false | false | 101 | false | false | false | false | true  | identity; reason=status",
        "zstd               | false | false | 200 | false | false | false | false | true  | identity; reason=no-entity",
        "zstd               | false | false | 200 | true  | true  | false | false | true  | identity; reason=excluded-by-predicate",
        "zstd               | false | false | 200 | true  | false | true  | false | true  | identity; reason=already-encoded",
        "zstd               | false | false | 200 | true  | false | false | true  | true  | identity; reason=byte-range",
        "zstd               | false | false | 200 | true  | false | false | false | false | identity; reason=excluded-media-type",
        // the client refused identity: a media type no longer excludes, the rest still does
        "zstd!              | false | false | 200 | true  | false | false | false | false | zstd; reason=negotiated",
        "zstd!              | false | false | 200 | true  | true  | false | false | true  | identity; reason=excluded-by-predicate",
        "zstd!              | false | false | 200 | true  | false | true  | false | true  | identity; reason=already-encoded",
        // order: the first rule that applies names the reason
        "NO_ACCEPT_ENCODING | true  | true  | 304 | false | true  | true  | true  | false | identity; reason=uncompressed",
        "IDENTITY_PREFERRED | false | true  | 304 | false | true  | true  | true  | false | identity; reason=identity-preferred",
        "zstd               | false | true  | 204 | false | true  | true  | true  | false | identity; reason=status",
        "zstd               | false | true  | 200 | false | true  | true  | true  | false | identity; reason=no-entity",
        "zstd               | false | true  | 200 | true  | true  | true  | true  | false | identity; reason=excluded-by-predicate",
        "zstd               | false | true  | 200 | true  | false | true  | true  | false | identity; reason=already-encoded",
        "zstd               | false | true  | 200 | true  | false | false | true  | false | identity; reason=byte-range",
        "zstd               | false | true  | 200 | true  | false | false | false | false | identity; reason=excluded-media-type",
    })
    void decides(String negotiated, boolean uncompressed, boolean head, int status, boolean entity, boolean excluded,
            boolean encoded, boolean range, boolean compressible, String expected) {
        Decision decision = decide(new DecisionRules.Facts(uncompressed,
                choice(negotiated), head, status, entity, excluded, encoded, range, compressible, THRESHOLD));
        assertEquals(expected, decision.describe());
        assertEquals(expected.startsWith("identity"), !decision.isEncoded());
    }

    @Test
    void thresholdIsLeftToTheBodyAndIgnoredWhenIdentityIsRefused() {
        Decision optional = decide(Negotiated.of("zstd", true));
        assertEquals(THRESHOLD, optional.threshold());
        Decision small = optional.belowThreshold(512);
        assertFalse(small.isEncoded());
        assertEquals(Decision.IDENTITY, small.coding());
        assertEquals(Reason.BELOW_THRESHOLD, small.reason());
        assertEquals("identity; reason=below-threshold; size=512; threshold=1024", small.describe());
        assertEquals(1, decide(Negotiated.of("zstd", false)).threshold(), "only an empty body stays unencoded");
    }

    @Test
    void aThresholdOfZeroStillLeavesEmptyBodiesAlone() {
        Decision decision = decide(new DecisionRules.Facts(false, Negotiated.of("lzf", true),
                false, 200, true, false, false, false, true, 0));
        assertEquals(1, decision.threshold());
    }

    @Test
    void laterFactsRefineTheFilterDecision() {
        DecisionRules.Facts facts = new DecisionRules.Facts(false, Negotiated.of("br", true), false, 200, true,
                false, false, false, true, THRESHOLD);
        assertTrue(decide(facts).isEncoded());
        assertEquals(Reason.EXCLUDED_BY_PREDICATE, decide(facts.withExclusion()).reason());
        assertEquals(Reason.ALREADY_ENCODED,
                decide(facts.withHeaders(true, false, true)).reason());
        assertEquals(Reason.EXCLUDED_MEDIA_TYPE,
                decide(facts.withHeaders(false, false, false)).reason());
    }

    @Test
    void theDecisionNamesItsMethodAndDictionaryAndIsCompletedOnce() {
        DecisionRules.Facts facts = new DecisionRules.Facts(false, Negotiated.withDictionary("dcz", true), false,
                200, true, false, false, false, true, 1);
        Decision decision = decide("Items.get", facts, Decision.DictionaryKind.SHARED);
        assertEquals("Items.get", decision.method());
        assertEquals(Decision.DictionaryKind.SHARED, decision.dictionary());
        assertFalse(decision.isDone());
        Decision done = decision.done(4000, 900, 12_000);
        assertTrue(done.isDone());
        assertEquals(4000, done.bytesIn());
        assertEquals(900, done.bytesOut());
        assertEquals("dcz; reason=dictionary", done.describe(), "the header carries no sizes");
        assertEquals("Items.get: dcz; reason=dictionary; bytes=4000; coded=900; encode-us=12", done.toString());
        assertEquals(-1, decision.bytesIn(), "the decision made before the body is unchanged");
        // a dictionary kind means nothing without a dictionary coding
        assertNull(decide("Items.get", new DecisionRules.Facts(false, Negotiated.of("zstd", true),
                false, 200, true, false, false, false, true, 1), Decision.DictionaryKind.DELTA).dictionary());
    }

    @Test
    void notesSayWhyANamedDictionaryWasNotUsedAndWhatAutoExpected() {
        Decision decision = decide(Negotiated.of("zstd", true)).withNotes("unknown", "zstd 1.0 < \"identity\" 2.0");
        assertEquals("zstd; reason=negotiated; dictionary=unknown; estimate=\"zstd 1.0 < \\\"identity\\\" 2.0\"",
                decision.describe());
    }

    private static Decision decide(Negotiated choice) {
        return decide(new DecisionRules.Facts(false, choice, false, 200, true, false, false, false,
                true, THRESHOLD));
    }

    private static Negotiated choice(String negotiated) {
        if (negotiated.endsWith("~")) {
            return Negotiated.withDictionary(negotiated.substring(0, negotiated.length() - 1), true);
        }
        if (negotiated.endsWith("!")) {
            return Negotiated.of(negotiated.substring(0, negotiated.length() - 1), false);
        }
        if (negotiated.equals(negotiated.toUpperCase())) {
            Reason reason = Reason.valueOf(negotiated);
            return reason == Reason.NOT_ACCEPTABLE ? Negotiated.notAcceptable() : Negotiated.identity(reason);
        }
        return Negotiated.of(negotiated, true);
    }

    private static Decision decide(DecisionRules.Facts facts) {
        return decide("-", facts, null);
    }

    private static Decision decide(String method, DecisionRules.Facts facts, Decision.DictionaryKind dictionary) {
        return DecisionRules.decide(new DecisionRules.Identities(method), facts, dictionary);
    }
}
