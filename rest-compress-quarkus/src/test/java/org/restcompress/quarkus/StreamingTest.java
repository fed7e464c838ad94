package org.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.restcompress.it.Http;

/**
 * A flushed part of a compressed StreamingOutput reaches the client, decodable, while the server still holds the
 * rest: the resource waits for this test to have decoded the first part before it writes the second. A server that
 * buffered the response would make the test read the timed-out marker instead (after 20 s), never hang it.
 */
@QuarkusTest
class StreamingTest {

    @TestHTTPResource("/stream")
    URI stream;

    @ParameterizedTest
    @ValueSource(strings = {"lzf", "gzip", "deflate", "zstd", "br", "lz4", "identity"})
    @Timeout(60)
    void aFlushedPartArrivesDecodableBeforeTheRestIsWritten(String coding) throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        StreamResource.gate = gate;
        HttpResponse<InputStream> response = Http.stream(
                Http.request(stream, "Accept-Encoding", coding).GET().build());
        assertEquals(200, response.statusCode());
        String declared = response.headers().firstValue("Content-Encoding").orElse(null);
        assertEquals(coding.equals("identity") ? null : coding, declared);
        // br: Http.decoder's is the library's own codec; an independent one that hands out a flushed block at once
        try (InputStream body = "br".equals(declared) ? new EagerBrotliInputStream(response.body())
                : Http.decoder(declared, response.body())) {
            byte[] first = body.readNBytes(StreamResource.FIRST.length());
            assertEquals(StreamResource.FIRST, new String(first, StandardCharsets.UTF_8));
            assertEquals(1, gate.getCount(), "the first part arrived while the server held the rest back");
            gate.countDown();
            assertEquals(StreamResource.SECOND, new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
