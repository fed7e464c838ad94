package org.restcompress.internal.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.Reader;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.BulkInputStream;
import org.restcompress.ContentDecodingException;
import org.restcompress.ContentTooLargeException;
import org.restcompress.CorruptContentException;

/**
 * A request or response body decoded through its content codings, last applied first, with the decoded size capped.
 *
 * <p>Failures are classified where they happen: bytes a codec rejects become a {@link CorruptContentException} naming
 * that coding; a body that would decode past {@code limit} bytes becomes a {@link ContentTooLargeException} before
 * more than {@code limit + 1} bytes were produced (memory stays bounded by the limit, not by the sender); an
 * I/O error of the underlying connection passes through unchanged. The first failure is remembered, so that callers
 * can recognise it however a message body reader wrapped it.
 *
 * <p>With stacked codings every layer's output is held to the limit, not only the last one's (a body's decoding work
 * is at most {@code restcompress.max-codings} times the limit): otherwise a tiny body whose inner layer decodes to
 * millions of empty gzip members or LZF chunks would keep a thread busy for hours while the final output stays empty.
 *
 * <p>Codec resources (inflaters, native contexts) are released at the end of the body, on failure, or on close,
 * whichever comes first. Closing closes the underlying stream only when asked to ({@code closeSource}: a client's
 * response stream, whose close frees the connection; a server leaves the request stream to its container).
 */
public final class DecodingInputStream extends BulkInputStream {

    private final Source source;
    private final InputStream decoded;
    private final String codings;
    /** Decoded bytes allowed before the expansion ratio is checked, so small, very regular bodies pass. */
    public static final int RATIO_GRACE = 64 * 1024;

    private final long limit;
    private int maxRatio;
    private long count;
    private boolean released;
    private ContentDecodingException failure;
    /** Told once, when the body ends, fails or is closed; {@code null}: nobody asked, nothing timed. */
    private Consumer<Report> observer;
    private long nanos;

    private DecodingInputStream(Source source, InputStream decoded, String codings, long limit) {
        this.source = source;
        this.decoded = decoded;
        this.codings = codings;
        this.limit = limit;
    }

    /**
     * @param raw     the coded body
     * @param applied the codecs in the order the sender applied them (the order of {@code Content-Encoding})
     * @param limit   the largest decoded size accepted, in bytes
     */
    public static DecodingInputStream open(InputStream raw, List<ContentCodec> applied, long limit)
            throws IOException {
        return open(raw, applied, limit, false);
    }

