package org.restcompress.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import org.restcompress.observe.Decision;

/** One response the library decided on: {@code org.restcompress.Response}. */
@Name("org.restcompress.Response")
@Label("Response Coding")
@Category({"rest-compress"})
@Description("A response's content coding, why, and what it saved")
@Enabled(false)
@StackTrace(false)
final class ResponseEvent extends jdk.jfr.Event {

    @Label("Method")
    String method;
    @Label("Coding")
    String coding;
    @Label("Reason")
    String reason;
    @Label("Dictionary")
    String dictionary;
    @Label("Bytes Before")
    @DataAmount
    long bytesIn;
    @Label("Bytes After")
    @DataAmount
    long bytesOut;
    @Label("Encode Time")
    @Description("Time in the encoder, writing to the client excluded; 0 when not measured or nothing was encoded")
    @Timespan(Timespan.NANOSECONDS)
    long encodeTime;
    @Label("Reuse")
    @Description("What encoding once did: hit (sent as kept) or miss (encoded now); none where it had no part")
    String reuse;

    /** Whether a recording takes these events: one static check when none does. */
    static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** Asked whether a recording takes these events: one for all, not a new event per call once a recorder exists. */
    private static final ResponseEvent PROBE = new ResponseEvent();

    static void commit(Decision decision) {
        ResponseEvent event = new ResponseEvent();
        if (!event.isEnabled()) {
            return;
        }
        event.method = decision.method();
        event.coding = decision.coding();
        event.reason = decision.reason().token();
        event.dictionary = decision.dictionary() == null ? null : decision.dictionary().token();
        event.bytesIn = decision.bytesIn();
        event.bytesOut = decision.bytesOut();
        event.encodeTime = Math.max(0, decision.encodeNanos()); // not measured: none to show
        event.reuse = decision.reuse() == null ? null : decision.reuse().token();
        event.commit();
    }
}
