package org.restcompress.internal.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When a request may get a dictionary-compressed response, as a table. No server. */
class DictionaryNegotiationTest {

    private static final String HASH = ":pZGm1Av0IEBKARczz7exkNYsZb8LzaMrV7J32a2fFG4=:";
    private static final String HEX = "a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e";

    /** Columns: Available-Dictionary (- for none), Accept-Encoding, Sec-Fetch-Site (- for none), cross-origin allowed,
     * formats the server has; then the coding (- for none) and the note (- for none). */
    @ParameterizedTest(name = "[{index}] {0} / {1} / {2} -> {5} {6}")
    @CsvSource(delimiter = '|', value = {
        "-        | zstd, dcz, dcb             | -           | false | dcz dcb | -   | -",
        "HASH     | zstd, dcz, dcb             | -           | false | dcz dcb | dcz | -",
        "HASH     | zstd, dcb, dcz;q=0.5       | -           | false | dcz dcb | dcb | -",
        "HASH     | zstd, dcz, dcb             | -           | false | dcb dcz | dcb | -",
        "HASH     | zstd, dcz                  | -           | false | dcb     | -   | not-accepted",
        "HASH     | zstd, gzip                 | -           | false | dcz dcb | -   | not-accepted",
        "HASH     | *                          | -           | false | dcz dcb | -   | not-accepted",
        "HASH     | zstd, dcz;q=0.5            | -           | false | dcz dcb | -   | not-accepted",
        "HASH     | zstd;q=0.5, dcz;q=0.5      | -           | false | dcz dcb | dcz | -",
        "HASH     | dcz;q=0                    | -           | false | dcz dcb | -   | not-accepted",
        "HASH     | zstd, dcz                  | same-origin | false | dcz dcb | dcz | -",
        "HASH     | zstd, dcz                  | none        | false | dcz dcb | dcz | -",
        "HASH     | zstd, dcz                  | same-site   | false | dcz dcb | -   | cross-origin",
        "HASH     | zstd, dcz                  | cross-site  | false | dcz dcb | -   | cross-origin",
        "HASH     | zstd, dcz                  | cross-site  | true  | dcz dcb | dcz | -",
        ":AAAA:   | zstd, dcz                  | -           | false | dcz dcb | -   | malformed",
        "nonsense | zstd, dcz                  | -           | false | dcz dcb | -   | malformed",
        "HASH;x=1 | zstd, dcz                  | -           | false | dcz dcb | dcz | -",
    })
    void negotiates(String available, String accept, String site, boolean crossOrigin, String formats,
            String coding, String note) {
        AcceptEncoding parsed = AcceptEncoding.parse(List.of(accept), t -> t);
        Negotiated ordinary = new EncodingChooser(List.of("zstd", "gzip")).choose(List.of("zstd", "gzip"), parsed);
        List<String> header = available.equals("-") ? null : List.of(available.replace("HASH", HASH));
        DictionaryNegotiation.Outcome outcome = DictionaryNegotiation.negotiate(header, parsed, ordinary,
                List.of(formats.split(" ")), site.equals("-") ? null : site, crossOrigin);
        assertEquals(coding.equals("-") ? null : coding, outcome.coding());
        assertEquals(note.equals("-") ? null : note, outcome.note());
        if (outcome.applies()) {
            assertEquals(HEX, outcome.hash());
        }
    }
}
