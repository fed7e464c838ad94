package org.restcompress.internal.cost;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/**
 * How busy the machine's CPUs are, and what that makes a nanosecond of compression cost: on an idle server it only
 * delays its own response; on a saturated one it is taken from other requests too, so cheaper codings should win.
 * Read every {@link #PERIOD_MILLIS} by one daemon thread, shared by every auto policy of the JVM and running only
 * while one is in use ({@link #use}): reading it takes a millisecond or two in a container (cgroup files), too long
 * for a request to wait for.
 */
public final class CpuLoad {

    static final long PERIOD_MILLIS = 500;
    /** Below this load compression is free to use idle cores: weight 1. */
    static final double KNEE = 0.5;
    /** The weight at full load. */
    static final double SATURATED_WEIGHT = 4;

    private static volatile double load;
    private static Thread sampler;
    /** The users' owners, weakly: an application dropped without being stopped ends its use when collected. */
    private static final List<WeakReference<Object>> owners = new ArrayList<>();

    private CpuLoad() {
    }

    /**
     * One more user of the load, for as long as {@code owner} lives: the sampler runs from the first until the last
     * one closes what this returns (its application stops), or, on a runtime that never says it stops, until every
     * owner has been garbage-collected. No thread of the library outlives its application.
     */
    static synchronized AutoCloseable use(Object owner) {
        WeakReference<Object> user = new WeakReference<>(owner);
        owners.add(user);
        if (sampler == null) {
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            sampler = new Thread(() -> sample(os), "rest-compress-cpu-load");
            sampler.setContextClassLoader(null); // shared by every application: none of theirs is kept by it
            sampler.setDaemon(true);
            sampler.start();
        }
        return () -> release(user);
    }

    private static void sample(OperatingSystemMXBean os) {
        try {
            while (true) {
                load = read(os);
                Thread.sleep(PERIOD_MILLIS);
                synchronized (CpuLoad.class) {
                    if (sampler != Thread.currentThread()) {
                        return; // released: ended
                    }
                    owners.removeIf(user -> user.get() == null);
                    if (owners.isEmpty()) {
                        sampler = null; // every user collected
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            synchronized (CpuLoad.class) {
                if (sampler == Thread.currentThread()) { // also after an unexpected failure: the next user restarts it
                    sampler = null;
                }
            }
        }
    }

    /** Joined outside the lock, which the sampler takes between readings. */
    private static void release(WeakReference<Object> user) {
        Thread ending;
        synchronized (CpuLoad.class) {
            if (!owners.remove(user) || !owners.isEmpty() || sampler == null) {
                return;
            }
            ending = sampler;
            sampler = null;
        }
        ending.interrupt();
        try {
            ending.join(PERIOD_MILLIS * 4);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** How many users hold the sampler (for tests). */
    static synchronized int users() {
        return owners.size();
    }

    /** Whether the sampler runs (for tests). */
    static synchronized boolean sampling() {
        return sampler != null && sampler.isAlive();
    }

    /** The load from 0 (idle) to 1 (every core busy), as last read; 0 before the first reading. */
    static double load() {
        return load;
    }

    private static double read(OperatingSystemMXBean os) {
        double value = -1;
        try {
            if (os instanceof com.sun.management.OperatingSystemMXBean) {
                value = ((com.sun.management.OperatingSystemMXBean) os).getCpuLoad();
            }
        } catch (LinkageError absent) { // a runtime image without jdk.management
            value = -1;
        }
        if (!(value >= 0)) { // not available here: the load average per core is the next best
            value = os.getSystemLoadAverage() / os.getAvailableProcessors();
        }
        return value >= 0 ? Math.min(1, value) : 0;
    }

    /** The weight of compression time at {@code load}: 1 up to {@link #KNEE}, rising to {@link #SATURATED_WEIGHT}. */
    public static double weight(double load) {
        double busy = Math.max(0, Math.min(1, load) - KNEE) / (1 - KNEE);
        return 1 + (SATURATED_WEIGHT - 1) * busy;
    }
}