    /** As {@link #open(InputStream, List, long)}; {@code closeSource}: closing this closes {@code raw} too. */
    public static DecodingInputStream open(InputStream raw, List<ContentCodec> applied, long limit,
            boolean closeSource) throws IOException {
        Objects.requireNonNull(raw, "raw");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative");
        }
        Source source = new Source(raw, closeSource);
        InputStream stream = source;
        StringBuilder names = new StringBuilder();
        for (ContentCodec codec : applied) {
            names.append(names.length() == 0 ? "" : ", ").append(codec.token());
        }
        for (int i = applied.size() - 1; i >= 0; i--) {
            ContentCodec codec = applied.get(i);
            stream = new Layer(codec, stream, source, names.toString(), limit);
        }
        return new DecodingInputStream(source, stream, names.toString(), limit);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (failure != null) {
            throw failure;
        }
        if (released) {
            return -1;
        }
        if (len == 0) {
            return 0;
        }
        // Never decode more than one byte past the limit, however large the caller's buffer.
        long room = limit - count;
        int wanted = room >= len ? len : (int) room + 1;
        int n;
        long start = observer != null ? System.nanoTime() : 0;
        try {
            n = decoded.read(b, off, wanted);
            if (observer != null) {
                nanos += System.nanoTime() - start;
            }
        } catch (ContentDecodingException e) {
            throw fail(e);
        } catch (IOException | RuntimeException e) {
            if (source.failed) {
                release();
                throw e;
            }
            throw fail(new CorruptContentException(codings, e));
        }
        if (n < 0) {
            release();
            return -1;
        }
        count += n;
        if (count > limit) {
            throw fail(new ContentTooLargeException(codings, limit));
        }
        if (maxRatio > 0 && count > RATIO_GRACE
                && count > (double) maxRatio * source.bytesRead) {
            throw fail(ContentTooLargeException.ratio(codings, maxRatio));
        }
        return n;
    }

    /**
     * Also refuses bodies that decode to more than {@code ratio} times their coded size, once past
     * {@link #RATIO_GRACE} decoded bytes; 0 (the default) checks no ratio.
     */
    public DecodingInputStream maxExpansionRatio(int ratio) {
        this.maxRatio = ratio;
        return this;
    }

    /**
     * Whether an entity a message body reader returned still reads the body afterwards: a stream, or anything
     * closeable that holds one (events, multipart). Such bodies are verified at their end, not drained at once.
     */
    public static boolean readsOnAfterReader(Class<?> type, Object entity) {
        return InputStream.class.isAssignableFrom(type) || Reader.class.isAssignableFrom(type)
                || entity instanceof AutoCloseable;
    }

    /** Reads the rest of the body, so that trailers and checksums are verified, then releases the codecs. */
    public void drain() throws IOException {
        byte[] scratch = new byte[8192];
        while (read(scratch, 0, scratch.length) >= 0) {
            // discard: what the reader left unread must still be well-formed
        }
    }

    /**
     * What one body did: its codings ({@code "gzip, br"}, as applied), the decoding failure that ended it or
     * {@code null}, its coded and decoded bytes, and the time spent reading and decoding it, waiting for the client
     * excluded.
     */
    public record Report(String codings, ContentDecodingException failure, long bytesIn, long bytesOut,
            long decodeNanos) {
    }

    /**
     * Times this body's decoding from now on, and reports it to {@code observer} once: when it ends, fails to decode,
     * or is closed. A body whose connection failed is not reported (it was neither decoded nor refused).
     */
    public DecodingInputStream observe(Consumer<Report> observer) {
        this.observer = observer;
        source.timed = true;
        return this;
    }

    /** The first decoding failure seen, or {@code null}. */
    public ContentDecodingException failure() {
        return failure;
    }

    /** How many decoded bytes were read so far. */
    public long decodedCount() {
        return count;
    }

    @Override
    public void close() throws IOException {
        release();
        source.closeRaw();
    }

    private ContentDecodingException fail(ContentDecodingException e) {
        failure = e;
        release();
        return e;
    }

    private void release() {
        if (!released) {
            released = true;
            try {
                decoded.close();
            } catch (IOException | RuntimeException ignored) {
                // releasing native memory cannot meaningfully fail; the body is abandoned either way
            }
            if (observer != null && !source.failed) {
                observer.accept(new Report(codings, failure, source.bytesRead, count,
                        Math.max(0, nanos - source.nanos)));
            }
        }
    }

    /** The raw body: remembers whether the connection failed, and is never closed by the codecs. */
    private static final class Source extends BulkInputStream {
        private final InputStream raw;
        private final boolean closeRaw;
        boolean failed;
        long bytesRead;
        /** Whether reads are timed; {@code nanos}: time spent waiting in them. */
        boolean timed;
        long nanos;

        Source(InputStream raw, boolean closeRaw) {
            this.raw = raw;
            this.closeRaw = closeRaw;
        }

        void closeRaw() throws IOException {
            if (closeRaw) {
                raw.close();
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long start = timed ? System.nanoTime() : 0;
            try {
                int n = raw.read(b, off, len);
                bytesRead += Math.max(n, 0);
                if (timed) {
                    nanos += System.nanoTime() - start;
                }
                return n;
            } catch (IOException e) {
                failed = true;
                throw e;
            }
        }

        @Override
        public void close() {
            // codecs close what they wrap: the raw stream is closed by closeRaw(), and only when asked to
        }
    }

    /**
     * One codec's decoder: what it throws, unless it came from below, is that coding's corrupt content; what it
     * produces counts against the limit. The decoder is created at the first read (some read a header as they are
     * made), and an empty input decodes to nothing whatever the coding.
     */
    private static final class Layer extends BulkInputStream {
        private final ContentCodec codec;
        private final PushbackInputStream input;
        private final Source source;
        private final String codings;
        private final long limit;
        private InputStream decoder;
        private long produced;
        private boolean empty;

        Layer(ContentCodec codec, InputStream input, Source source, String codings, long limit) {
            this.codec = codec;
            this.input = new PushbackInputStream(input, 1);
            this.source = source;
            this.codings = codings;
            this.limit = limit;
        }

        /** Some decoders (zstd-jni) return 0 when input produced no output yet: read on, as InputStream promises. */
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n;
            try {
                do {
                    n = decoder() == null ? -1 : decoder.read(b, off, len);
                } while (n == 0);
            } catch (IOException | RuntimeException e) {
                throw classify(e);
            }
            if (n > 0 && (produced += n) > limit) {
                throw new ContentTooLargeException(codings, limit);
            }
            return n;
        }

        /** The decoder, made on first use; {@code null} for an empty input. */
        private InputStream decoder() throws IOException {
            if (decoder == null && !empty) {
                int first = input.read();
                if (first < 0) {
                    empty = true;
                    return null;
                }
                input.unread(first);
                decoder = codec.decode(input);
            }
            return decoder;
        }

        private IOException classify(Exception e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof ContentDecodingException) {
                    return (ContentDecodingException) t;
                }
            }
            if (source.failed && e instanceof IOException) {
                return (IOException) e;
            }
            return new CorruptContentException(codec.token(), e);
        }

        @Override
        public void close() throws IOException {
            if (decoder != null) {
                decoder.close();
            } else {
                input.close();
            }
        }
    }
}
