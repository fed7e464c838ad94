package org.restcompress.internal.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.restcompress.observe.Reason;

class EncodingChooserTest {

    private final EncodingChooser chooser = new EncodingChooser(List.of("lzf", "gzip", "deflate"));

    private Negotiated choose(List<String> offered, String acceptEncoding) {
        AcceptEncoding accept = acceptEncoding == null
                ? AcceptEncoding.absent()
                : AcceptEncoding.parse(List.of(acceptEncoding), c -> c.equals("x-gzip") ? "gzip" : c);
        return chooser.choose(chooser.byPreference(offered), accept); // as deployment orders a method's codings
    }

    @ParameterizedTest(name = "[{index}] offered {0}, Accept-Encoding: {1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
        // client qualities decide
        "lzf gzip    | 'gzip, lzf;q=0.5'              | gzip",
        "lzf gzip    | 'gzip;q=0.5, lzf'              | lzf",
        // ties go to the server preference, whatever the client's order
        "gzip lzf    | 'gzip, lzf'                    | lzf",
        "lzf gzip    | 'gzip, lzf'                    | lzf",
        "gzip deflate| 'deflate, gzip'                | gzip",
        // only offered codings can be chosen
        "gzip        | lzf                            | identity",
        "lzf         | 'gzip, deflate, br'            | identity",
        "lzf         | lzf                            | lzf",
        // aliases
        "gzip        | x-gzip                         | gzip",
        // wildcards
        "lzf gzip    | '*'                            | lzf",
        "lzf gzip    | '*, lzf;q=0'                   | gzip",
        "lzf gzip    | 'gzip;q=0.2, *;q=0.5'          | lzf",
        // refusals
        "lzf gzip    | 'lzf;q=0, gzip;q=0'            | identity",
        "lzf         | 'lzf;q=0, identity;q=0'        | not acceptable",
        "lzf gzip    | 'identity;q=0'                 | not acceptable",
        "lzf gzip    | 'gzip, identity;q=0'           | gzip (identity refused)",
        "lzf gzip    | '*;q=0'                        | not acceptable",
        "lzf         | '*;q=0, identity'              | identity",
        "lzf         | '*;q=0, lzf'                   | lzf (identity refused)",
        // identity against codings
        "lzf         | 'lzf;q=0.5, identity'          | identity",
        "lzf         | 'lzf;q=0.5, identity;q=0.5'    | lzf",
        "lzf         | 'lzf;q=0.001'                  | lzf",
        // empty header: identity only; absent header: no preference, so identity
        "lzf gzip    | ''                             | identity",
        "lzf gzip    | NONE                           | identity",
        // malformed members are skipped, the rest still counts
        "lzf gzip    | 'gzip;q=2, lzf;q=0.1'          | lzf",
        "lzf gzip    | ';;;, gzip'                    | gzip",
    })
    void chooses(String offered, String acceptEncoding, String expected) {
        assertEquals(expected, choose(List.of(offered.trim().split("\\s+")), acceptEncoding).toString());
    }

    @Test
    void nothingOfferedMeansIdentityOrNotAcceptable() {
        assertTrue(choose(List.of(), "gzip").isIdentity());
        assertEquals(Reason.NONE_ACCEPTABLE, choose(List.of(), "gzip").reason());
        assertTrue(choose(List.of(), "identity;q=0").isNotAcceptable());
    }

    @ParameterizedTest(name = "[{index}] offered {0}, Accept-Encoding: {1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
        "lzf gzip    | 'gzip'                         | NEGOTIATED",
        "lzf gzip    | NONE                           | NO_ACCEPT_ENCODING",
        "lzf         | 'lzf;q=0.5, identity'          | IDENTITY_PREFERRED",
        "lzf         | 'gzip, br'                     | NONE_ACCEPTABLE",
        "lzf gzip    | 'lzf;q=0, gzip;q=0'            | NONE_ACCEPTABLE",
        "lzf gzip    | ''                             | NONE_ACCEPTABLE",
        "lzf         | 'lzf;q=0, identity;q=0'        | NOT_ACCEPTABLE",
        "lzf         | '*;q=0, lzf'                   | NEGOTIATED",
    })
    void saysWhy(String offered, String acceptEncoding, Reason expected) {
        assertEquals(expected, choose(List.of(offered.trim().split("\\s+")), acceptEncoding).reason());
    }

    @Test
    void identityRefusedIsReported() {
        Negotiated choice = choose(List.of("gzip"), "gzip, identity;q=0");
        assertTrue(choice.isEncoded());
        assertFalse(choice.identityAcceptable());
        assertTrue(choose(List.of("gzip"), "gzip").identityAcceptable());
    }

    @Test
    void unlistedCodingsRankAfterPreferredOnesInOfferOrder() {
        assertEquals(List.of("lzf", "gzip", "zz", "aa"), chooser.byPreference(List.of("zz", "gzip", "aa", "lzf")));
        assertEquals("zz", choose(List.of("zz", "aa"), "aa, zz").coding());
    }

    @Test
    void listsTheCandidatesTheClientValuesEqually() {
        List<String> offered = chooser.byPreference(List.of("gzip", "lzf", "deflate"));
        assertEquals(List.of("lzf", "gzip", "deflate", "identity"), choose(offered, "gzip, deflate, lzf").equallyValued());
        assertEquals(List.of("lzf", "gzip", "deflate", "identity"), choose(offered, "*").equallyValued());
        // valued less, or refused: identity is no candidate
        assertEquals(List.of("gzip", "deflate"), choose(offered, "gzip, deflate, lzf;q=0.5, identity;q=0.2").equallyValued());
        assertEquals(List.of("gzip"), choose(offered, "gzip, identity;q=0").equallyValued());
        // identity valued as highly is one
        assertEquals(List.of("gzip", "identity"), choose(offered, "gzip, identity").equallyValued());
        assertEquals(List.of(), choose(offered, "br").equallyValued());
    }
}
