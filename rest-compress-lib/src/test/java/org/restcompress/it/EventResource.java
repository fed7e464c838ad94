package org.restcompress.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.restcompress.Compressed;

/** Server-Sent Events through the JAX-RS Sse API ({@code SseEventSink}), each sent from a thread of its own. */
@Path("events")
public class EventResource {

    /** Opened by a test once it has read the first event of {@code gated}. */
    public static volatile CountDownLatch gate = new CountDownLatch(1);
    /** How the last {@code endless} stream ended: the failure of the send that found the client gone. */
    public static volatile CompletableFuture<Throwable> endlessEnded = new CompletableFuture<>();

    /** The n-th of a stream of similar JSON events: a few fields change, most do not. */
    public static String event(int n) {
        return "{\"id\":" + n + ",\"time\":\"2026-11-23T09:" + String.format("%02d:%02d", n / 60 % 60, n % 60)
                + "Z\",\"type\":\"" + (n % 3 == 0 ? "deploy" : "signup") + "\",\"service\":\"billing-api\","
                + "\"region\":\"eu-central-1\",\"host\":\"billing-" + (n % 4) + ".internal.example.com\","
                + "\"status\":\"ok\",\"latencyMs\":" + (17 + n * 7 % 90) + ",\"version\":\"4.12.1\","
                + "\"tags\":[\"payments\",\"europe\",\"production\"],\"message\":\"request handled\"}";
    }

    @GET
    @Path("gated")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void gated(@Context SseEventSink sink, @Context Sse sse) {
        CountDownLatch opened = gate;
        send(() -> {
            try (sink) {
                deliver(sink, sse, sse.newEvent("first event"));
                boolean inTime = opened.await(20, TimeUnit.SECONDS);
                deliver(sink, sse, sse.newEvent(inTime ? "second event" : "gate timed out"));
            }
        });
    }

    @GET
    @Path("feed")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void feed(@Context SseEventSink sink, @Context Sse sse, @QueryParam("count") int count) {
        send(() -> {
            try (sink) {
                for (int i = 0; i < count; i++) {
                    deliver(sink, sse, sse.newEventBuilder().id(Integer.toString(i)).name("change").data(event(i)).build());
                }
            }
        });
    }

    /** Refuses before its first event: the error is the response, in the stream's coding or as it is. */
    @GET
    @Path("refused")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void refused(@Context SseEventSink sink, @Context Sse sse) {
        throw new jakarta.ws.rs.WebApplicationException(jakarta.ws.rs.core.Response.status(409)
                .type(MediaType.TEXT_PLAIN).entity("no events for you: " + "x".repeat(2000)).build());
    }

    /** Not annotated: its events go out as they are, whatever the client accepts. */
    @GET
    @Path("plain")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void plain(@Context SseEventSink sink, @Context Sse sse) {
        send(() -> {
            try (sink) {
                deliver(sink, sse, sse.newEvent(event(0)));
            }
        });
    }

    /** An event every 10 ms until a send fails (the client is gone), then {@link #endlessEnded} says how. */
    @GET
    @Path("endless")
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void endless(@Context SseEventSink sink, @Context Sse sse) {
        CompletableFuture<Throwable> ended = endlessEnded;
        send(() -> {
            try (sink) {
                for (int i = 0; ; i++) {
                    deliver(sink, sse, sse.newEvent(event(i)));
                    Thread.sleep(10);
                }
            } catch (RuntimeException e) {
                ended.complete(e);
            }
        });
    }

    /**
     * Sends one event and waits until it is written. CXF 4.1's sink can strand an event: a send that lands between
     * its dispatcher finding the queue empty and marking itself idle starts no dispatcher, so the event waits for
     * the next send. After a second without completion this sends a comment (which event parsers skip) to start
     * one; the stranded event then goes first, in order. Every other runtime completes each send at once.
     */
    private static void deliver(SseEventSink sink, Sse sse, OutboundSseEvent event) throws Exception {
        CompletableFuture<?> sent = sink.send(event).toCompletableFuture();
        for (int nudges = 0; ; nudges++) {
            try {
                sent.get(1, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (TimeoutException e) {
                if (nudges == 10) {
                    throw new IllegalStateException("an event was not written within 10 s", e);
                }
                sink.send(sse.newEventBuilder().comment("nudge").build());
            }
        }
    }

    interface Sending {
        void run() throws Exception;
    }

    private static void send(Sending sending) {
        Thread sender = new Thread(() -> {
            try {
                // Jersey flushes the sink on the request's thread once the method returned; a burst of events closed
                // from this thread at that moment can lose the response ("Response is closed" in its ChunkedOutput,
                // seen once under load, with or without the library): start after it
                Thread.sleep(20);
                sending.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        sender.setDaemon(true);
        sender.start();
    }
}
