package org.restcompress.internal.client;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.restcompress.internal.cost.Measurement;
import org.restcompress.internal.cost.ReceiveMeter;

/**
 * How fast responses from each origin arrived ({@link org.restcompress.internal.cost.ReceiveMeter}), sent back as the
 * {@code Downlink} client hint (Mbit/s, RFC 8942 / Network Information), so that a server choosing its coding by cost
 * ({@code preference=auto}) knows the link, which it cannot see itself while its socket buffers absorb responses.
 * Bounded; a measurement counts for ten minutes ({@link Measurement}).
 */
final class ClientLinks {

    static final String DOWNLINK = "Downlink";

    private final Map<String, Measurement> links = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Measurement> eldest) {
            return size() > OriginCodings.MAX_ORIGINS;
        }
    };

    /**
     * One response from the origin of {@code uri} arrived at {@code bitsPerSecond}, or at least that fast; as it is
     * ({@code uncoded}), or coded, when its reading may be the server's encoder's pace
     * ({@link Measurement#add(double, boolean, boolean, long)}).
     */
    synchronized void record(URI uri, double bitsPerSecond, boolean atLeast, boolean uncoded) {
        links.computeIfAbsent(OriginCodings.origin(uri), origin -> new Measurement())
                .add(bitsPerSecond, atLeast, uncoded, System.nanoTime());
    }

    /**
     * A response from the origin of {@code uri} could not confirm its reading: its coding hid the link
     * ({@link ReceiveMeter#hidTheLink}). A reading that no response confirms is dropped in time
     * ({@link Measurement#unconfirmed}).
     */
    synchronized void unconfirmed(URI uri) {
        Measurement known = links.get(OriginCodings.origin(uri));
        if (known != null) {
            known.unconfirmed();
        }
    }

    /** The {@code Downlink} value for a request to {@code uri} ("9.850"), or {@code null} when nothing is known. */
    synchronized String downlink(URI uri) {
        Measurement known = links.get(OriginCodings.origin(uri));
        if (known == null || !known.fresh(System.nanoTime())) {
            return null;
        }
        return known.downlinkValue();
    }
}
