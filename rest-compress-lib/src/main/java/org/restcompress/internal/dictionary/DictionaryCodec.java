package org.restcompress.internal.dictionary;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Function;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.io.Closing;

/**
 * {@code dcz} or {@code dcb} (RFC 9842): the base codec's stream made against a dictionary, behind the header that
 * names it. Decoding looks the named dictionary up ({@code lookup}: a server's store and shared dictionaries, or the
 * one dictionary a client announced); an unknown one is an {@link IOException}, which the decoding stream reports as
 * the body's fault. Encoding needs the dictionary: {@link #bound}. The base codec brings its settings (level, window).
 */
public final class DictionaryCodec implements ContentCodec {

    private final DictionaryFormat format;
    private final ContentCodec base;
    private final Function<String, Dictionary> lookup;

    /**
     * @param base   the registry's {@code zstd} codec for {@code dcz}, its {@code br} codec for {@code dcb}
     * @param lookup the dictionary with this lowercase hexadecimal SHA-256, or {@code null}
     */
    public DictionaryCodec(DictionaryFormat format, ContentCodec base, Function<String, Dictionary> lookup) {
        this.format = Objects.requireNonNull(format, "format");
        this.base = Objects.requireNonNull(base, "base");
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        if (!(format == DictionaryFormat.DCZ ? base instanceof ZstdCodec : base instanceof BrotliCodec)) {
            throw new IllegalArgumentException(format.token() + " needs the built-in " + format.base() + " codec");
        }
    }

    /**
     * The format over {@code base}, or {@code null} when {@code base} is absent or not the built-in codec (a user's
     * own {@code zstd} codec cannot take a raw dictionary).
     */
    public static DictionaryCodec over(DictionaryFormat format, ContentCodec base,
            Function<String, Dictionary> lookup) {
        boolean builtIn = format == DictionaryFormat.DCZ ? base instanceof ZstdCodec : base instanceof BrotliCodec;
        return builtIn ? new DictionaryCodec(format, base, lookup) : null;
    }

    /** The coding it stands on ({@code zstd} for {@code dcz}), without a dictionary. */
    public ContentCodec base() {
        return base;
    }

    @Override
    public String token() {
        return format.token();
    }

    /** Not without a dictionary: {@link #bound} gives the encoder. */
    @Override
    public OutputStream encode(OutputStream sink) {
        throw new IllegalStateException(format.token() + " encodes against a dictionary: use bound(dictionary)");
    }

    /** This coding against {@code dictionary}: what encodes one response (or request) body. */
    public ContentCodec bound(Dictionary dictionary) {
        Objects.requireNonNull(dictionary, "dictionary");
        return new ContentCodec() {
            @Override
            public String token() {
                return format.token();
            }

            /**
             * The encoder first, then the header: an encoder that cannot start (a native context not to be had)
             * leaves nothing written, so the body can still go as it is. Neither encoder writes on creation.
             */
            @Override
            public OutputStream encode(OutputStream sink) throws IOException {
                OutputStream encoder = encoder(sink);
                try {
                    format.writeHeader(sink, dictionary);
                } catch (IOException | RuntimeException e) {
                    Closing.afterFailure(encoder, e);
                    throw e;
                }
                return encoder;
            }

            /** Against the dictionary's prepared form where it has one, held until the stream closes. */
            private OutputStream encoder(OutputStream sink) throws IOException {
                boolean held = dictionary.acquire();
                OutputStream encoder;
                try {
                    if (format == DictionaryFormat.DCZ) {
                        ZstdCodec zstd = (ZstdCodec) base;
                        Object prepared = held ? dictionary.prepared(zstd.preparationKey(),
                                () -> zstd.prepare(dictionary.content())) : null;
                        encoder = prepared != null ? zstd.encode(sink, prepared)
                                : zstd.encode(sink, dictionary.content());
                    } else {
                        BrotliCodec brotli = (BrotliCodec) base;
                        ByteBuffer direct = dictionary.direct();
                        Object prepared = held ? dictionary.prepared(BrotliCodec.class, () -> brotli.prepare(direct))
                                : null;
                        encoder = prepared != null ? brotli.encode(sink, direct, prepared)
                                : brotli.encode(sink, direct);
                    }
                } catch (IOException | RuntimeException e) {
                    if (held) {
                        dictionary.release();
                    }
                    throw e;
                }
                return held ? new Releasing(encoder, dictionary) : encoder;
            }

            @Override
            public InputStream decode(InputStream source) throws IOException {
                return DictionaryCodec.this.decode(source, hash -> hash.equals(dictionary.hash()) ? dictionary : null);
            }
        };
    }

    @Override
    public InputStream decode(InputStream source) throws IOException {
        return decode(source, lookup);
    }

    private InputStream decode(InputStream source, Function<String, Dictionary> dictionaries) throws IOException {
        String hash = Dictionary.hex(format.readHeader(source));
        Dictionary dictionary = dictionaries.apply(hash);
        if (dictionary == null) {
            throw new UnknownDictionaryException(format.token(), hash);
        }
        return format == DictionaryFormat.DCZ
                ? ((ZstdCodec) base).decode(source, dictionary.content())
                : ((BrotliCodec) base).decode(source, dictionary.direct());
    }

    /** An encoder that ends its use of the dictionary's prepared form when it closes. */
    private static final class Releasing extends FilterOutputStream {
        private final Dictionary dictionary;
        private boolean closed;

        Releasing(OutputStream encoder, Dictionary dictionary) {
            super(encoder);
            this.dictionary = dictionary;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                out.close(); // the native encoder lets go of the prepared form first
            } finally {
                dictionary.release();
            }
        }
    }

    /** A body made against a dictionary the decoder does not have. */
    public static final class UnknownDictionaryException extends IOException {
        private static final long serialVersionUID = 1L;

        UnknownDictionaryException(String coding, String hash) {
            super(coding + " body made with a dictionary not available here (SHA-256 " + hash.substring(0, 16)
                    + "...)");
        }
    }
}
