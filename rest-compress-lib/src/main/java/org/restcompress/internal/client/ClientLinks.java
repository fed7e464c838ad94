package org.restcompress.internal.client;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.restcompress.CompressionConfig;
import org.restcompress.internal.cost.Measurement;
import org.restcompress.internal.cost.ReceiveMeter;
import org.restcompress.internal.negotiation.HeaderLists;

/**
 * How fast responses from each origin arrived ({@link org.restcompress.internal.cost.ReceiveMeter}), sent back as the
 * {@code Downlink} client hint (Mbit/s, RFC 8942 / Network Information), so that a server choosing its coding by cost
 * ({@code preference=auto}) knows the link, which it cannot see itself while its socket buffers absorb responses.
 * Bounded; a measurement counts for ten minutes ({@link Measurement}). Sent, by default, only to an origin that asked
 * for it with {@code Accept-CH: Downlink}, as browsers do (the last {@code Accept-CH} an origin sent decides, and the
 * origins remembered are bounded): a precise speed, told to every server, helps fingerprint a client.
 */
final class ClientLinks {

    static final String DOWNLINK = "Downlink";
    static final String ACCEPT_CH = "Accept-CH";

    private final CompressionConfig.DownlinkHint to;
    /** Origins whose last {@code Accept-CH} named {@code Downlink}. */
    private final Map<String, Boolean> asked = new LruMap<>(OriginCodings.MAX_ORIGINS);

    ClientLinks(CompressionConfig.DownlinkHint to) {
        this.to = to;
    }

    private final Map<String, Measurement> links = new LruMap<>(OriginCodings.MAX_ORIGINS);

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
     * A response from the origin of {@code uri} whose coding hid the link ({@link ReceiveMeter#hidTheLink}), its
     * second half {@code bytes} read in {@code nanos}: it cannot confirm a reading, which no response confirming is
     * dropped in time; without one, it is pooled into one ({@link Measurement#pool}).
     */
    synchronized void hidden(URI uri, long bytes, long nanos) {
        links.computeIfAbsent(OriginCodings.origin(uri), origin -> new Measurement())
                .pool(bytes, nanos, System.nanoTime());
    }

    /**
     * A response from the origin of {@code uri} came with these {@code Accept-CH} field lines ({@code null}: none,
     * which changes nothing): whether it asks for {@code Downlink} from now on.
     */
    synchronized void heard(URI uri, List<String> acceptCh) {
        if (acceptCh == null || acceptCh.isEmpty()) {
            return;
        }
        String origin = OriginCodings.origin(uri);
        if (HeaderLists.names(acceptCh, DOWNLINK)) {
            asked.put(origin, Boolean.TRUE);
        } else {
            asked.remove(origin);
        }
    }

    /**
     * The {@code Downlink} value for a request to {@code uri} ("9.9"), or {@code null} when nothing is known or the
     * origin did not ask.
     */
    synchronized String downlink(URI uri) {
        String origin = OriginCodings.origin(uri);
        if (to == CompressionConfig.DownlinkHint.WHEN_ASKED && asked.get(origin) == null) {
            return null;
        }
        Measurement known = links.get(origin);
        if (known == null || !known.fresh(System.nanoTime())) {
            return null;
        }
        return known.downlinkValue();
    }
}
