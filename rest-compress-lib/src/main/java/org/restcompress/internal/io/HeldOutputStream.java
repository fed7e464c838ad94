package org.restcompress.internal.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Holds a whole body, up to {@code limit} bytes, so that it can be looked at before it goes on: encoding once compares
 * it with the bodies it keeps. A body that grows past the limit goes on to the stream {@link Spill} gives, the held
 * bytes first, and is passed through from then on. The entity's own array written whole as the first write (a
 * {@code byte[]} entity) is held by reference, not copied; anything else is copied, as writers reuse their buffers.
 * A flush while holding does nothing: writers flush at the end of every body, which says nothing about sending.
 */
public final class HeldOutputStream extends OutputStream {

    /** Where a body too long to hold goes. */
    public interface Spill {
        OutputStream open() throws IOException;
    }

    private final int limit;
    private final Object entity;
    private final Spill spill;
    private final int initial;
    private byte[] held = new byte[0];
    private int count;
    /** Whether {@link #held} is the entity's array, which is never written to. */
    private boolean borrowed;
    private OutputStream passed;

    /**
     * @param limit   the most bytes held
     * @param entity  the response's entity: held by reference when it is the array written
     * @param initial the capacity to start with (the method's last body, say)
     */
    public HeldOutputStream(int limit, Object entity, int initial, Spill spill) {
        this.limit = limit;
        this.entity = entity;
        this.spill = spill;
        this.initial = Math.max(0, Math.min(limit, initial)); // allocated at the first copy: an entity array is not
    }

    @Override
    public void write(int b) throws IOException {
        if (passed == null && !borrowed && count < held.length) {
            held[count++] = (byte) b; // a writer writing byte by byte allocates nothing here
            return;
        }
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (passed != null) {
            passed.write(b, off, len);
            return;
        }
        if (len > limit - count) {
            passed = spill.open();
            passed.write(held, 0, count);
            held = null;
            passed.write(b, off, len);
            return;
        }
        if (count == 0 && b == entity && off == 0 && len == b.length) {
            held = b;
            count = len;
            borrowed = true;
            return;
        }
        if (borrowed || count + len > held.length) {
            held = Arrays.copyOf(held, Math.min(limit, Math.max(Math.max(count + len, initial), 2 * held.length)));
            borrowed = false;
        }
        System.arraycopy(b, off, held, count, len);
        count += len;
    }

    @Override
    public void flush() throws IOException {
        if (passed != null) {
            passed.flush();
        }
    }

    /** Whether the whole body is held: it never grew past the limit. */
    public boolean isHeld() {
        return passed == null;
    }

    /** The held body's bytes: the first {@link #length()} of them; not to be written to. */
    public byte[] bytes() {
        return held;
    }

    public int length() {
        return count;
    }
}
