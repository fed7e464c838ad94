package org.restcompress.internal.server;

import java.io.OutputStream;
import org.restcompress.internal.cost.AutoCoding;
import org.restcompress.internal.cost.ServerCpu;
import org.restcompress.internal.cost.TimedEncoder;
import org.restcompress.internal.cost.WriteMeter;
import org.restcompress.internal.observe.Observation;

/**
 * The meters of one written response: its writes to the client (the link's pace), its encoder's time and sizes, and,
 * with auto, the thread's CPU time besides the codec's (the server's own work on the body). What auto learns from it
 * is recorded once the body is done ({@link #recorded}).
 */
final class ResponseMeter {

    private static final System.Logger LOG = Observation.DECISIONS;

    private final boolean auto;
    private final boolean codingOnly;
    private final long cpuStart;
    private final WriteMeter link;
    private TimedEncoder encoder;

    /**
     * @param auto       whether auto learns from this response: the link (its waits timed only where auto assumes
     *                   a link, which they refine), the server's work (where the method measures it this time:
     *                   {@link MethodPolicy#measuresWork}), the coding's figures; the last two from a body of at
     *                   least {@link AutoCoding#TELLING_BYTES}
     * @param codingOnly whether auto learns only the coding's figures, as above (else the response is only sized and
     *                   timed for observers)
     */
    ResponseMeter(OutputStream raw, MethodPolicy policy, boolean auto, boolean codingOnly) {
        this.auto = auto;
        this.codingOnly = codingOnly;
        this.cpuStart = auto && policy.measuresWork() ? ServerCpu.threadNanos() : -1;
        this.link = new WriteMeter(raw, auto && policy.auto().assumesLink());
    }

    /** The client's side: what leaves, timed. */
    WriteMeter link() {
        return link;
    }

    /** {@code coding}'s stream, timed; its setup ({@code setupNanos}: a native context, buffers) counts. */
    OutputStream encoder(OutputStream coding, long setupNanos) {
        encoder = new TimedEncoder(coding, setupNanos);
        return encoder;
    }

    /** The encoder's stream, or null where the body was not encoded. */
    TimedEncoder timed() {
        return encoder;
    }

    /**
     * What the written response showed: with auto, the link's speed and the server's work, and the codec's figures
     * ({@code coding} not null). Returns the time spent in the encoder, writing to the client excluded.
     */
    long recorded(MethodPolicy policy, String coding) {
        long compressNanos = encoder == null ? 0 : Math.max(0, encoder.nanos() - link.nanos());
        if (coding != null && encoder != null && (auto || codingOnly) && encoder.bytes() >= AutoCoding.TELLING_BYTES) {
            policy.auto().recordCompression(coding, encoder.bytes(), link.bytes(), compressNanos);
        }
        if (!auto) {
            return compressNanos;
        }
        AutoCoding choice = policy.auto();
        // the thread's CPU time but the codec's: producing the body, handing it to the socket (waiting is not CPU)
        long cpu = cpuStart < 0 ? -1 : ServerCpu.threadNanos(); // not read where the start was not
        long workNanos = cpu < 0 ? -1 : Math.max(0, cpu - cpuStart - compressNanos);
        if (LOG.isLoggable(System.Logger.Level.TRACE)) {
            LOG.log(System.Logger.Level.TRACE, "rest-compress: " + policy.name() + ": " + (coding != null ? coding
                    : "identity") + ", " + link + (encoder != null ? ", encoder took " + encoder.bytes()
                    + " bytes in " + encoder.nanos() / 1000 + " us" : "") + ", server's work "
                    + (workNanos < 0 ? "not measured" : workNanos / 1000 + " us"));
        }
        choice.recordLink(link.bitsPerSecond());
        policy.recordBody(encoder != null ? encoder.bytes() : link.bytes(), workNanos);
        return compressNanos;
    }
}
