package org.restcompress.quarkus;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.restcompress.Compressed;

/**
 * A stream that writes its first part, flushes, and holds the rest until the test has read and decoded that part: it
 * passes only if a flushed part really reaches the client while the response is still open.
 */
@Path("stream")
public class StreamResource {

    public static final String FIRST = "data: first part\n\n";
    public static final String SECOND = "data: second part\n\n";
    /** Sent instead of the second part when the gate was never opened, so that a buffering server fails fast. */
    public static final String GATE_TIMED_OUT = "gate timed out: the first part never reached the client\n";
    /** Opened by the test once it has decoded the first part; a fresh one per test. */
    public static volatile CountDownLatch gate = new CountDownLatch(1);

    @GET
    @Compressed
    @Produces(MediaType.TEXT_PLAIN)
    public StreamingOutput stream() {
        CountDownLatch mine = gate;
        return out -> {
            out.write(FIRST.getBytes(StandardCharsets.UTF_8));
            out.flush();
            out.write((opened(mine) ? SECOND : GATE_TIMED_OUT).getBytes(StandardCharsets.UTF_8));
        };
    }

    static boolean opened(CountDownLatch latch) {
        try {
            return latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
