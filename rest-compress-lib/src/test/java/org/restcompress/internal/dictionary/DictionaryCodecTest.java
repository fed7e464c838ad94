package org.restcompress.internal.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.restcompress.codec.ContentCodec;
import static org.restcompress.internal.codec.CodecTest.decode;
import static org.restcompress.internal.codec.CodecTest.encode;

import org.restcompress.internal.codec.BrotliCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.codec.ZstdCodecAccess;
import static org.restcompress.it.DictionaryBodies.feed;
import static org.restcompress.it.DictionaryBodies.item;
import static org.restcompress.it.DictionaryBodies.trained;

/**
 * {@code dcz} and {@code dcb}: the RFC 9842 header, round trips against raw and trained dictionaries, deltas that are
 * a small fraction of the plain coding, every bad body refused with an {@link IOException}, and Python's zstandard (an
 * independent implementation, loading the dictionary as raw content as browsers do) decoding our {@code dcz} and
 * making one we decode.
 */
class DictionaryCodecTest {

    @TempDir
    Path dir;

    static DictionaryCodec codec(DictionaryFormat format, Dictionary... known) {
        ContentCodec base = format == DictionaryFormat.DCZ ? new ZstdCodec() : new BrotliCodec();
        Map<String, Dictionary> byHash = new java.util.HashMap<>();
        for (Dictionary d : known) {
            byHash.put(d.hash(), d);
        }
        return new DictionaryCodec(format, base, byHash::get);
    }

    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void headerIsMagicThenTheDictionarysSha256(DictionaryFormat format) throws IOException {
        Dictionary dictionary = Dictionary.of(feed(0));
        byte[] encoded = encode(codec(format).bound(dictionary), feed(3));
        String magic = format == DictionaryFormat.DCZ ? "5e2a4d1820000000" : "ff444342";
        assertEquals(magic, HexFormat.of().formatHex(encoded, 0, magic.length() / 2));
        assertArrayEquals(dictionary.sha256(), Arrays.copyOfRange(encoded, magic.length() / 2, format.headerLength()));
        assertEquals(format == DictionaryFormat.DCZ ? 40 : 36, format.headerLength());
    }

    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void roundTripsAndADeltaIsSmall(DictionaryFormat format) throws IOException {
        Dictionary previous = Dictionary.of(feed(0));
        DictionaryCodec codec = codec(format, previous);
        byte[] next = feed(3);
        byte[] delta = encode(codec.bound(previous), next);
        assertArrayEquals(next, decode(codec, delta));
        byte[] alone = encode(format == DictionaryFormat.DCZ ? new ZstdCodec() : new BrotliCodec(), next);
        assertTrue(delta.length * 5 < alone.length, delta.length + " bytes against " + alone.length + " alone");
        for (int size : new int[] {0, 1, 100, 70_000}) {
            byte[] data = Arrays.copyOf(next, size);
            assertArrayEquals(data, decode(codec, encode(codec.bound(previous), data)), "size " + size);
        }
    }

    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void aFlushMakesWhatWasWrittenDecodable(DictionaryFormat format) throws IOException {
        Dictionary dictionary = Dictionary.of(feed(0));
        DictionaryCodec codec = codec(format, dictionary);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OutputStream out = codec.bound(dictionary).encode(sink);
        byte[] first = Arrays.copyOf(feed(1), 700);
        out.write(first);
        out.flush();
        try (InputStream in = codec.decode(new ByteArrayInputStream(sink.toByteArray()))) {
            assertArrayEquals(first, in.readNBytes(first.length));
        }
        out.close();
    }

    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void refusesAnUnknownDictionary(DictionaryFormat format) throws IOException {
        byte[] encoded = encode(codec(format).bound(Dictionary.of(feed(0))), feed(1));
        IOException e = assertThrows(DictionaryCodec.UnknownDictionaryException.class,
                () -> decode(codec(format, Dictionary.of(feed(9))), encoded));
        assertTrue(e.getMessage().contains(format.token()), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void refusesATruncatedHeaderAWrongMagicAndATruncatedStream(DictionaryFormat format) throws IOException {
        Dictionary dictionary = Dictionary.of(feed(0));
        DictionaryCodec codec = codec(format, dictionary);
        byte[] encoded = encode(codec.bound(dictionary), feed(1));
        assertThrows(IOException.class, () -> decode(codec, Arrays.copyOf(encoded, 20)));
        byte[] foreign = encoded.clone();
        foreign[1] ^= 1;
        IOException magic = assertThrows(IOException.class, () -> decode(codec, foreign));
        assertTrue(magic.getMessage().contains("magic"), magic.getMessage());
        assertThrows(IOException.class, () -> decode(codec, Arrays.copyOf(encoded, encoded.length - 3)));
    }

    /** A body made with one dictionary whose header names another that the decoder has: caught, not wrong bytes. */
    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void refusesABodyMadeWithAnotherDictionaryThanItsHeaderNames(DictionaryFormat format) throws IOException {
        Dictionary used = Dictionary.of(feed(0));
        Dictionary named = Dictionary.of(feed(40));
        byte[] encoded = encode(codec(format).bound(used), feed(2));
        System.arraycopy(named.sha256(), 0, encoded, format.headerLength() - 32, 32);
        DictionaryCodec codec = codec(format, named);
        byte[] decoded;
        try {
            decoded = decode(codec, encoded);
        } catch (IOException refused) {
            return; // zstd's checksum, or brotli finding a reference it cannot resolve
        }
        // brotli has no checksum: a distance into another dictionary decodes to other bytes, never the original
        assertTrue(!Arrays.equals(feed(2), decoded));
    }

    /** zstd's trainer writes zstd's dictionary format; RFC 9842 and browsers load any dictionary as raw content. */
    @ParameterizedTest
    @EnumSource(DictionaryFormat.class)
    void aTrainedDictionaryIsUsedAsRawContent(DictionaryFormat format) throws IOException {
        Dictionary trained = Dictionary.of(trained());
        assertEquals(0xEC30A437, readIntLE(trained.content()), "zstd's dictionary magic");
        DictionaryCodec codec = codec(format, trained);
        byte[] item = item(5000);
        byte[] encoded = encode(codec.bound(trained), item);
        assertArrayEquals(item, decode(codec, encoded));
        // a reused (shared) dictionary: prepared once, the same bytes for every response, on any thread
        Dictionary reused = Dictionary.reused(trained.content());
        for (int id = 5000; id < 5020; id++) {
            assertArrayEquals(encode(codec.bound(trained), item(id)), encode(codec.bound(reused), item(id)));
        }
        java.util.List<java.util.concurrent.Future<byte[]>> results = new java.util.ArrayList<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int i = 0; i < 200; i++) {
                int id = 6000 + i;
                results.add(pool.submit(() -> decode(codec, encode(codec.bound(reused), item(id)))));
            }
            for (int i = 0; i < results.size(); i++) {
                assertArrayEquals(item(6000 + i), results.get(i).get());
            }
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e);
        } finally {
            pool.shutdown();
        }
        byte[] alone = encode(format == DictionaryFormat.DCZ ? new ZstdCodec() : new BrotliCodec(), item);
        assertTrue(encoded.length < alone.length, encoded.length + " against " + alone.length);
    }

    @Test
    void windowCoversTheDictionary() {
        assertEquals(23, ZstdCodecAccess.windowLogFor(0));
        assertEquals(23, ZstdCodecAccess.windowLogFor(6_000_000));
        assertEquals(24, ZstdCodecAccess.windowLogFor(8_000_000));
        assertEquals(25, ZstdCodecAccess.windowLogFor(16 << 20));
    }

    @Test
    void pythonZstandardDecodesOurDczAndEncodesOneWeDecode() throws Exception {
        assumeTrue(Python.hasModule("zstandard") || System.getenv("CI") != null, "python3 zstandard missing");
        Dictionary trained = Dictionary.of(trained());
        Dictionary previous = Dictionary.of(feed(0));
        for (Dictionary dictionary : List.of(previous, trained)) {
            byte[] body = dictionary == previous ? feed(4) : item(7);
            Files.write(dir.resolve("dict"), dictionary.content());
            Files.write(dir.resolve("ours.dcz"), encode(codec(DictionaryFormat.DCZ).bound(dictionary), body));
            String script = String.join("\n",
                    "import sys, hashlib, zstandard as z",
                    "d = open(sys.argv[1] + '/dict', 'rb').read()",
                    "raw = z.ZstdCompressionDict(d, dict_type=z.DICT_TYPE_RAWCONTENT)",
                    "ours = open(sys.argv[1] + '/ours.dcz', 'rb').read()",
                    "assert ours[:8] == bytes.fromhex('5e2a4d1820000000') and ours[8:40] == hashlib.sha256(d).digest()",
                    "open(sys.argv[1] + '/decoded', 'wb').write(z.ZstdDecompressor(dict_data=raw).decompressobj()"
                            + ".decompress(ours[40:]))",
                    "body = open(sys.argv[1] + '/decoded', 'rb').read()",
                    "theirs = z.ZstdCompressor(level=19, dict_data=raw).compress(body)",
                    "open(sys.argv[1] + '/theirs.dcz', 'wb').write(ours[:40] + theirs)");
            Python.run(script, dir.toString());
            assertArrayEquals(body, Files.readAllBytes(dir.resolve("decoded")));
            assertArrayEquals(body, decode(codec(DictionaryFormat.DCZ, dictionary),
                    Files.readAllBytes(dir.resolve("theirs.dcz"))));
        }
    }

    private static int readIntLE(byte[] b) {
        return (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24;
    }

    /** Runs Python scripts for the independent decoders. */
    /** A frame declaring a window larger than max(8 MB, 1.25 x the dictionary) is refused before it is allocated. */
    @Test
    void refusesAFrameThatWantsAWindowBeyondTheLimit() throws Exception {
        assumeTrue(Python.hasModule("zstandard") || System.getenv("CI") != null, "python3 zstandard missing");
        Dictionary dictionary = Dictionary.of(feed(0));
        Files.write(dir.resolve("dict"), dictionary.content());
        Python.run(String.join("\n",
                "import sys, hashlib, zstandard as z",
                "d = open(sys.argv[1] + '/dict', 'rb').read()",
                "raw = z.ZstdCompressionDict(d, dict_type=z.DICT_TYPE_RAWCONTENT)",
                "params = z.ZstdCompressionParameters.from_level(3, window_log=25, write_content_size=False)",
                "c = z.ZstdCompressor(compression_params=params, dict_data=raw)",
                "w = c.compressobj()",
                "frame = w.compress(d[:1000]) + w.flush()",
                "open(sys.argv[1] + '/wide.dcz', 'wb').write(bytes.fromhex('5e2a4d1820000000')"
                        + " + hashlib.sha256(d).digest() + frame)"), dir.toString());
        IOException refused = assertThrows(IOException.class, () -> decode(codec(DictionaryFormat.DCZ, dictionary),
                Files.readAllBytes(dir.resolve("wide.dcz"))));
        assertTrue(String.valueOf(refused.getMessage()).toLowerCase().contains("window")
                || String.valueOf(refused.getMessage()).toLowerCase().contains("memory"), refused.getMessage());
    }

    static final class Python {
        static boolean hasModule(String module) {
            try {
                Process p = new ProcessBuilder("python3", "-c", "import " + module).redirectErrorStream(true).start();
                return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException | InterruptedException e) {
                return false;
            }
        }

        static void run(String script, String... args) throws Exception {
            List<String> command = new java.util.ArrayList<>(List.of("python3", "-c", script));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "python timed out");
            assertEquals(0, p.exitValue(), output);
        }
    }
}
