package org.restcompress.internal.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AcceptEncodingTest {

    private static final UnaryOperator<String> ALIASES = c -> c.equals("x-gzip") ? "gzip" : c;

    private static AcceptEncoding parse(String... lines) {
        return AcceptEncoding.parse(Arrays.asList(lines), ALIASES);
    }

    @Test
    void absentHeaderStatesNoPreference() {
        AcceptEncoding absent = AcceptEncoding.parse(null, ALIASES);
        assertFalse(absent.isPresent());
        assertFalse(AcceptEncoding.parse(List.of(), ALIASES).isPresent());
        assertTrue(absent.acceptsIdentity());
    }

    @Test
    void emptyValueMeansIdentityOnly() {
        AcceptEncoding empty = parse("");
        assertTrue(empty.isPresent());
        assertEquals(0, empty.quality("gzip"));
        assertTrue(empty.acceptsIdentity());
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}={2}")
    @CsvSource(delimiter = '|', value = {
        "gzip                      | gzip | 1000",
        "GZIP                      | gzip | 1000",
        "gzip;q=0.5                | gzip | 500",
        "gzip; q=0.5               | gzip | 500",
        "gzip ;Q=0.25              | gzip | 250",
        "gzip;q=1.000              | gzip | 1000",
        "gzip;q=0.001              | gzip | 1",
        "gzip;q=0                  | gzip | 0",
        "gzip;q=0.                 | gzip | 0",
        "x-gzip;q=0.7              | gzip | 700",
        "'lzf;q=0.3, gzip'         | lzf  | 300",
        "'*;q=0.4'                 | lzf  | 400",
        "'*;q=0.4, lzf;q=0.9'      | lzf  | 900",
        "'lzf;q=0, *'              | lzf  | 0",
        "deflate                   | lzf  | 0",
        "'gzip;foo=bar;q=0.6'      | gzip | 600",
        "'gzip;q=\"0.5\"'          | gzip | 0",
        "gzip;q=1.5                | gzip | 0",
        "gzip;q=0.1234             | gzip | 0",
        "gzip;q=abc                | gzip | 0",
        "gzip;q                    | gzip | 0",
        "gzip;q=-1                 | gzip | 0",
        "'gzip;q=0.2, gzip;q=0.9'  | gzip | 200",
        "'g{zip, lzf'              | lzf  | 1000",
        "',,, lzf ,,'              | lzf  | 1000",
    })
    void qualities(String header, String coding, int expected) {
        assertEquals(expected, parse(header).quality(coding));
    }

    @Test
    void acceptableListsCodingsAboveZeroInHeaderOrder() {
        assertEquals(List.of("gzip", "*", "identity"),
                parse("x-gzip;q=0.5, br;q=0, *;q=0.1, gzip;q=0.9, identity, lzf;q=abc").acceptable());
        assertEquals(List.of(), parse("").acceptable());
    }

    @Test
    void severalLinesFormOneList() {
        AcceptEncoding accept = parse("gzip;q=0.5", "lzf", "deflate;q=0");
        assertEquals(500, accept.quality("gzip"));
        assertEquals(1000, accept.quality("lzf"));
        assertEquals(0, accept.quality("deflate"));
    }

    @ParameterizedTest(name = "[{index}] {0} -> identity {1}")
    @CsvSource(delimiter = '|', value = {
        "gzip                        | 0",
        "'gzip, identity;q=0.5'      | 500",
        "identity;q=0                | -1",
        "'*;q=0'                     | -1",
        "'*;q=0, identity'           | 1000",
        "'*;q=0, identity;q=0.2'     | 200",
        "'identity;q=0, *'           | -1",
        "'*;q=0.3'                   | 300",
        "IDENTITY;Q=0                | -1",
    })
    void identity(String header, int expected) {
        AcceptEncoding accept = parse(header);
        assertEquals(expected, accept.identityQuality());
        assertEquals(expected >= 0, accept.acceptsIdentity());
    }
}
