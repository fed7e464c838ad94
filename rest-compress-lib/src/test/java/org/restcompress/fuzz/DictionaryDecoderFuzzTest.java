package org.restcompress.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.restcompress.ContentDecodingException;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.internal.io.DecodingInputStream;
import org.restcompress.it.DictionaryBodies;

/**
 * The {@code dcz} and {@code dcb} decoders as the request path uses them, against a server that has one dictionary:
 * bytes in, decoded bytes or our own classified error out. The {@code *Body} targets put the right header in front
 * of the fuzzed bytes, so that the fuzzer spends its time in zstd's and brotli's decoders with a dictionary attached
 * rather than on guessing a SHA-256.
 */
class DictionaryDecoderFuzzTest {

    /**
     * 64 KiB: against a dictionary a few fuzzed bytes decode to the limit (each command may copy from it), so a
     * larger limit spends the fuzzer's time copying bytes rather than exploring the decoder.
     */
    private static final long LIMIT = 64 << 10;
    static final Dictionary DICTIONARY = Dictionary.of(DictionaryBodies.feed(0));
    private static final ContentCodec DCZ = codec(DictionaryFormat.DCZ);
    private static final ContentCodec DCB = codec(DictionaryFormat.DCB);

    private static ContentCodec codec(DictionaryFormat format) {
        return new DictionaryCodec(format, DecoderFuzzTest.REGISTRY.find(format.base()).orElseThrow(),
                hash -> hash.equals(DICTIONARY.hash()) ? DICTIONARY : null);
    }

    /** The header naming {@link #DICTIONARY}, as an encoder writes it. */
    static byte[] header(DictionaryFormat format) {
        byte[] magic = format == DictionaryFormat.DCZ
                ? new byte[] {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0}
                : new byte[] {(byte) 0xff, 0x44, 0x43, 0x42};
        byte[] header = java.util.Arrays.copyOf(magic, magic.length + 32);
        System.arraycopy(DICTIONARY.sha256(), 0, header, magic.length, 32);
        return header;
    }

    private static byte[] withHeader(DictionaryFormat format, byte[] body) {
        byte[] header = header(format);
        byte[] all = java.util.Arrays.copyOf(header, header.length + body.length);
        System.arraycopy(body, 0, all, header.length, body.length);
        return all;
    }

    static void decode(ContentCodec codec, byte[] data) {
        try (DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(data), List.of(codec),
                LIMIT)) {
            in.drain();
            if (in.decodedCount() > LIMIT) {
                throw new AssertionError("decoded past the limit: " + in.decodedCount());
            }
        } catch (ContentDecodingException expected) {
            // unknown dictionary, corrupt, truncated or too large: the clean, classified answer
        } catch (IOException e) {
            throw new AssertionError("unclassified IOException from " + codec.token(), e);
        }
    }

    @FuzzTest(maxDuration = "30s")
    void dcz(byte[] data) {
        decode(DCZ, data);
    }

    @FuzzTest(maxDuration = "30s")
    void dczBody(byte[] data) {
        decode(DCZ, withHeader(DictionaryFormat.DCZ, data));
    }

    @FuzzTest(maxDuration = "30s")
    void dcb(byte[] data) {
        decode(DCB, data);
    }

    @FuzzTest(maxDuration = "30s")
    void dcbBody(byte[] data) {
        decode(DCB, withHeader(DictionaryFormat.DCB, data));
    }
}
