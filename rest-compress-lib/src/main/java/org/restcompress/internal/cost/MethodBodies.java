package org.restcompress.internal.cost;

import java.util.function.LongSupplier;

/**
 * One resource method's bodies as auto needs to know them before the next is written: their typical size (whether it
 * will stream, {@link AutoCoding#streamed}) and the server's work per byte of them besides the codec's (producing the
 * body, handing it to the socket: {@link ServerCpu}), which every coding pays in the same thread as its own. A
 * method's bodies are mostly alike. Thread-safe.
 */
public final class MethodBodies {

    private final TypicalSize size = new TypicalSize();
    private final RecentMedian work;
    /** Auto's last decision for this method ({@link AutoCoding.Made}), reused while its inputs repeat. */
    volatile AutoCoding.Made last;

    public MethodBodies() {
        this(System::nanoTime);
    }

    MethodBodies(LongSupplier clock) {
        work = new RecentMedian(RecentMedian.NONE, clock);
    }

    /**
     * One response: {@code originalBytes} before coding, for which the server's thread spent {@code workNanos} of CPU
     * besides the codec's (negative: not measured).
     */
    public void record(long originalBytes, long workNanos) {
        size.record(originalBytes);
        if (originalBytes > 0 && workNanos >= 0) {
            work.add((double) workNanos / originalBytes);
        }
    }

    /** The typical size in bytes, or -1 before the first response. */
    public double bytes() {
        return size.bytes();
    }

    /** The server's nanoseconds of work per original byte besides the codec's, 0 before the first response. */
    public double workNanos() {
        return work.value();
    }
}
