package org.restcompress.internal.cost;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.concurrent.atomic.AtomicBoolean;

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
    private static int users;

    private CpuLoad() {
    }

    /**
     * One more user of the load: the sampler runs from the first until the last one closes what this returns (the
     * application stops), so that no thread of the library outlives its application.
     */
    static synchronized AutoCloseable use() {
        if (users++ == 0) {
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            sampler = new Thread(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        load = read(os);
                        Thread.sleep(PERIOD_MILLIS);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "rest-compress-cpu-load");
            sampler.setDaemon(true);
            sampler.start();
        }
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                release();
            }
        };
    }

    private static synchronized void release() {
        if (--users == 0) {
            Thread ending = sampler;
            sampler = null;
            ending.interrupt();
            try {
                ending.join(PERIOD_MILLIS * 4);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
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
