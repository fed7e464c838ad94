package org.restcompress.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.restcompress.codec.ContentCodec;

/** Encode then decode gives the input back, for every coding, with flushes at input-chosen places. */
class RoundTripFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void roundTrip(FuzzedDataProvider input) {
        ContentCodec codec = DecoderFuzzTest.REGISTRY
                .find(input.pickValue(DecoderFuzzTest.REGISTRY.encodingTokens())).orElseThrow();
        int flushAt = input.consumeInt(0, 4096);
        byte[] data = input.consumeRemainingAsBytes();
        try {
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            try (OutputStream out = codec.encode(sink)) {
                int split = Math.min(flushAt, data.length);
                out.write(data, 0, split);
                out.flush();
                out.write(data, split, data.length - split);
            }
            byte[] decoded;
            try (InputStream in = codec.decode(new ByteArrayInputStream(sink.toByteArray()))) {
                decoded = in.readAllBytes();
            }
            if (!Arrays.equals(data, decoded)) {
                throw new AssertionError(codec.token() + " did not round-trip " + data.length + " bytes");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(codec.token() + " failed on its own output", e);
        }
    }
}
