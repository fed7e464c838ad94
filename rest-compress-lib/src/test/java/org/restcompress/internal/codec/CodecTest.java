package org.restcompress.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.LZFOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/** Every codec round trips, interoperates with an independent implementation, and rejects bad input cleanly. */
public class CodecTest {

    static Stream<ContentCodec> codecs() {
        return Stream.concat(Stream.concat(compressing(), Stream.of(new GzipCodec(1), new DeflateCodec(9),
                new IdentityCodec(), new ZstdCodec(19, 0), new BrotliCodec(11, 24))), forEventStreams());
    }

    /** The variants event streams use (small windows, tables and buffers). */
    static Stream<ContentCodec> forEventStreams() {
        return compressing().map(ContentCodec::forEventStreams);
    }

    static Stream<ContentCodec> flushing() {
        return Stream.concat(compressing(), forEventStreams());
    }

    static Stream<ContentCodec> compressing() {
        return Stream.of(new GzipCodec(), new DeflateCodec(), new LzfCodec(), new ZstdCodec(), new BrotliCodec(),
                new Lz4Codec());
    }

    static byte[] json(int size) {
        StringBuilder sb = new StringBuilder("[");
        Random random = new Random(size);
        while (sb.length() < size) {
            sb.append("{\"id\":").append(random.nextInt(100000)).append(",\"name\":\"station-")
                    .append(random.nextInt(500)).append("\",\"temp\":").append(random.nextGaussian()).append("},");
        }
        return sb.substring(0, size).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] random(int size) {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return b;
    }

