package org.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;

/**
 * One HTTP content coding (RFC 9110 section 8.4.1): turns streams into streams and knows nothing of HTTP.
 *
 * <p>Implementations are found by {@link java.util.ServiceLoader} (list them in
 * {@code META-INF/services/org.restcompress.codec.ContentCodec}) and must be thread-safe: one instance serves
 * every request, each call creating fresh streams.
 */
public interface ContentCodec {

    /**
     * The content-coding token, lower case, as it appears in {@code Content-Encoding} (e.g. {@code "gzip"}).
     *
     * @return the token
     */
    String token();

    /**
     * Other tokens that name the same coding on input (e.g. {@code "x-gzip"}), lower case.
     *
     * @return the aliases, none by default
     */
    default Set<String> aliases() {
        return Set.of();
    }

    /**
     * Wraps {@code sink} so that bytes written to the result reach {@code sink} encoded. {@code flush()} on the result
     * must push every byte written so far to {@code sink} in decodable form; {@code close()} finishes the coding
     * (trailers), releases any native resources and closes {@code sink}.
     *
     * @param sink where the encoded bytes go
     * @return the stream to write the body to
     * @throws IOException when the encoder cannot start
     */
    OutputStream encode(OutputStream sink) throws IOException;

    /**
     * Wraps {@code source} so that reading the result yields the decoded bytes. Malformed or truncated input must
     * raise an {@link IOException}; {@code close()} releases any native resources and closes {@code source}.
     *
     * @param source the encoded bytes
     * @return the decoded body
     * @throws IOException when the input cannot be read
     */
    InputStream decode(InputStream source) throws IOException;

    /**
     * The variant for event streams ({@code text/event-stream}), where one encoder stays open per client for as long
     * as the stream lasts and keeps its context from one event to the next: memory per open stream decides how many
     * clients a server can hold. The built-in codecs return settings that keep it small ({@code
     * restcompress.<token>.event-*}); the default is {@code this}. Each {@code flush()} must make every byte written so
     * far decodable, as for {@link #encode}.
     *
     * @return the codec for event streams; {@code this} by default
     */
    default ContentCodec forEventStreams() {
        return this;
    }

    /**
     * Returns this codec configured by {@code restcompress.<token>.*} settings (for example a compression level), or
     * {@code this} when it has no settings.
     *
     * @param options the settings of this coding
     * @return the configured codec
     */
    default ContentCodec configure(CodecOptions options) {
        return this;
    }
}
