package org.restcompress.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.Link;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code Link} header lines read by the client itself (CXF's client cannot give a response filter its links). */
class LinkHeaderTest {

    private static List<String> uris(List<String> lines) {
        return DictionaryLinks.links(lines).stream().map(link -> link.getUri().toString())
                .collect(Collectors.toList());
    }

    @Test
    void readsEveryLinkOfEveryLine() {
        List<Link> links = DictionaryLinks.links(List.of(
                "</dict/a>; rel=\"compression-dictionary\", </next>; rel=next",
                "<https://cdn.example/x,y>; rel=\"preload\"; title=\"a, b\""));
        assertEquals(List.of("/dict/a", "/next", "https://cdn.example/x,y"),
                links.stream().map(link -> link.getUri().toString()).collect(Collectors.toList()));
        assertTrue(links.get(0).getRels().contains("compression-dictionary"));
        assertEquals("a, b", links.get(2).getTitle());
    }

    /** A malformed link never costs the others (whether it is left out or read as empty is the runtime's call). */
    @Test
    void aMalformedLinkCostsNothingElse() {
        assertEquals(List.of(), uris(null));
        List<String> read = uris(List.of("no angle brackets, </ok>; rel=x, ,"));
        assertTrue(read.contains("/ok"), read.toString());
        assertTrue(read.stream().allMatch(uri -> uri.isEmpty() || uri.equals("/ok")), read.toString());
    }
}
