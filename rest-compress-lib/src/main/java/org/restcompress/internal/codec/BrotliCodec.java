package org.restcompress.internal.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.PreparedDictionary;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/**
 * The {@code br} coding (RFC 7932) through brotli4j, active when brotli4j and its native library for this platform
 * load. Settings: {@code restcompress.br.quality} (0 to 11, default {@value #DEFAULT_QUALITY}: dynamic responses want
 * a low quality; 11 is for precompressed files) and {@code restcompress.br.window} (10 to 24, default 22).
 */
public final class BrotliCodec implements ContentCodec {

    public static final String TOKEN = "br";

    private static final int BUFFER_SIZE = 16 * 1024;
    private static final int EVENT_BUFFER_SIZE = 4 * 1024;

    private final BrotliSettings settings;
    private final boolean events;

    public BrotliCodec() {
        this(BrotliSettings.DEFAULTS);
    }

    public BrotliCodec(int quality, int window) {
        this(new BrotliSettings(quality, window));
    }

    public BrotliCodec(BrotliSettings settings) {
        this(settings, false);
    }

    private BrotliCodec(BrotliSettings settings, boolean events) {
        Brotli4jLoader.ensureAvailability(); // fails here, at registry loading, when the native part is missing
        this.settings = settings;
        this.events = events;
    }

    @Override
    public String token() {
        return TOKEN;
    }

    /** The event window; an input buffer of 4 KB, not brotli4j's 16 (events are small, and it stays allocated). */
    @Override
    public ContentCodec forEventStreams() {
        return events ? this
                : new BrotliCodec(new BrotliSettings(settings.quality(), settings.eventWindow(), settings.eventWindow()),
                        true);
    }

    /** brotli4j's flush ends a meta-block but does not flush the sink: this one does, as codecs must. */
    @Override
    public OutputStream encode(OutputStream sink) throws IOException {
        return new Stream(sink, parameters(), events ? EVENT_BUFFER_SIZE : BUFFER_SIZE, null, null);
    }

    /**
     * brotli4j's stream, with a flush that flushes the sink too (as codecs must), and a close that ends the last
     * meta-block with a flush first: brotli4j 1.24's encoder drops the end of a stream whose length is a multiple of
     * its window (4 MiB at window 22, 64 KiB at 16; CodecTest#brotliStreamsOfWholeWindowsEnd). The close frees the
     * native encoder (and an owned dictionary) even when that flush fails (client gone), and only once.
     */
    private static final class Stream extends BrotliOutputStream {
        private final OutputStream sink;
        private final ByteBuffer dictionary; // reachable while the encoder reads it
        private final Runnable onClose;
        private boolean closed;

        Stream(OutputStream sink, Encoder.Parameters parameters, int bufferSize, ByteBuffer dictionary,
                Runnable onClose) throws IOException {
            super(sink, parameters, bufferSize);
            this.sink = sink;
            this.dictionary = dictionary;
            this.onClose = onClose;
        }

        @Override
        public void flush() throws IOException {
            super.flush();
            sink.flush();
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                super.flush();
            } finally {
                try {
                    super.close();
                } finally {
                    if (onClose != null) {
                        onClose.run();
                    }
                }
            }
        }
    }

    /**
     * Encodes against {@code dictionary} as a raw prefix dictionary (RFC 9842's {@code dcb}), at quality 5 or more. {@code dictionary} must
     * be a direct buffer that stays reachable while the stream is open: the prepared form points into it. The prepared
     * form's native memory is freed when the stream closes.
     */
    public OutputStream encode(OutputStream sink, ByteBuffer dictionary) throws IOException {
        return encode(sink, dictionary, Encoder.prepareDictionary(dictionary, RAW_DICTIONARY), true);
    }

    /**
     * Encodes against a dictionary prepared once by {@link #prepare}, kept by the caller (brotli only reads a
     * prepared dictionary, so many streams may share it).
     */
    public OutputStream encode(OutputStream sink, ByteBuffer dictionary, Object prepared) throws IOException {
        return encode(sink, dictionary, (PreparedDictionary) prepared, false);
    }

    /** {@code dictionary} (a direct buffer that must stay reachable with the result) prepared for encoding. */
    public Object prepare(ByteBuffer dictionary) {
        return Encoder.prepareDictionary(dictionary, RAW_DICTIONARY);
    }

    private OutputStream encode(OutputStream sink, ByteBuffer dictionary, PreparedDictionary prepared, boolean owned)
            throws IOException {
        Gate gate = new Gate(sink);
        Stream stream = null;
        try {
            stream = new Stream(gate, parameters().setQuality(Math.max(MIN_DICTIONARY_QUALITY, settings.quality())),
                    BUFFER_SIZE, dictionary, owned ? () -> free(prepared) : null);
            stream.attachDictionary(prepared);
            return stream;
        } catch (IOException | RuntimeException e) {
            if (stream != null) { // its close frees the native encoder (and an owned dictionary); the sink sees nothing
                gate.shut();
                try {
                    stream.close();
                } catch (IOException | RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            } else if (owned) {
                free(prepared);
            }
            throw e;
        }
    }

    /** The sink, until a stream that failed to start is closed: its end of stream must not reach the caller's sink. */
    private static final class Gate extends java.io.FilterOutputStream {
        private boolean shut;

        Gate(OutputStream sink) {
            super(sink);
        }

        void shut() {
            shut = true;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (!shut) {
                out.write(b, off, len);
            }
        }

        @Override
        public void write(int b) throws IOException {
            if (!shut) {
                out.write(b);
            }
        }

        @Override
        public void flush() throws IOException {
            if (!shut) {
                out.flush();
            }
        }

        @Override
        public void close() throws IOException {
            if (!shut) {
                out.close();
            }
        }
    }

    private Encoder.Parameters parameters() {
        return new Encoder.Parameters().setQuality(settings.quality()).setWindow(settings.window());
    }

    /** Below quality 5 brotli's encoder ignores an attached dictionary (measured: the output does not shrink). */
    static final int MIN_DICTIONARY_QUALITY = 5;

    /** brotli's {@code BROTLI_SHARED_DICTIONARY_RAW}: the dictionary's bytes as they are, a prefix to the data. */
    private static final int RAW_DICTIONARY = 0;

    private static void free(PreparedDictionary prepared) {
        if (prepared instanceof AutoCloseable) { // brotli4j's implementation frees its native copy on close
            try {
                ((AutoCloseable) prepared).close();
            } catch (Exception ignored) {
                // nothing more can be freed
            }
        }
    }

    @Override
    public InputStream decode(InputStream source) throws IOException {
        return new BrotliDecoder(source, null);
    }

    /** Decodes a stream made against {@code dictionary} (a direct buffer, reachable until the stream is closed). */
    public InputStream decode(InputStream source, ByteBuffer dictionary) throws IOException {
        return new BrotliDecoder(source, dictionary);
    }

    @Override
    public ContentCodec configure(CodecOptions options) {
        return new BrotliCodec(BrotliSettings.from(options, settings));
    }
}
