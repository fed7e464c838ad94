package org.restcompress.internal.client;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.UrlPattern;

/**
 * A response that came with {@code Use-As-Dictionary}: its decoded bytes are copied as the application reads them,
 * up to the client's largest dictionary, and kept once the body has been read to its end (a body cut short or too
 * large is not a dictionary).
 */
record DictionaryCapture(ClientDictionaries dictionaries, URI source, String match, UrlPattern pattern, String id,
        Duration lifetime, long maxSize) {

    /** {@code in}, copied here as it is read; at its end the copy becomes a dictionary. */
    InputStream over(InputStream in) {
        return new FilterInputStream(in) {
            private ByteArrayOutputStream copy = new ByteArrayOutputStream();
            /** Not read again once ended: CXF's client closes its stream at the end, and a read then throws. */
            private boolean atEnd;

            @Override
            public int read() throws IOException {
                if (atEnd) {
                    return -1;
                }
                int b = super.read();
                if (b < 0) {
                    ended();
                } else {
                    record(new byte[] {(byte) b}, 0, 1);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (atEnd) {
                    return -1;
                }
                int n = super.read(b, off, len);
                if (n < 0) {
                    ended();
                } else {
                    record(b, off, n);
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                copy = null; // bytes not seen: no dictionary
                return super.skip(n);
            }

            private void record(byte[] b, int off, int n) {
                if (copy != null) {
                    if (copy.size() + (long) n > maxSize) {
                        copy = null;
                    } else {
                        copy.write(b, off, n);
                    }
                }
            }

            private void ended() {
                atEnd = true;
                if (copy != null && copy.size() > 0) {
                    dictionaries.keep(source, match, pattern, id, Dictionary.of(copy.toByteArray()), lifetime);
                }
                copy = null;
            }

            @Override
            public boolean markSupported() {
                return false;
            }
        };
    }
}
