package org.restcompress.internal.cost;

import java.util.function.LongSupplier;

/**
 * One resource method's bodies as auto needs to know them before the next is written: their typical size (whether it
 * will stream, {@link AutoCoding#streamed}) and the server's time to produce one byte of them (the entity's writer:
 * serializing, copying), which every coding pays before its own work. A method's bodies are mostly alike. Thread-safe.
 */
public final class MethodBodies {

    /**
     * A writer slower than this per byte waited for something besides the CPU (a {@code StreamingOutput} fed by a
     * slow source): its pace says nothing of what coding costs, and counted whole it would make every coding look as
     * fast as the body as it is. Serializers run at 2 to 10 ns a byte.
     */
    static final double MAX_PRODUCE_NANOS = 20;

    private final TypicalSize size = new TypicalSize();
    private final RecentMedian produce;

    public MethodBodies() {
        this(System::nanoTime);
    }

    MethodBodies(LongSupplier clock) {
        produce = new RecentMedian(RecentMedian.NONE, clock);
    }

    /** One response: {@code originalBytes} before coding, produced by the entity's writer in {@code produceNanos}. */
    public void record(long originalBytes, long produceNanos) {
        size.record(originalBytes);
        if (originalBytes > 0 && produceNanos >= 0) {
            produce.add(Math.min(MAX_PRODUCE_NANOS, (double) produceNanos / originalBytes));
        }
    }

    /** The typical size in bytes, or -1 before the first response. */
    public double bytes() {
        return size.bytes();
    }

    /** Nanoseconds to produce one byte of the original, 0 before the first response. */
    public double produceNanos() {
        return produce.value();
    }
}
