package org.restcompress.internal.lifecycle;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The owner of what one server application's compression starts or allocates beyond a request (the cost model's
 * threads, the dictionary store and its writer, pooled native contexts): each ends, in the reverse order of its
 * start, when the application stops. What tells it so depends on the runtime: a servlet container's context listener
 * ({@link ServletHook}, for every WAR), Jersey's container lifecycle (its runtime adapter's hook). With neither (an
 * embedded runtime that is never undeployed) nothing ends it: it goes with its application, and what it owns ends
 * with the JVM, or sooner where the resource ends itself (the CPU sampler once its users are collected).
 */
public final class Lifecycle implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Lifecycle.class.getName());

    /**
     * The lifecycles open per application class loader, both weakly: the application (its binder) holds its lifecycle,
     * so one that no hook ends goes with its application instead of staying here for good.
     */
    private static final Map<ClassLoader, List<WeakReference<Lifecycle>>> OPEN = new WeakHashMap<>();
    /** Ended with the last application of a class loader: state shared by every one, such as codec pools. */
    private static final List<Runnable> SHARED = new ArrayList<>();

    /** Weakly: a lifecycle never ended (the map's value) must not keep its loader (the map's key). */
    private final WeakReference<ClassLoader> application;
    private final Deque<AutoCloseable> owned = new ArrayDeque<>();
    private boolean closed;

    private Lifecycle(ClassLoader application) {
        this.application = new WeakReference<>(application);
    }

    /** A new owner for the application whose classes {@code application} loads. */
    public static Lifecycle open(ClassLoader application) {
        Lifecycle lifecycle = new Lifecycle(application);
        synchronized (OPEN) {
            OPEN.computeIfAbsent(application, loader -> new ArrayList<>()).add(new WeakReference<>(lifecycle));
        }
        return lifecycle;
    }

    /** Adds state every application of this library shares, ended when the last of them ends (once per loader). */
    public static void whenAllEnd(Runnable end) {
        synchronized (OPEN) {
            if (!SHARED.contains(end)) {
                SHARED.add(end);
            }
        }
    }

    /** Ends every lifecycle opened for {@code application}: its servlet context, or its runtime, stops. */
    public static void endAll(ClassLoader application) {
        List<Lifecycle> ending = new ArrayList<>();
        synchronized (OPEN) {
            for (WeakReference<Lifecycle> open : OPEN.getOrDefault(application, List.of())) {
                Lifecycle lifecycle = open.get();
                if (lifecycle != null) {
                    ending.add(lifecycle);
                }
            }
        }
        if (ending.isEmpty()) {
            endSharedIfNoneOpen(); // only clients ran here, which open no lifecycle
        }
        ending.forEach(Lifecycle::close); // the last to close ends the shared state
    }

    /** Ends the shared state when no application's lifecycle is open any more. */
    private static void endSharedIfNoneOpen() {
        List<Runnable> shared;
        synchronized (OPEN) {
            purge();
            shared = OPEN.isEmpty() ? new ArrayList<>(SHARED) : List.of();
        }
        shared.forEach(Lifecycle::run);
    }

    /**
     * One daemon thread named {@code name} for work off the request path: started with the first task, ended after
     * {@code idleSeconds} without one, at most {@code waiting} tasks queued (its owner asks for room before it hands
     * one over, and shuts it down when the application stops).
     */
    public static ThreadPoolExecutor backgroundThread(String name, int idleSeconds, int waiting) {
        return new ThreadPoolExecutor(0, 1, idleSeconds, TimeUnit.SECONDS, new ArrayBlockingQueue<>(waiting), task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Forgets lifecycles their applications dropped without ending them. Called holding OPEN's lock. */
    private static void purge() {
        OPEN.values().forEach(open -> open.removeIf(ref -> ref.get() == null));
        OPEN.values().removeIf(List::isEmpty);
    }

    /** The lifecycles open, of every application (for tests). */
    static int openCount() {
        synchronized (OPEN) {
            return (int) OPEN.values().stream().flatMap(List::stream).filter(open -> open.get() != null).count();
        }
    }

    /** {@code resource}, ended with this lifecycle; ended at once when this one has ended already. */
    public <T extends AutoCloseable> T own(T resource) {
        synchronized (this) {
            if (!closed) {
                owned.push(resource);
                return resource;
            }
        }
        end(resource);
        return resource;
    }

    public synchronized boolean closed() {
        return closed;
    }

    /** Ends what this lifecycle owns, newest first, each once; a failure is logged and the rest still end. */
    @Override
    public void close() {
        List<AutoCloseable> ending = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            while (!owned.isEmpty()) {
                ending.add(owned.pop());
            }
        }
        ending.forEach(Lifecycle::end);
        synchronized (OPEN) {
            ClassLoader loader = application.get();
            List<WeakReference<Lifecycle>> open = loader == null ? null : OPEN.get(loader);
            if (open != null) {
                open.removeIf(ref -> ref.get() == this);
            }
        }
        endSharedIfNoneOpen();
    }

    private static void run(Runnable end) {
        try {
            end.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: ending shared state failed", e);
        }
    }

    private static void end(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: ending " + resource + " failed", e);
        }
    }
}
