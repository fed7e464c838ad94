package org.restcompress.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** What encoding once keeps, when it changes: {@code org.restcompress.EncodeOnce}. */
@Name("org.restcompress.EncodeOnce")
@Label("Encode Once")
@Category({"rest-compress"})
@Description("What encoding once keeps after a body or form was added, made stronger or let go")
@Enabled(false)
@StackTrace(false)
final class EncodeOnceEvent extends jdk.jfr.Event {

    @Label("Bytes Kept")
    @Description("Bodies and their encoded forms")
    @DataAmount
    long bytes;
    @Label("Bodies Kept")
    int bodies;

    static void commit(long bytes, int bodies) {
        EncodeOnceEvent event = new EncodeOnceEvent();
        if (!event.isEnabled()) {
            return;
        }
        event.bytes = bytes;
        event.bodies = bodies;
        event.commit();
    }
}
