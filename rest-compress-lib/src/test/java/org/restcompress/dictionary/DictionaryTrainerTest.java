package org.restcompress.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.dictionary.DictionaryCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;
import org.restcompress.it.DictionaryBodies;

/** The trainer: the same samples give the same bytes, the result makes unseen small bodies smaller, bad use says so. */
class DictionaryTrainerTest {

    @TempDir
    Path dir;

    private static List<byte[]> samples(int from, int to) {
        List<byte[]> samples = new ArrayList<>();
        for (int id = from; id < to; id++) {
            samples.add(DictionaryBodies.item(id));
        }
        return samples;
    }

    @Test
    void theSameSamplesGiveTheSameFile() throws IOException {
        byte[] once = DictionaryTrainer.train(samples(1000, 3000), 16 * 1024);
        byte[] again = DictionaryTrainer.train(samples(1000, 3000), 16 * 1024);
        assertArrayEquals(once, again);
        assertTrue(once.length <= 16 * 1024 && once.length > 1024, once.length + " bytes");
    }

    @Test
    void makesUnseenSmallBodiesSmallerThanZstdAlone() throws IOException {
        Dictionary dictionary = Dictionary.of(DictionaryTrainer.train(samples(1000, 3000), 16 * 1024));
        DictionaryCodec dcz = new DictionaryCodec(DictionaryFormat.DCZ, new ZstdCodec(), h -> null);
        long withDictionary = 0;
        long alone = 0;
        for (int id = 1; id <= 50; id++) { // not among the samples
            byte[] item = DictionaryBodies.item(id);
            withDictionary += encode(dcz.bound(dictionary), item).length;
            alone += encode(new ZstdCodec(), item).length;
        }
        assertTrue(withDictionary < alone * 0.6, withDictionary + " against " + alone);
    }

    private static byte[] encode(org.restcompress.codec.ContentCodec codec, byte[] body) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = codec.encode(sink)) {
            out.write(body);
        }
        return sink.toByteArray();
    }

    @Test
    void theCommandLineReadsDirectoriesInPathOrderAndWritesTheFile() throws IOException {
        Path samples = Files.createDirectories(dir.resolve("samples/sub"));
        List<byte[]> expected = new ArrayList<>();
        for (int id = 0; id < 300; id++) {
            byte[] item = DictionaryBodies.item(5000 + id);
            Files.write(samples.resolve(String.format("%04d.json", id)), item);
            expected.add(item);
        }
        Path out = dir.resolve("items.dict");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status = DictionaryTrainer.run(new String[] {"--size", "4K", "--out", out.toString(),
            dir.resolve("samples").toString()}, new PrintStream(stdout), System.err);
        assertEquals(0, status);
        assertArrayEquals(DictionaryTrainer.train(expected, 4096), Files.readAllBytes(out));
        assertTrue(stdout.toString(StandardCharsets.UTF_8).contains("300 samples"));
    }

    @Test
    void badUseIsSaidAndExitsNonZero() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errors = new PrintStream(err);
        assertEquals(2, DictionaryTrainer.run(new String[] {"--size"}, System.out, errors));
        assertEquals(2, DictionaryTrainer.run(new String[] {"--size", "lots", "--out", "x", "y"}, System.out, errors));
        assertEquals(2, DictionaryTrainer.run(new String[] {"--out", "x"}, System.out, errors));
        assertEquals(1, DictionaryTrainer.run(new String[] {"--out", dir.resolve("x").toString(),
            dir.resolve("missing").toString()}, System.out, errors));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--size must be a size"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no such file"));
        assertThrows(IllegalArgumentException.class, () -> DictionaryTrainer.train(samples(0, 3), 4096));
        assertThrows(IllegalArgumentException.class, () -> DictionaryTrainer.train(samples(0, 100), 10));
    }
}
