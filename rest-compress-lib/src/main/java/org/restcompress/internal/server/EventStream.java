package org.restcompress.internal.server;

import java.io.IOException;
import java.io.OutputStream;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.io.Closing;
import org.restcompress.internal.observe.Observation;
import org.restcompress.observe.Decision;

/**
 * One event stream's encoder, open for as long as the stream: the runtimes flush after every event, and each flush
 * makes that event decodable at once while the coding keeps its context for the next one. The codec's state (native
 * memory for zstd and br) ends when a write fails (the client is gone) and when the stream ends: on Jersey, when it
 * closes the stream; on RESTEasy, at a flush with nothing written since the last one. RESTEasy commits the headers
 * with a flush, writes each event (and the blank line it starts a stream with) and then flushes, ends a stream with a
 * flush alone, and closes its output stream when the request's first thread is done, stream or not: its own stream
 * ignores that close, and so does this one there ({@link ResteasyEvents}).
 * Synchronized: the runtimes write events from the application's threads and end the stream from their own. Its
 * {@link Decision} is published when it ends, with the bytes of its events before and after coding.
 */
final class EventStream extends OutputStream {

    private final OutputStream encoder;
    private final OutputStream sink;
    private final boolean resteasy;
    private final Decision decision;
    private final Observation observation;
    private final Counted coded;
    private long bytesIn;
    private boolean started;
    private boolean written;
    private boolean closed;

    private EventStream(OutputStream encoder, OutputStream sink, boolean resteasy, Decision decision,
            Observation observation, Counted coded) {
        this.encoder = encoder;
        this.sink = sink;
        this.resteasy = resteasy;
        this.decision = decision;
        this.observation = observation;
        this.coded = coded;
    }

    /** The stream {@code codec} encodes events into, on their way to {@code sink}. */
    static EventStream open(ContentCodec codec, OutputStream sink, boolean resteasy, Decision decision,
            Observation observation) throws IOException {
        Counted coded = new Counted(sink);
        return new EventStream(codec.encode(coded), sink, resteasy, decision, observation, coded);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
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

    @Override
    public synchronized void flush() throws IOException {
        if (closed) {
            return;
        }
        if (resteasy && started && !written) {
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

    @Override
    public synchronized void close() throws IOException {
        if (!resteasy) {
            end();
        }
    }

    /** Ends the coding (its trailer) and its state, and closes the runtime's stream as the codec contract says. */
    private void end() throws IOException {
        if (!closed) {
            closed = true;
            try {
                encoder.close(); // codecs end their state also when writing the trailer fails
            } finally {
                observation.responded(decision.done(bytesIn, coded.count, -1));
            }
        }
    }

    private void fail(Throwable failure) {
        if (!closed) {
            closed = true;
            Closing.afterFailure(encoder, failure);
            observation.responded(decision.done(bytesIn, coded.count, -1));
        }
    }

    /** The runtime's stream, counting what the coding sends; closing it closes the runtime's (the codec contract). */
    private static final class Counted extends OutputStream {
        private final OutputStream out;
        long count;

        Counted(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
