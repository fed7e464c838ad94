package org.restcompress.quarkus;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.concurrent.CountDownLatch;
import org.restcompress.Compressed;

/** Server-Sent Events through the JAX-RS SseEventSink; the second event waits until the test has read the first. */
@Path("events")
public class EventResource {

    /** Opened by the test once it has read the first event; a fresh one per test. */
    public static volatile CountDownLatch gate = new CountDownLatch(1);

    @GET
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void events(@Context SseEventSink sink, @Context Sse sse) {
        CountDownLatch mine = gate;
        // The first event goes out before the method returns: sent from another thread, it raced Quarkus's own
        // sending of the head (about 1 in 400: "Response head already sent", no event; quarkus#56376, fixed after
        // the 3.32 we build on). The second follows from another thread, as applications do.
        sink.send(sse.newEventBuilder().name("tick").data("first event").build()).toCompletableFuture().join();
        new Thread(() -> {
            try (sink) {
                String second = StreamResource.opened(mine) ? "second event" : StreamResource.GATE_TIMED_OUT.trim();
                sink.send(sse.newEventBuilder().name("tick").data(second).build()).toCompletableFuture().join();
            }
        }, "events").start();
    }

    /**
     * Returns at once; its events follow from another thread every 20 ms, the first after the method returned (so
     * Quarkus registers its own close handler), until a send fails: the client is gone.
     */
    @GET
    @Path("endless")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void endless(@Context SseEventSink sink, @Context Sse sse) {
        new Thread(() -> {
            try (sink) {
                for (int i = 0; !sink.isClosed(); i++) {
                    Thread.sleep(20);
                    sink.send(sse.newEventBuilder().name("tick").data("event " + i).build()).toCompletableFuture()
                            .join();
                }
            } catch (InterruptedException | RuntimeException gone) {
                // the client left
            }
        }, "endless-events").start();
    }

    /** Refuses before its first event: the error is the response. */
    @GET
    @Path("refused")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void refused(@Context SseEventSink sink) {
        throw new jakarta.ws.rs.WebApplicationException(jakarta.ws.rs.core.Response.status(409)
                .type(MediaType.TEXT_PLAIN).entity("no events for you: " + "x".repeat(2000)).build());
    }
}
