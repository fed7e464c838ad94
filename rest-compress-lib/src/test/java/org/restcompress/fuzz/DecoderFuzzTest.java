package org.restcompress.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.restcompress.codec.CodecOptions;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.ContentDecodingException;
import org.restcompress.internal.io.DecodingInputStream;

/**
 * Every decoder as the request path uses it: bytes in, decoded bytes or our own clean error out. Anything else (an
 * unchecked exception, an unclassified IOException, an OutOfMemoryError, a hang) is a finding. Committed seeds run
 * in CI (regression mode); {@code JAZZER_FUZZ=1} fuzzes one target for real (see SECURITY.md).
 */
class DecoderFuzzTest {

    static final CodecRegistry REGISTRY = CodecRegistry.load(DecoderFuzzTest.class.getClassLoader(),
            token -> CodecOptions.NONE);
    private static final long LIMIT = 1 << 20;

    static void decode(byte[] data, String... codings) {
        List<ContentCodec> applied = java.util.Arrays.stream(codings)
                .map(c -> REGISTRY.find(c).orElseThrow()).toList();
        try (DecodingInputStream in = DecodingInputStream.open(new ByteArrayInputStream(data), applied, LIMIT)) {
            in.drain();
            if (in.decodedCount() > LIMIT) {
                throw new AssertionError("decoded past the limit: " + in.decodedCount());
            }
        } catch (ContentDecodingException expected) {
            // corrupt, truncated or too large: the clean, classified answer
        } catch (IOException e) {
            throw new AssertionError("unclassified IOException from " + String.join(", ", codings), e);
        }
    }

    @FuzzTest(maxDuration = "30s")
    void gzip(byte[] data) {
        decode(data, "gzip");
    }

    @FuzzTest(maxDuration = "30s")
    void deflate(byte[] data) {
        decode(data, "deflate");
    }

    @FuzzTest(maxDuration = "30s")
    void lzf(byte[] data) {
        decode(data, "lzf");
    }

    @FuzzTest(maxDuration = "30s")
    void zstd(byte[] data) {
        decode(data, "zstd");
    }

    @FuzzTest(maxDuration = "30s")
    void br(byte[] data) {
        decode(data, "br");
    }

    @FuzzTest(maxDuration = "30s")
    void lz4(byte[] data) {
        decode(data, "lz4");
    }

    /** Two stacked codings, chosen by the input. */
    @FuzzTest(maxDuration = "30s")
    void stacked(FuzzedDataProvider input) {
        List<String> codings = REGISTRY.encodingTokens();
        String first = input.pickValue(codings);
        String second = input.pickValue(codings);
        decode(input.consumeRemainingAsBytes(), first, second);
    }
}
