package org.restcompress.demo;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.restcompress.Compressed;

/**
 * {@code GET /rest/events?count=N&interval=MS}: a stream of similar JSON events sent through the standard
 * {@code SseEventSink}, compressed in the coding negotiated once for the whole stream (the context carries from event to
 * event). {@code count} events (default 60, 0 for no end, at most a million) one every {@code interval} milliseconds
 * (default 1000, 10 to an hour); the first at once; anything else is a 400 saying so. Two scheduler threads send
 * every stream's events, so an open stream holds no thread; a compressed stream's write blocks while its client does
 * not read (on RESTEasy as on Jersey), so one slow client delays the others on its thread, for at most the
 * container's idle timeout.
 */
@Path("events")
public class EventsResource {

    static final int DEFAULT_COUNT = 60;
    static final int DEFAULT_INTERVAL = 1000;
    private static final int MIN_INTERVAL = 10;
    private static final int MAX_COUNT = 1_000_000;
    private static final int MAX_INTERVAL = 3_600_000;

    /** The threads that send events, started with the first stream and ended when the application stops. */
    private static ScheduledExecutorService sender;
    private static final List<Thread> senderThreads = new CopyOnWriteArrayList<>();
    /** The streams open now: closed when the application stops, so that no request stays open past it. */
    private static final Set<SseEventSink> OPEN = ConcurrentHashMap.newKeySet();

    private static synchronized ScheduledExecutorService sender() {
        if (sender == null) {
            sender = Executors.newScheduledThreadPool(2, task -> {
                Thread thread = new Thread(task, "demo-events");
                thread.setDaemon(true);
                senderThreads.add(thread);
                return thread;
            });
        }
        return sender;
    }

    /** Ends the sending threads and closes every open stream: the application stops ({@link DemoLifecycle}). */
    static synchronized void stop() {
        if (sender != null) {
            sender.shutdownNow();
            try { // ended, not only told to end: a container checks for the application's threads right after
                sender.awaitTermination(5, TimeUnit.SECONDS);
                for (Thread thread : senderThreads) { // terminated executors may still have threads on their way out
                    thread.join(1000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            senderThreads.clear();
            sender = null;
        }
        for (SseEventSink sink : OPEN) {
            sink.close();
        }
        OPEN.clear();
    }

    @GET
    @Compressed
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void events(@Context SseEventSink sink, @Context Sse sse,
            @QueryParam("count") @DefaultValue("" + DEFAULT_COUNT) String countParameter,
            @QueryParam("interval") @DefaultValue("" + DEFAULT_INTERVAL) String intervalParameter) {
        // checked before the first event: the stream's response has not started yet, a 400 can still be sent
        int count = DemoResource.whole("count", countParameter, 0, MAX_COUNT);
        int interval = DemoResource.whole("interval", intervalParameter, MIN_INTERVAL, MAX_INTERVAL);
        AtomicInteger sent = new AtomicInteger();
        AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>();
        OPEN.add(sink);
        Runnable next = () -> {
            int n = sent.getAndIncrement();
            if (sink.isClosed() || count > 0 && n >= count) {
                sink.close();
                OPEN.remove(sink);
                cancel(task);
                return;
            }
            sink.send(sse.newEventBuilder().id(Integer.toString(n)).name("update").data(event(n)).build())
                    .whenComplete((done, failure) -> {
                        if (failure != null) { // the client is gone: the library has ended its encoder already
                            sink.close();
                            OPEN.remove(sink);
                            cancel(task);
                        }
                    });
        };
        // The first event goes out from the request's own thread, before the method returns. Sent from another thread,
        // it raced RESTEasy's own flush of the response head after the method returns, and on Tomcat the two locked
        // each other out for good (RESTEasy's stream's monitor against Tomcat's processor lock: a redeploy test hung).
        next.run();
        task.set(sender().scheduleWithFixedDelay(next, interval, interval, TimeUnit.MILLISECONDS)); // no late bursts
    }

    private static void cancel(AtomicReference<ScheduledFuture<?>> task) {
        ScheduledFuture<?> scheduled = task.get();
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }

    /** The n-th event: an id, a time and a few fields that change; most of it does not. */
    static String event(int n) {
        return "{\"id\":" + n + ",\"time\":\"" + Instant.now() + "\",\"service\":\"orders-api\","
                + "\"region\":\"eu-central-1\",\"instance\":\"orders-" + (n % 3) + ".internal.example.com\","
                + "\"status\":\"" + (n % 17 == 0 ? "degraded" : "ok") + "\",\"requests\":" + (1200 + n * 37 % 500)
                + ",\"p99Ms\":" + (40 + n * 13 % 60) + ",\"version\":\"2026.11.3\",\"build\":\"a41c9e7\","
                + "\"owner\":\"team-orders\",\"tags\":[\"payments\",\"europe\",\"production\"],"
                + "\"message\":\"health check passed; all dependencies reachable\"}";
    }
}
