package org.restcompress.internal.client;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How fast responses from each origin arrived ({@link org.restcompress.internal.cost.ReceiveMeter}), sent back as the
 * {@code Downlink} client hint (Mbit/s, RFC 8942 / Network Information), so that a server choosing its coding by cost
 * ({@code preference=auto}) knows the link, which it cannot see itself while its socket buffers absorb responses.
 * Bounded; a measurement counts for ten minutes.
 */
final class ClientLinks {

    static final String DOWNLINK = "Downlink";
    static final long LIFETIME_NANOS = 10L * 60 * 1_000_000_000;
    /** A new measurement's weight. */
    static final double WEIGHT = 0.5;

    private record Link(double bitsPerSecond, long at) {
    }

    private final Map<String, Link> links = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Link> eldest) {
            return size() > OriginCodings.MAX_ORIGINS;
        }
    };

    /** One response from the origin of {@code uri} arrived at {@code bitsPerSecond}. */
    synchronized void record(URI uri, double bitsPerSecond) {
        long now = System.nanoTime();
        String origin = OriginCodings.origin(uri);
        Link known = links.get(origin);
        double speed = known != null && now - known.at() < LIFETIME_NANOS
                ? known.bitsPerSecond() * (1 - WEIGHT) + bitsPerSecond * WEIGHT : bitsPerSecond;
        links.put(origin, new Link(speed, now));
    }

    /** The {@code Downlink} value for a request to {@code uri} ("9.850"), or {@code null} when nothing is known. */
    synchronized String downlink(URI uri) {
        Link known = links.get(OriginCodings.origin(uri));
        if (known == null || System.nanoTime() - known.at() >= LIFETIME_NANOS) {
            return null;
        }
        return String.format(Locale.ROOT, "%.3f", known.bitsPerSecond() / 1e6);
    }
}
