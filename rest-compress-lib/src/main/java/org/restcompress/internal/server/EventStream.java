package org.restcompress.internal.server;

import java.io.IOException;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.io.Closing;
import org.restcompress.internal.io.Counting;
import org.restcompress.internal.observe.Observation;
import org.restcompress.observe.Decision;

/**
 * One event stream's encoder, open for as long as the stream: the runtimes flush after every event, and each flush
 * makes that event decodable at once while the coding keeps its context for the next one. The codec's state (native
 * memory for zstd and br) ends when a write fails (the client is gone) and when the stream ends: where the runtime
 * writes through the writer interceptor's stream or a hook, when it closes the stream; where it writes to its own
 * output stream ({@code endsAtEmptyFlush}), at a flush with nothing written since the last one. Such a runtime
 * commits the headers with a flush, writes each event (and the blank line it starts a stream with) and then flushes,
 * ends a stream with a flush alone, and closes its output stream when the request's first thread is done, stream or
 * not: its own stream ignores that close, and so does this one there
 * ({@link org.restcompress.internal.runtime.EventOutput}).
 *
 * <p>The runtimes write events from the application's threads and end the stream from their own: the stream's state
 * is guarded by its monitor. Its {@link Decision} is published when it ends, with the bytes of its events before and
 * after coding, on the thread that ended it and after the monitor is released (a listener never holds up a writer).
 */
final class EventStream extends OutputStream {

    private final OutputStream encoder;
    private final OutputStream sink;
    private final boolean endsAtEmptyFlush;
    private final Decision decision;
    private final Observation observation;
    private final Counting coded;
    private long bytesIn;
    private boolean started;
    private boolean written;
    private boolean closed;
    /** The completed decision once the stream ended, and whether it was published. */
    private Decision ended;
    private boolean published;

    private EventStream(OutputStream encoder, OutputStream sink, boolean endsAtEmptyFlush, Decision decision,
            Observation observation, Counting coded) {
        this.encoder = encoder;
        this.sink = sink;
        this.endsAtEmptyFlush = endsAtEmptyFlush;
        this.decision = decision;
        this.observation = observation;
        this.coded = coded;
    }

    /** The stream {@code codec} encodes events into, on their way to {@code sink}. */
    static EventStream open(ContentCodec codec, OutputStream sink, boolean endsAtEmptyFlush, Decision decision,
            Observation observation) throws IOException {
        Counting coded = new Counting(sink); // closing it closes the runtime's stream, as the codec contract says
        return new EventStream(codec.encode(coded), sink, endsAtEmptyFlush, decision, observation, coded);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            synchronized (this) {
                if (closed) {
                    throw new IOException("event stream closed");
                }
                started = true;
                written = true;
                bytesIn += len;
                try {
                    encoder.write(b, off, len);
                } catch (IOException | RuntimeException e) {
                    fail(e);
                    throw e;
                }
            }
        } finally {
            publishIfEnded();
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            synchronized (this) {
                if (closed) {
                    return;
                }
                if (endsAtEmptyFlush && started && !written) {
                    end();
                    sink.flush(); // the coding's end must reach the client before the runtime completes the response
                    return;
                }
                written = false;
                try {
                    encoder.flush();
                } catch (IOException | RuntimeException e) {
                    fail(e);
                    throw e;
                }
            }
        } finally {
            publishIfEnded();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            synchronized (this) {
                if (!endsAtEmptyFlush) {
                    end();
                }
            }
        } finally {
            publishIfEnded();
        }
    }

    /** Ends the coding (its trailer) and its state, and closes the runtime's stream as the codec contract says. */
    private void end() throws IOException {
        if (!closed) {
            closed = true;
            ended = decision.done(bytesIn, coded.count(), -1); // told even if writing the trailer fails
            encoder.close(); // codecs end their state also when writing the trailer fails
            ended = decision.done(bytesIn, coded.count(), -1); // the trailer counted
        }
    }

    /** Ends the coding's state where the runtime failed before its events (nothing more is written), and tells. */
    void abandon(Throwable failure) {
        try {
            synchronized (this) {
                fail(failure);
            }
        } finally {
            publishIfEnded();
        }
    }

    /** Ends the coding's state after a failed write. */
    private void fail(Throwable failure) {
        if (!closed) {
            closed = true;
            Closing.afterFailure(encoder, failure);
            ended = decision.done(bytesIn, coded.count(), -1);
        }
    }

    /** Publishes the completed decision once the stream ended: once, outside the monitor. */
    private void publishIfEnded() {
        Decision told;
        synchronized (this) {
            if (ended == null || published) {
                return;
            }
            told = ended;
            published = true;
        }
        observation.responded(told);
    }
}
