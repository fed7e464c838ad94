package org.restcompress.internal.cost;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * How busy the machine's CPUs are, and what that makes a nanosecond of compression cost: on an idle server it only
 * delays its own response; on a saturated one it is taken from other requests too, so cheaper codings should win.
 * Read every {@link #PERIOD_MILLIS} by one daemon thread for the whole JVM, started by the first auto policy: reading
 * it takes a millisecond or two in a container (cgroup files), too long for a request to wait for.
 */
public final class CpuLoad {

    static final long PERIOD_MILLIS = 500;
    /** Below this load compression is free to use idle cores: weight 1. */
    static final double KNEE = 0.5;
    /** The weight at full load. */
    static final double SATURATED_WEIGHT = 4;

    private static volatile double load;
    private static Thread sampler;

    private CpuLoad() {
    }

    /** Starts the sampler, once per JVM. */
    static synchronized void start() {
        if (sampler != null) {
            return;
        }
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        sampler = new Thread(() -> {
            try {
                while (true) {
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
