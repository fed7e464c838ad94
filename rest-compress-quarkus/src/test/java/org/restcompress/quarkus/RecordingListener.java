package org.restcompress.quarkus;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;

/** Found as a service by the library (META-INF/services): keeps the decisions of event streams as they end. */
public class RecordingListener implements CompressionListener {

    static final BlockingQueue<Decision> EVENT_STREAMS = new LinkedBlockingQueue<>();

    @Override
    public void responded(Decision decision) {
        if (decision.method().startsWith("EventResource.")) {
            EVENT_STREAMS.add(decision);
        }
    }
}
