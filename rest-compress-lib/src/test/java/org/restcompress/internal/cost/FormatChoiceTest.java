package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class FormatChoiceTest {

    private static final MediaType JSON = MediaType.APPLICATION_JSON_TYPE;
    private static final MediaType CBOR = new MediaType("application", "cbor");
    private static final MediaType XML = MediaType.APPLICATION_XML_TYPE;
    private static final CodingFigures ZSTD = CodingFigures.ofSpeeds(300, 0.2, 900);
    private static final List<String> ZSTD_ONLY = List.of("zstd");
    private static final List<String> IDENTITY_ONLY = List.of("identity");

    private final FormatChoice choice = new FormatChoice(List.of(JSON, XML,
            MediaType.valueOf("application/cbor;qs=0.4")));

    /** A choice where auto did not weigh the request: wire time and CPU time, summed. */
    private static FormatChoice.Pick pick(FormatChoice choice, List<String> accept, MediaType current,
            List<String> codings, Function<String, CodingFigures> figures, double bitsPerSecond) {
        return choice.choose(accept, current, codings, figures, FormatChoice.plainly(bitsPerSecond), bitsPerSecond);
    }

    /** The method sent {@code type} in {@code coding} {@code times} times, each of these bytes before and after. */
    private static void sent(FormatChoice choice, int times, MediaType type, String coding, long before, long after) {
        for (int i = 0; i < times; i++) {
            choice.record(type, coding, before, after);
        }
    }

    private static List<String> accept(String value) {
        return List.of(value);
    }

    @Test
    void onlyTypesTheClientNamesAtTheTopQAreTiedAndWildcardsNameNone() {
        assertEquals(List.of(JSON, CBOR), choice.tied(accept("application/json, application/cbor")));
        assertEquals(List.of(JSON), choice.tied(accept("application/json, application/cbor;q=0.9")));
        assertEquals(List.of(CBOR), choice.tied(accept("application/json;q=0.5, application/cbor")));
        assertEquals(List.of(), choice.tied(accept("*/*")), "a browser's */* leaves the server's qs in charge");
        assertEquals(List.of(), choice.tied(accept("application/*")));
        assertEquals(List.of(JSON, XML, CBOR),
                choice.tied(accept("application/cbor, application/xml, application/json")));
        assertEquals(List.of(), choice.tied(accept("application/json;q=0, application/cbor;q=0")));
        assertEquals(List.of(), choice.tied(accept("application/json, not a type")), "malformed: the runtime's answer");
        assertEquals(List.of(), choice.tied(null));
    }

    @Test
    void nothingIsChosenWithoutALinkWithoutATieOrWhenTheRuntimePickedAnotherType() {
        assertNull(pick(choice, accept("application/json, application/cbor"), JSON, ZSTD_ONLY, c -> ZSTD, 0));
        assertNull(pick(choice, accept("application/json, application/cbor;q=0.5"), JSON, ZSTD_ONLY, c -> ZSTD,
                1e8));
        assertNull(pick(choice, accept("application/json, application/cbor"), XML, ZSTD_ONLY, c -> ZSTD, 1e8));
    }

    @Test
    void onlyFormatsTheMethodHasSentAFewTimesAreWeighedThenTheSoonestDeliveredAndParsedIsChosen() {
        List<String> both = accept("application/json, application/cbor");
        assertNull(pick(choice, both, JSON, ZSTD_ONLY, c -> ZSTD, 1e8), "nothing measured: the runtime's choice");
        sent(choice, 3, JSON, "zstd", 250_000, 190_000); // base64 in JSON: larger before coding
        assertNull(pick(choice, both, JSON, ZSTD_ONLY, c -> ZSTD, 1e8), "CBOR never sent: never tried on a client");
        sent(choice, 3, MediaType.valueOf("application/cbor;charset=x"), "zstd", 186_000, 186_000);
        FormatChoice.Pick fast = pick(choice, both, JSON, ZSTD_ONLY, c -> ZSTD, 1e9);
        assertEquals(CBOR, fast.type(), fast.note());
        assertTrue(fast.note().startsWith("format application/cbor: soonest delivered and parsed (json "), fast.note());
        assertTrue(fast.note().endsWith(" at 1000.0 Mbit/s)"), fast.note());
        sent(choice, 15, JSON, "zstd", 250_000, 60_000); // JSON now much smaller on the wire: a slow link favours it
        assertEquals(JSON, pick(choice, both, CBOR, ZSTD_ONLY, c -> ZSTD, 1e6).type());
        assertNull(pick(choice, both, JSON, ZSTD_ONLY, c -> ZSTD, 0), "no link known");
        assertNull(pick(choice, both, JSON, List.of("gzip"), c -> ZSTD, 1e6), "each coding measured on its own");
    }

    /** Identity sends the bytes before coding, which every coding's responses measured: no identity ones needed. */
    @Test
    void identityIsWeighedFromTheBytesBeforeCodingOfResponsesInAnyCoding() {
        List<String> both = accept("application/json, application/cbor");
        sent(choice, 3, JSON, "zstd", 250_000, 190_000);
        sent(choice, 3, CBOR, "br", 186_000, 180_000);
        assertNull(pick(choice, both, JSON, ZSTD_ONLY, c -> ZSTD, 1e9), "CBOR not measured in zstd");
        FormatChoice.Pick plain = pick(choice, both, JSON, IDENTITY_ONLY, c -> CodingFigures.IDENTITY, 1e9);
        assertEquals(CBOR, plain.type(), plain.note());
        assertTrue(plain.note().contains("(186000 B)") && plain.note().contains("(250000 B)"), plain.note());
        FormatChoice fresh = new FormatChoice(List.of(JSON, CBOR));
        sent(fresh, 3, JSON, "identity", 250_000, 250_000);
        assertNull(pick(fresh, both, JSON, IDENTITY_ONLY, c -> CodingFigures.IDENTITY, 1e9), "CBOR never sent");
    }

    /** A coding's estimate takes bytes before and after from the same responses, not sizes other clients got. */
    @Test
    void aCodingIsWeighedOnItsOwnResponsesIdentityOnAll() {
        List<String> both = accept("application/json, application/cbor");
        sent(choice, 3, CBOR, "zstd", 186_000, 186_000);
        sent(choice, 3, JSON, "zstd", 150_000, 100_000);
        sent(choice, 15, JSON, "br", 5_000_000, 1_000_000); // br's clients ask for far larger documents
        assertEquals(JSON, pick(choice, both, CBOR, ZSTD_ONLY, c -> ZSTD, 1e9).type(), "zstd's own JSON responses");
        assertEquals(CBOR, pick(choice, both, JSON, IDENTITY_ONLY, c -> CodingFigures.IDENTITY, 1e9).type(),
                "identity: every response's bytes before coding");
    }

    /** Where auto weighed several codings, the format and the coding are chosen together, as a pair. */
    @Test
    void whereAutoWeighedSeveralCodingsThePairIsChosen() {
        List<String> both = accept("application/json, application/cbor");
        sent(choice, 3, CBOR, "zstd", 186_000, 185_000);
        sent(choice, 3, JSON, "zstd", 250_000, 60_000);
        List<String> identityFirst = List.of("identity", "zstd");
        Function<String, CodingFigures> figures = c -> c.equals("zstd") ? ZSTD : CodingFigures.IDENTITY;
        FormatChoice.Pick slow = pick(choice, both, CBOR, identityFirst, figures, 1e7);
        assertEquals(JSON, slow.type(), slow.note());
        assertEquals("zstd", slow.coding(), "JSON in zstd is the fewest bytes, on a slow link what counts");
        assertTrue(slow.note().startsWith("format application/json in zstd: soonest delivered and parsed (json "),
                slow.note());
        FormatChoice.Pick fast = pick(choice, both, JSON, identityFirst, figures, 1e10);
        assertEquals(CBOR, fast.type(), fast.note());
        assertEquals("identity", fast.coding(), "on a fast link the least work: CBOR as it is");
        assertEquals("zstd", pick(choice, both, JSON, List.of("zstd"), figures, 1e10).coding(),
                "one coding negotiated: only the format is chosen");
        assertNull(pick(choice, both, JSON, List.of("gzip", "br"), figures, 1e7),
                "known in none of the codings: the runtime's choice");
        assertEquals("zstd", pick(choice, both, JSON, List.of("gzip", "zstd"), figures, 1e7).coding(),
                "known in another coding auto weighed: weighed there");
    }

    /** Where auto weighed the request, a pair is weighed as auto weighs codings: a busy CPU makes coding dearer. */
    @Test
    void autoWeighsAPairWithTheCpusLoadAndTheServersWork() {
        LinkSpeed.Estimate link = new LinkSpeed.Estimate(1e8, LinkSpeed.Source.DOWNLINK);
        AutoCoding.Pick idle = new AutoCoding.Pick("zstd", null, List.of(), link, 0, 10_000, 0);
        AutoCoding.Pick busy = new AutoCoding.Pick("zstd", null, List.of(), link, 0, 10_000, 1);
        AutoCoding.Pick working = new AutoCoding.Pick("zstd", null, List.of(), link, 5, 10_000, 0);
        double plain = FormatChoice.plainly(1e8).nanos(10_000, 2_000, ZSTD, 2, 2);
        assertEquals(plain, idle.nanos(10_000, 2_000, ZSTD, 2, 2), 1e-6, "a small body on an idle server: the sum");
        assertTrue(busy.nanos(10_000, 2_000, ZSTD, 2, 2) > plain, "compressing weighs more on a busy server");
        assertEquals(idle.nanos(10_000, 10_000, CodingFigures.IDENTITY, 2, 2) + 3 * 2 * 10_000, busy.nanos(10_000,
                10_000, CodingFigures.IDENTITY, 2, 2), 1e-6,
                "identity compresses nothing: only writing the format (2 ns a byte) weighs four times as much");
        assertEquals(idle.nanos(10_000, 2_000, ZSTD, 2, 2) + 50_000, working.nanos(10_000, 2_000, ZSTD, 2, 2), 1e-6,
                "the server's own work on the body");
        assertEquals(idle.nanos(5_000, 1_000, ZSTD, 2, 2) + 50_000, working.nanos(5_000, 1_000, ZSTD, 2, 2), 1e-6,
                "as much for a smaller format: fetching and logic do not shrink with it");
    }

    /** Formats not known are left out, not waited for; the runtime's own pick must be known. */
    @Test
    void theRuntimesPickAndOneOtherKnownAreEnough() {
        List<String> three = accept("application/json, application/cbor, application/xml");
        sent(choice, 3, CBOR, "zstd", 186_000, 185_000);
        sent(choice, 3, JSON, "zstd", 250_000, 190_000);
        FormatChoice.Pick pick = pick(choice, three, JSON, ZSTD_ONLY, c -> ZSTD, 1e9);
        assertEquals(CBOR, pick.type(), pick.note());
        assertTrue(!pick.note().contains("xml"), "XML, never sent, is not weighed: " + pick.note());
        assertNull(pick(choice, three, XML, ZSTD_ONLY, c -> ZSTD, 1e9), "the runtime's pick unknown: its choice");
    }

    @Test
    void typesTheMethodDoesNotProduceAreNotRecordedAndOneConcreteTypeIsNoChoice() {
        choice.record(MediaType.TEXT_PLAIN_TYPE, "zstd", 10, 10);
        assertTrue(FormatChoice.worthChoosing(List.of(JSON, CBOR)));
        assertTrue(!FormatChoice.worthChoosing(List.of(JSON, MediaType.WILDCARD_TYPE)));
    }
}
