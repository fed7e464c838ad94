package org.restcompress.internal.cost;

/**
 * How large one resource method's bodies are, before coding: the average of its recent responses (each keeps
 * {@link CodingStats#DECAY} of the past, about the last ten count), so that auto knows, before a body is written,
 * whether it will stream ({@link AutoCoding#streamed}). A method's bodies are mostly alike; a method that changes
 * shows it within a few responses. Thread-safe.
 */
public final class TypicalSize {

    private double bytes;
    private double bodies;

    /** One response of {@code originalBytes}; an empty one (a HEAD, a 204) says nothing. */
    public synchronized void record(long originalBytes) {
        if (originalBytes <= 0) {
            return;
        }
        bytes = bytes * CodingStats.DECAY + originalBytes;
        bodies = bodies * CodingStats.DECAY + 1;
    }

    /** The typical size in bytes, or -1 before the first response. */
    public synchronized double bytes() {
        return bodies == 0 ? -1 : bytes / bodies;
    }
}
