package org.restcompress.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
                sink.send(sse.newEvent("first event")).toCompletableFuture().join();
                boolean inTime = opened.await(20, TimeUnit.SECONDS);
                sink.send(sse.newEvent(inTime ? "second event" : "gate timed out")).toCompletableFuture().join();
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
                    sink.send(sse.newEventBuilder().id(Integer.toString(i)).name("change").data(event(i)).build())
                            .toCompletableFuture().join();
                }
            }
        });
    }

    /** Not annotated: its events go out as they are, whatever the client accepts. */
    @GET
    @Path("plain")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void plain(@Context SseEventSink sink, @Context Sse sse) {
        send(() -> {
            try (sink) {
                sink.send(sse.newEvent(event(0))).toCompletableFuture().join();
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
                    sink.send(sse.newEvent(event(i))).toCompletableFuture().join();
                    Thread.sleep(10);
                }
            } catch (RuntimeException e) {
                ended.complete(e);
            }
        });
    }

    interface Sending {
        void run() throws Exception;
    }

    private static void send(Sending sending) {
        Thread sender = new Thread(() -> {
            try {
                sending.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        sender.setDaemon(true);
        sender.start();
    }
}
