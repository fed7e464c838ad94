package org.restcompress.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;

/**
 * Copies a response's bytes as the application writes them (before any coding: a dictionary is the decoded content),
 * up to a bound, and keeps them as a dictionary once the response is complete. Past the bound it stops copying and
 * keeps nothing: memory per response stays within {@code restcompress.dictionary.max-size}.
 */
final class DictionaryRecorder {

    private final ServerDictionaries dictionaries;
    private final Duration lifetime;
    private final long maxSize;
    private ByteArrayOutputStream copy = new ByteArrayOutputStream();

    DictionaryRecorder(ServerDictionaries dictionaries, Duration lifetime) {
        this.dictionaries = dictionaries;
        this.lifetime = lifetime;
        this.maxSize = dictionaries.maxSize();
    }

    /** {@code out}, with what is written to it copied here. */
    OutputStream over(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                record(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                record(b, off, len);
            }
        };
    }

    private void record(byte[] b, int off, int len) {
        if (copy != null) {
            if (copy.size() + (long) len > maxSize) {
                copy = null; // too large to keep: announced, but a later request naming it gets no delta
            } else {
                copy.write(b, off, len);
            }
        }
    }

    /** The response was written completely: keep it. */
    void complete() {
        if (copy != null && copy.size() > 0) {
            dictionaries.keep(copy.toByteArray(), lifetime); // hashed and stored after the response, not before
        }
        copy = null;
    }
}