    public static byte[] encode(ContentCodec codec, byte[] data) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = codec.encode(sink)) {
            out.write(data);
        }
        return sink.toByteArray();
    }

    public static byte[] decode(ContentCodec codec, byte[] data) throws IOException {
        try (InputStream in = codec.decode(new ByteArrayInputStream(data))) {
            return in.readAllBytes();
        }
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void roundTripsManySizes(ContentCodec codec) throws IOException {
        for (int size : new int[] {0, 1, 2, 100, 65_535, 65_536, 65_537, 1_000_000}) {
            for (byte[] data : new byte[][] {json(size), random(size)}) {
                assertArrayEquals(data, decode(codec, encode(codec, data)), codec.token() + " size " + size);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void singleByteWritesAndReadsWork(ContentCodec codec) throws IOException {
        byte[] data = json(3000);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = codec.encode(sink)) {
            for (byte b : data) {
                out.write(b);
            }
        }
        ByteArrayOutputStream decoded = new ByteArrayOutputStream();
        try (InputStream in = codec.decode(new ByteArrayInputStream(sink.toByteArray()))) {
            for (int b; (b = in.read()) >= 0; ) {
                decoded.write(b);
            }
        }
        assertArrayEquals(data, decoded.toByteArray());
    }

    /** Reads smaller than, equal to and larger than a chunk (LZF decodes straight into a large enough buffer). */
    @ParameterizedTest
    @MethodSource("compressing")
    void readsOfEverySizeGiveTheSameBytes(ContentCodec codec) throws IOException {
        byte[] data = json(300_000);
        byte[] encoded = encode(codec, data);
        for (int size : new int[] {7, 4096, 65_535, 65_536, 70_000}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[size];
            try (InputStream in = codec.decode(new ByteArrayInputStream(encoded))) {
                for (int n; (n = in.read(buffer, 0, size)) >= 0; ) {
                    out.write(buffer, 0, n);
                }
            }
            assertArrayEquals(data, out.toByteArray(), codec.token() + " with reads of " + size);
        }
    }

    @ParameterizedTest
    @MethodSource("compressing")
    void compressesJson(ContentCodec codec) throws IOException {
        byte[] data = json(100_000);
        assertTrue(encode(codec, data).length < data.length / 2, codec.token());
    }

    /** A flush makes everything written so far decodable, before the stream ends: what streaming responses need. */
    @ParameterizedTest
    @MethodSource("flushing")
    void flushMakesBytesDecodable(ContentCodec codec) throws IOException {
        int[] flushes = {0};
        ByteArrayOutputStream sink = new ByteArrayOutputStream() {
            @Override
            public void flush() {
                flushes[0]++;
            }
        };
        OutputStream out = codec.encode(sink);
        byte[] first = "data: event one\n\n".getBytes(StandardCharsets.US_ASCII);
        out.write(first);
        out.flush();
        assertTrue(flushes[0] > 0, codec.token() + " flushed the sink too, so the bytes leave the server");
        byte[] partial = sink.toByteArray();
        byte[] decoded = new byte[first.length];
        // As on a socket, nothing more has arrived yet: a decoder that asks for more before handing out what it
        // has would stall a streaming response.
        InputStream soFar = new java.io.SequenceInputStream(new ByteArrayInputStream(partial), new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("the decoder wanted more input before returning the flushed bytes");
            }
        });
        try (InputStream in = codec.decode(soFar)) {
            int n = in.readNBytes(decoded, 0, decoded.length);
            assertEquals(first.length, n);
        } catch (IOException stalled) {
            throw new AssertionError("flushed bytes of " + codec.token() + " not decodable", stalled);
        }
        assertArrayEquals(first, decoded);
        out.write("data: two\n\n".getBytes(StandardCharsets.US_ASCII));
        out.close();
        assertEquals("data: event one\n\ndata: two\n\n",
                new String(decode(codec, sink.toByteArray()), StandardCharsets.US_ASCII));
    }

    @Test
    void gzipInteroperatesWithTheJdk() throws IOException {
        byte[] data = json(200_000);
        byte[] ours = encode(new GzipCodec(), data);
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(ours))) {
            assertArrayEquals(data, in.readAllBytes());
        }
        ByteArrayOutputStream theirs = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(theirs)) {
            out.write(data);
        }
        assertArrayEquals(data, decode(new GzipCodec(), theirs.toByteArray()));
    }

    @Test
    void gzipReadsConcatenatedMembersAndHeaderFields() throws IOException {
        byte[] one = encode(new GzipCodec(), "hello ".getBytes(StandardCharsets.US_ASCII));
        byte[] two = encode(new GzipCodec(), "world".getBytes(StandardCharsets.US_ASCII));
        byte[] both = concat(one, two);
        assertEquals("hello world", new String(decode(new GzipCodec(), both), StandardCharsets.US_ASCII));

        // FEXTRA + FNAME + FCOMMENT + FHCRC, as other gzip writers produce
        byte[] body = Arrays.copyOfRange(one, 10, one.length);
        byte[] fields = {0x1f, (byte) 0x8b, 8, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 3, 2, 0, 'x', 'y', 'a', '.', 'j', 0,
            'c', 0};
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(fields);
        byte[] header = concat(fields, new byte[] {(byte) crc.getValue(), (byte) (crc.getValue() >>> 8)});
        assertEquals("hello ", new String(decode(new GzipCodec(), concat(header, body)), StandardCharsets.US_ASCII));
        // the header CRC (FHCRC) is checked: a changed comment, or a wrong CRC, is refused
        byte[] changed = header.clone();
        changed[18] = 'd';
        assertThrows(IOException.class, () -> decode(new GzipCodec(), concat(changed, body)));
        byte[] wrongCrc = header.clone();
        wrongCrc[wrongCrc.length - 1] ^= 1;
        assertThrows(IOException.class, () -> decode(new GzipCodec(), concat(wrongCrc, body)));
    }

    /** Length hiding: a random comment in the gzip header, which every reader skips. */
    @Test
    void gzipPaddingVariesTheLengthAndStillDecodes() throws IOException {
        GzipCodec padded = new GzipCodec(6, 200);
        byte[] data = json(50_000);
        java.util.Set<Integer> lengths = new java.util.HashSet<>();
        for (int i = 0; i < 10; i++) {
            byte[] encoded = encode(padded, data);
            lengths.add(encoded.length);
            assertEquals(16, encoded[3], "FCOMMENT set");
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(encoded))) {
                assertArrayEquals(data, in.readAllBytes(), "the JDK skips the comment");
            }
            assertArrayEquals(data, decode(new GzipCodec(), encoded));
        }
        assertTrue(lengths.size() > 1, "lengths vary: " + lengths);
        assertEquals(0, encode(new GzipCodec(), data)[3], "no padding by default");
        assertThrows(IllegalArgumentException.class, () -> new GzipCodec(6, 5000));
    }

    @Test
    void deflateReadsZlibAndRawDeflate() throws IOException {
        byte[] data = json(50_000);
        ByteArrayOutputStream zlib = new ByteArrayOutputStream();
        try (OutputStream out = new DeflaterOutputStream(zlib, new Deflater(6, false))) {
            out.write(data);
        }
        assertArrayEquals(data, decode(new DeflateCodec(), zlib.toByteArray()));
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (OutputStream out = new DeflaterOutputStream(raw, new Deflater(6, true))) {
            out.write(data);
        }
        assertArrayEquals(data, decode(new DeflateCodec(), raw.toByteArray()));
        // what we send is zlib-wrapped, as RFC 9110 says
        byte[] ours = encode(new DeflateCodec(), data);
        assertTrue(ZlibDecoder.isZlibHeader(ours[0] & 0xff, ours[1] & 0xff));
        try (InputStream in = new InflaterInputStream(new ByteArrayInputStream(ours))) {
            assertArrayEquals(data, in.readAllBytes());
        }
    }

    @Test
    void lzfInteroperatesWithCompressLzfStreams() throws IOException {
        byte[] data = json(300_000);
        try (InputStream in = new LZFInputStream(new ByteArrayInputStream(encode(new LzfCodec(), data)))) {
            assertArrayEquals(data, in.readAllBytes());
        }
        ByteArrayOutputStream theirs = new ByteArrayOutputStream();
        try (OutputStream out = new LZFOutputStream(theirs)) {
            out.write(data);
        }
        assertArrayEquals(data, decode(new LzfCodec(), theirs.toByteArray()));
        assertEquals('Z', encode(new LzfCodec(), data)[0]);
        assertEquals('V', encode(new LzfCodec(), data)[1]);
    }

    @ParameterizedTest
    @MethodSource("compressing")
    void truncatedInputIsAnIoError(ContentCodec codec) throws IOException {
        byte[] encoded = encode(codec, json(100_000));
        for (int cut : new int[] {1, 2, 5, 9, 11, encoded.length / 2, encoded.length - 4, encoded.length - 1}) {
            byte[] truncated = Arrays.copyOf(encoded, cut);
            assertThrows(IOException.class, () -> decode(codec, truncated), codec.token() + " cut at " + cut);
        }
    }

    @ParameterizedTest
    @MethodSource("compressing")
    void trailingGarbageIsAnIoError(ContentCodec codec) throws IOException {
        byte[] encoded = encode(codec, json(10_000));
        assertThrows(IOException.class, () -> decode(codec, concat(encoded, new byte[] {'x', 'y', 'z'})));
    }

    /** Any damage gives an IOException, never an unchecked exception: the server turns those into 400. */
    @ParameterizedTest
    @MethodSource("compressing")
    void corruptInputNeverThrowsUnchecked(ContentCodec codec) throws IOException {
        byte[] encoded = encode(codec, json(20_000));
        Random random = new Random(42);
        for (int i = 0; i < 2000; i++) {
            byte[] damaged = encoded.clone();
            int flips = 1 + random.nextInt(4);
            for (int f = 0; f < flips; f++) {
                damaged[random.nextInt(damaged.length)] ^= (byte) (1 + random.nextInt(255));
            }
            try {
                decode(codec, damaged);
            } catch (IOException expected) {
                // a clean, checked failure
            } catch (RuntimeException e) {
                throw new AssertionError(codec.token() + " threw unchecked on damaged input", e);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("compressing")
    void garbageIsAnIoError(ContentCodec codec) {
        assertThrows(IOException.class, () -> decode(codec, "{\"not\": \"compressed\"}".getBytes(
                StandardCharsets.US_ASCII)));
    }

    static Stream<ContentCodec> ownDecoders() {
        return Stream.of(new GzipCodec(), new DeflateCodec(), new LzfCodec(), new IdentityCodec());
    }

    /** Our own decoders; for every coding, DecodingInputStream treats an empty body the same way. */
    @ParameterizedTest
    @MethodSource("ownDecoders")
    void emptyBodyDecodesToNothing(ContentCodec codec) throws IOException {
        assertEquals(0, decode(codec, new byte[0]).length);
    }

    /** RFC 9659: a zstd frame that needs a window over 8 MB is refused, so we never allocate one. */
    @Test
    void zstdRefusesWindowsOver8Megabytes() throws IOException {
        byte[] data = random(100_000);
        ByteArrayOutputStream big = new ByteArrayOutputStream();
        try (OutputStream out = new com.github.luben.zstd.ZstdOutputStreamNoFinalizer(big).setLevel(3)
                .setWindowLog(24)) {
            out.write(data);
        }
        IOException e = assertThrows(IOException.class, () -> decode(new ZstdCodec(), big.toByteArray()));
        assertTrue(e.getMessage().toLowerCase().contains("memory") || e.getMessage().toLowerCase().contains("window"),
                e.getMessage());
        ByteArrayOutputStream ok = new ByteArrayOutputStream();
        try (OutputStream out = new com.github.luben.zstd.ZstdOutputStreamNoFinalizer(ok).setWindowLog(23)) {
            out.write(data);
        }
        assertArrayEquals(data, decode(new ZstdCodec(), ok.toByteArray()), "8 MB exactly is fine");
        assertThrows(IllegalArgumentException.class, () -> new ZstdCodec(3, 24));
    }

    /** Encoding contexts go back to the pool after every stream, also when the client went away mid-body. */
    @Test
    void zstdContextsReturnToThePoolAfterSuccessAndFailure() throws IOException {
        ZstdCodec codec = new ZstdCodec(2, 0); // a setting no other test uses: its own pool
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(json(5000), decode(codec, encode(codec, json(5000))));
        }
        assertEquals(1, codec.idleContexts(), "one context served five sequential bodies");
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("client went away");
            }
        };
        OutputStream out = codec.encode(broken);
        assertEquals(0, codec.idleContexts());
        assertThrows(IOException.class, () -> {
            try {
                out.write(random(300_000));
            } finally {
                out.close();
            }
        });
        assertEquals(1, codec.idleContexts(), "returned, reset, after the failure");
        assertArrayEquals(json(7000), decode(codec, encode(codec, json(7000))), "and still good for the next body");
    }

    /** A pooled context keeps its settings: reset() clears parameters, so they must be set again. */
    @Test
    void zstdSettingsSurviveContextReuse() throws IOException {
        ZstdCodec codec = new ZstdCodec(1, 20);
        byte[] data = json(300_000);
        byte[] first = encode(codec, data);
        byte[] second = encode(codec, data);
        assertEquals(1, codec.idleContexts());
        assertArrayEquals(first, second, "same level, window and checksum on the reused context");
        assertTrue(first.length != encode(new ZstdCodec(), data).length, "level 1 differs from the default 3");
    }

    /** A run of empty frames, each declaring 4 MB blocks, decodes at once to nothing: buffers are not per frame. */
    @Test
    @org.junit.jupiter.api.Timeout(10)
    void lz4ManyEmptyFramesDecodeAtOnce() throws IOException {
        ByteArrayOutputStream empty = new ByteArrayOutputStream();
        new net.jpountz.lz4.LZ4FrameOutputStream(empty, net.jpountz.lz4.LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB)
                .close();
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < 10_000; i++) {
            frames.write(empty.toByteArray());
        }
        assertArrayEquals(new byte[0], decode(new Lz4Codec(), frames.toByteArray()));
    }

    @Test
    void brotliFailureIsFinal() throws IOException {
        byte[] withGarbage = concat(encode(new BrotliCodec(), json(1000)), new byte[] {1, 2, 3});
        try (InputStream in = new BrotliCodec().decode(new ByteArrayInputStream(withGarbage))) {
            assertThrows(IOException.class, in::readAllBytes);
            assertThrows(IOException.class, in::read, "no quiet end of stream after a failure");
        }
    }

    /** A dictionary brotli cannot attach: the error reaches the caller, and the sink sees no byte and no close. */
    @Test
    void brotliDictionaryThatFailsToAttachLeavesTheSinkUntouched() {
        boolean[] closed = {false};
        ByteArrayOutputStream sink = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        java.nio.ByteBuffer dictionary = java.nio.ByteBuffer.allocateDirect(16);
        com.aayushatharva.brotli4j.encoder.PreparedDictionary broken = () -> {
            throw new IllegalStateException("no data");
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new BrotliCodec().encode(sink, dictionary, broken));
        assertEquals("no data", e.getMessage());
        assertEquals(0, sink.size(), "the abandoned stream's end reached the sink");
        assertTrue(!closed[0], "the caller's sink was closed");
    }

    @Test
    void newCodingsInteroperateWithTheirReferenceStreams() throws IOException {
        byte[] data = json(200_000);
        try (InputStream in = new com.github.luben.zstd.ZstdInputStream(
                new ByteArrayInputStream(encode(new ZstdCodec(), data)))) {
            assertArrayEquals(data, in.readAllBytes());
        }
        try (InputStream in = new com.aayushatharva.brotli4j.decoder.BrotliInputStream(
                new ByteArrayInputStream(encode(new BrotliCodec(), data)))) {
            assertArrayEquals(data, in.readAllBytes());
        }
        try (InputStream in = new net.jpountz.lz4.LZ4FrameInputStream(
                new ByteArrayInputStream(encode(new Lz4Codec(), data)))) {
            assertArrayEquals(data, in.readAllBytes());
        }
    }

    @Test
    void gzipChecksTheCrc() throws IOException {
        byte[] encoded = encode(new GzipCodec(), json(1000));
        encoded[encoded.length - 6] ^= 1; // a CRC byte
        IOException e = assertThrows(IOException.class, () -> decode(new GzipCodec(), encoded));
        assertTrue(e.getMessage().contains("CRC"), e.getMessage());
    }

    @Test
    void encodersReleaseTheirDeflaterWhenTheSinkFails() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("client went away");
            }
        };
        for (ContentCodec codec : new ContentCodec[] {new GzipCodec(), new DeflateCodec()}) {
            assertThrows(IOException.class, () -> {
                OutputStream out = codec.encode(broken);
                try {
                    out.write(random(100_000));
                } finally {
                    out.close(); // must end the deflater although finishing fails again
                }
            });
        }
    }

    @Test
    void newCodingSettingsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new ZstdCodec().configure(CodecOptions.of("zstd", n -> java.util.Optional.of("30"))));
        assertThrows(IllegalArgumentException.class,
                () -> new BrotliCodec().configure(CodecOptions.of("br", n -> java.util.Optional.of(n.equals("quality") ? "12" : "22"))));
        assertThrows(IllegalArgumentException.class, () -> new Lz4Codec().configure(CodecOptions.of("lz4", n -> java.util.Optional.of("3K"))));
        assertEquals(Lz4Codec.TOKEN, new Lz4Codec().configure(CodecOptions.of("lz4", n -> java.util.Optional.of("1M"))).token());
    }

    /** Event settings are typed like the others; each event variant is its own, and stays one. */
    @Test
    void eventStreamSettingsAreConfigurableAndChecked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ZstdCodec().configure(
                CodecOptions.of("zstd", name -> java.util.Optional.ofNullable(name.equals("event-window-log") ? "9"
                        : null))));
        assertEquals("restcompress.zstd.event-window-log must be 10 to 23, was 9", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new BrotliCodec().configure(
                CodecOptions.of("br", name -> java.util.Optional.ofNullable(name.equals("event-window") ? "25"
                        : null))));
        assertEquals("restcompress.br.event-window must be 10 to 24, was 25", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new LzfCodec().configure(
                CodecOptions.of("lzf", name -> java.util.Optional.ofNullable(name.equals("event-chunk-size") ? "4096"
                        : null))));
        assertEquals("restcompress.lzf.event-chunk-size must be 8192 to 65535, was 4096", e.getMessage());
        compressing().forEach(codec -> {
            ContentCodec events = codec.forEventStreams();
            assertEquals(codec.token(), events.token());
            assertSame(events, events.forEventStreams(), codec.token());
        });
    }

    /** brotli4j 1.24 alone drops the end of these (a length that is a multiple of the window): ours end whole. */
    @Test
    void brotliStreamsOfWholeWindowsEnd() throws IOException {
        for (int[] setting : new int[][] {{4, 16}, {1, 10}, {5, 12}}) {
            BrotliCodec codec = new BrotliCodec(new BrotliSettings(setting[0], setting[1], setting[1]));
            int window = 1 << setting[1];
            for (int size : new int[] {window, 2 * window, 5 * window}) {
                byte[] data = json(size);
                assertArrayEquals(data, decode(codec, encode(codec, data)), "window " + window + ", " + size);
                assertArrayEquals(data, decode(codec, encode(codec.forEventStreams(), data)), "events, " + size);
            }
        }
        BrotliCodec responses = new BrotliCodec();
        byte[] fourMiB = json(4 << 20);
        assertArrayEquals(fourMiB, decode(responses, encode(responses, fourMiB)), "the default window, 4 MiB");
    }

    /**
     * LZF's buffers are reused through the codec, never a thread's: compress-lzf's default ThreadLocal kept them (and
     * through them an undeployed application's class loader) on every container thread that encoded.
     */
    @Test
    void lzfLeavesNothingInTheThreadThatEncoded() throws Exception {
        java.lang.reflect.Field field = com.ning.compress.BufferRecycler.class.getDeclaredField("_recyclerRef");
        field.setAccessible(true);
        ThreadLocal<?> perThread = (ThreadLocal<?>) field.get(null);
        LzfCodec codec = new LzfCodec();
        byte[] data = json(200_000);
        Object[] left = new Object[1];
        Thread worker = new Thread(() -> {
            try {
                assertArrayEquals(data, decode(codec, encode(codec, data)));
                assertArrayEquals(data, decode(codec, encode(codec, data)));
                left[0] = perThread.get();
            } catch (IOException e) {
                left[0] = e;
            }
        });
        worker.start();
        worker.join();
        assertEquals(null, left[0], "a thread-local recycler, or a failure");
        assertEquals(1, codec.pooled(), "one set of buffers, back in the codec's pool and used again");
        OutputStream abandoned = codec.encode(new ByteArrayOutputStream());
        abandoned.write(data);
        assertEquals(0, codec.pooled(), "in use while its stream is open");
        abandoned.close();
        abandoned.close(); // returned once
        assertEquals(1, codec.pooled());
    }

    /** A large write through a small-chunk LZF stream: compress-lzf's recycled buffers once overran its encoder. */
    @Test
    void smallLzfChunksTakeLargeWrites() throws IOException {
        ContentCodec events = new LzfCodec().forEventStreams();
        encode(new LzfCodec(), json(200_000)); // full-size buffers, recycled
        byte[] large = json(300_000);
        assertArrayEquals(large, decode(events, encode(events, large)));
    }

    /** An event stream's zstd context goes back to its pool when the stream ends, also when its client is gone. */
    @Test
    void zstdEventContextsAreGivenBack() throws IOException {
        ZstdCodec events = (ZstdCodec) new ZstdCodec(3, 0).forEventStreams();
        OutputStream out = events.encode(new ByteArrayOutputStream());
        out.write(json(1000));
        out.close();
        int idle = events.idleContexts();
        assertTrue(idle >= 1, "given back on close");
        OutputStream failing = events.encode(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("client gone");
            }
        });
        failing.write(json(100));
        assertThrows(IOException.class, failing::flush);
        assertThrows(IOException.class, failing::close);
        assertEquals(idle, events.idleContexts(), "given back after the failed end too (taken by the second stream)");
    }

    @Test
    void levelsAreConfigurableAndChecked() throws IOException {
        assertEquals(1, ((GzipCodec) new GzipCodec().configure(CodecOptions.of("gzip", name -> java.util.Optional.of("1")))).level());
        assertEquals(6, ((DeflateCodec) new DeflateCodec().configure(CodecOptions.NONE)).level());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GzipCodec().configure(CodecOptions.of("gzip", name -> java.util.Optional.of("11"))));
        assertTrue(e.getMessage().contains("level"), e.getMessage());
        assertEquals("restcompress.gzip.level must be 1 to 9, was 11", e.getMessage(), "one message, naming the key");
        e = assertThrows(IllegalArgumentException.class, () -> new GzipCodec(11));
        assertEquals("restcompress.gzip.level must be 1 to 9, was 11", e.getMessage(), "the same message in code");
        e = assertThrows(IllegalArgumentException.class,
                () -> new ZstdCodec().configure(CodecOptions.of("zstd", name -> java.util.Optional.of("fast"))));
        assertEquals("restcompress.zstd.level must be an integer, was 'fast'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new Lz4Codec().configure(CodecOptions.of("lz4", name -> java.util.Optional.of("3K"))));
        assertEquals("restcompress.lz4.block-size must be 64K, 256K, 1M or 4M, was '3K'", e.getMessage());
        // read as every size is: bytes, or K and M with B or iB
        for (String same : new String[] {"256K", "262144", "256KiB", "256 kb"}) {
            ContentCodec configured = new Lz4Codec().configure(
                    CodecOptions.of("lz4", name -> java.util.Optional.of(same)));
            byte[] framed = encode(configured, new byte[300_000]);
            assertEquals(5, (framed[5] >> 4) & 7, same + ": the frame's block size is 256 KB");
        }
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
