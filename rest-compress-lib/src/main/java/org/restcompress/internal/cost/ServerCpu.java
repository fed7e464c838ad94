package org.restcompress.internal.cost;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of the thread writing a response. Unlike its wall time it leaves out waiting (for the link, for a core,
 * for a slow source), so what a response's thread spent besides the codec is the server's own work: at 1 Gbit/s a
 * wall clock cannot tell a write that copied from one that waited a fraction of a millisecond for the link. One
 * system call (about a microsecond), twice per response measured ({@link MethodBodies#measuresWork}), with
 * {@code preference=auto} only.
 */
public final class ServerCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = supported();

    private ServerCpu() {
    }

    private static boolean supported() {
        try {
            return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    /** The current thread's CPU time in nanoseconds, or -1 where the JVM does not measure it (a virtual thread). */
    public static long threadNanos() {
        if (!SUPPORTED) {
            return -1;
        }
        try {
            return THREADS.getCurrentThreadCpuTime();
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }
}
