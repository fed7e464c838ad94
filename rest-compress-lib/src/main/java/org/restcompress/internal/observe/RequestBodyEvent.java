package org.restcompress.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import org.restcompress.observe.RequestBody;

/** One coded request body, decoded or refused: {@code org.restcompress.RequestBody}. */
@Name("org.restcompress.RequestBody")
@Label("Request Body Decoding")
@Category({"rest-compress"})
@Description("A request body's content coding, its sizes, and the status it was refused with (0: decoded)")
@Enabled(false)
@StackTrace(false)
final class RequestBodyEvent extends jdk.jfr.Event {

    @Label("Method")
    String method;
    @Label("Coding")
    String coding;
    @Label("Status")
    int status;
    @Label("Bytes Read")
    @DataAmount
    long bytesIn;
    @Label("Bytes Decoded")
    @DataAmount
    long bytesOut;
    @Label("Decode Time")
    @Description("Time reading and decoding, waiting for the client excluded; 0 when not measured")
    @Timespan(Timespan.NANOSECONDS)
    long decodeTime;

    static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** Asked whether a recording takes these events: one for all, not a new event per call once a recorder exists. */
    private static final RequestBodyEvent PROBE = new RequestBodyEvent();

    static void commit(RequestBody body) {
        RequestBodyEvent event = new RequestBodyEvent();
        if (!event.isEnabled()) {
            return;
        }
        event.method = body.method();
        event.coding = body.coding();
        event.status = body.status();
        event.bytesIn = body.bytesIn();
        event.bytesOut = body.bytesOut();
        event.decodeTime = Math.max(0, body.decodeNanos());
        event.commit();
    }
}
