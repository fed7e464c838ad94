package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionConfig;
import org.restcompress.EncodeOnce;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.internal.observe.Observation;
import org.restcompress.observe.Reason;

class MethodPolicyTest {

    private final MethodPolicy policy = new MethodPolicy("Test.get", List.of("gzip", "lzf"), false,
            CodecRegistry.load(getClass().getClassLoader(), token -> CodecOptions.NONE),
            CompressionConfig.builder().preference(List.of("lzf", "gzip")).build(), 1024, 1 << 20, null, null, null,
            Observation.NONE, List.of(), EncodeOnce.NEVER, null);

    @Test
    void remembersChoicesByHeaderValue() {
        Negotiated first = policy.choose(List.of("gzip, lzf"));
        assertEquals("lzf", first.coding(), "server preference among equals, offered order notwithstanding");
        assertSame(first, policy.choose(List.of("gzip, lzf")));
        assertEquals(Reason.NO_ACCEPT_ENCODING, policy.choose(null).reason());
        assertEquals("gzip", policy.choose(List.of("gzip", "lzf;q=0")).coding(), "two lines: negotiated each time");
    }

    /** A request that brings nothing but its Accept-Encoding shares its facts with every other one that does. */
    @Test
    void plainRequestsShareTheirFacts() {
        RequestFacts facts = policy.plainFacts(List.of("gzip, lzf"));
        assertSame(facts, policy.plainFacts(List.of("gzip, lzf")));
        assertSame(policy.choose(List.of("gzip, lzf")), facts.negotiated());
        assertEquals(List.of(), facts.requestCodings());
        assertEquals(null, facts.dictionary());
        assertEquals(null, facts.byCost());
        assertSame(policy.plainFacts(null), policy.plainFacts(null));
        assertEquals(Reason.NO_ACCEPT_ENCODING, policy.plainFacts(null).negotiated().reason());
    }

    @Test
    void rememberedChoicesAreBounded() {
        for (int i = 0; i < 10 * MethodPolicy.MAX_REMEMBERED_CHOICES; i++) {
            Negotiated choice = policy.choose(List.of("x-" + i + ", gzip;q=0.5"));
            assertEquals("gzip", choice.coding()); // still right past the bound
        }
        assertTrue(policy.rememberedChoices() <= MethodPolicy.MAX_REMEMBERED_CHOICES);
    }

    /** One large body does not size the buffers of the small ones after it; two in a row do. */
    @Test
    void aHeldBodysBufferStartsAtTheSmallerOfTheLastTwo() {
        policy.lastHeld(2_000);
        policy.lastHeld(2_000);
        assertEquals(2_000, policy.lastHeld());
        policy.lastHeld(4 << 20);
        assertEquals(2_000, policy.lastHeld(), "one large body among small ones");
        policy.lastHeld(4 << 20);
        assertEquals(4 << 20, policy.lastHeld(), "a method of large bodies starts large");
        policy.lastHeld(3_000);
        assertEquals(3_000, policy.lastHeld());
    }
}
