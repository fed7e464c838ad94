package org.restcompress.it;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Heap bytes allocated by this JVM's threads since {@link #start()}: a count that does not depend on when the
 * collector runs. Threads that end in between are missed, so start it after the threads it should see exist.
 */
final class Allocations {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Map<Long, Long> before;

    private Allocations(Map<Long, Long> before) {
        this.before = before;
    }

    static Allocations start() {
        if (!THREADS.isThreadAllocatedMemorySupported() || !THREADS.isThreadAllocatedMemoryEnabled()) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread");
        }
        return new Allocations(snapshot());
    }

    long bytes() {
        long total = 0;
        for (Map.Entry<Long, Long> now : snapshot().entrySet()) {
            total += now.getValue() - before.getOrDefault(now.getKey(), 0L);
        }
        return total;
    }

    private static Map<Long, Long> snapshot() {
        long[] ids = THREADS.getAllThreadIds();
        long[] bytes = THREADS.getThreadAllocatedBytes(ids);
        Map<Long, Long> byThread = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0) { // -1: the thread ended between the two calls
                byThread.put(ids[i], bytes[i]);
            }
        }
        return byThread;
    }
}
