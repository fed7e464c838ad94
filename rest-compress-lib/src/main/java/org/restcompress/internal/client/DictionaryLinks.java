package org.restcompress.internal.client;

import jakarta.ws.rs.core.Link;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.internal.negotiation.HeaderLists;

/** The dictionaries a response's {@code Link} lines announce (RFC 9842 section 3.1), as the client reads them. */
public final class DictionaryLinks {

    private DictionaryLinks() {
    }

    /**
     * The dictionaries {@code Link} lines announce ({@code rel="compression-dictionary"}), resolved against the
     * request's {@code base}; a link that cannot be read or resolved is left out: another party's header never fails
     * the response.
     */
    public static List<URI> announced(URI base, List<String> lines) {
        List<URI> urls = new ArrayList<>();
        for (Link link : links(lines)) {
            try {
                if (link.getRels().contains("compression-dictionary")) {
                    urls.add(base.resolve(link.getUri()));
                }
            } catch (RuntimeException unusable) {
                // not a link we can follow
            }
        }
        return urls;
    }

    /**
     * The links of {@code Link} header lines, malformed ones left out. Read here rather than by
     * {@code ClientResponseContext.getLinks()}, which CXF's client cannot answer in a response filter (it resolves
     * them against a request it has not kept there, and throws).
     */
    static List<Link> links(List<String> lines) {
        List<Link> links = new ArrayList<>();
        for (String member : HeaderLists.links(lines)) {
            try {
                links.add(Link.valueOf(member));
            } catch (RuntimeException malformed) {
                // another party's link we cannot read (implementations throw different exceptions for it): not ours
                // to fail on
            }
        }
        return links;
    }
}
