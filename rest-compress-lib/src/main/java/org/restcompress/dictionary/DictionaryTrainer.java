package org.restcompress.dictionary;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Trains a shared compression dictionary (RFC 9842) on sample bodies with zstd's trainer, for
 * {@code @SharedDictionary}: the same samples always give the same file, so a dictionary can be rebuilt and checked.
 * Needs zstd-jni on the class path.
 *
 * <pre>
 * java -cp rest-compress-lib.jar:zstd-jni.jar org.restcompress.dictionary.DictionaryTrainer \
 *     --size 16K --out items.dict samples/
 * </pre>
 *
 * Samples are files, or directories read recursively; files are taken in path order. Train on bodies like the ones
 * the dictionary will compress, but not the same ones: a few hundred to a few thousand samples, in total about 100
 * times the dictionary's size.
 */
public final class DictionaryTrainer {

    /** zstd's trainer refuses fewer. */
    static final int MIN_SAMPLES = 8;

    private DictionaryTrainer() {
    }

    /**
     * A dictionary of at most {@code dictionarySize} bytes trained on {@code samples}, in zstd's dictionary format (the
     * library, as browsers do, uses it as raw content).
     *
     * @param samples the sample bodies, at least 8
     * @param dictionarySize the largest dictionary, 256 bytes to 16 MiB
     * @return the dictionary
     * @throws IllegalArgumentException for too few samples, a size out of range, or samples zstd cannot train on
     */
    public static byte[] train(List<byte[]> samples, int dictionarySize) {
        if (dictionarySize < 256 || dictionarySize > 16 << 20) {
            throw new IllegalArgumentException("a dictionary's size is 256 bytes to 16M, was " + dictionarySize);
        }
        if (samples.size() < MIN_SAMPLES) {
            throw new IllegalArgumentException("at least " + MIN_SAMPLES + " samples are needed, got "
                    + samples.size());
        }
        long total = 0;
        for (byte[] sample : samples) {
            total += sample.length;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("samples of more than 2 GB in total");
        }
        return Zstd.train(samples, (int) total, dictionarySize);
    }

    /** zstd-jni, loaded only here: the rest of the class works without it. */
    private static final class Zstd {
        static byte[] train(List<byte[]> samples, int total, int dictionarySize) {
            com.github.luben.zstd.ZstdDictTrainer trainer =
                    new com.github.luben.zstd.ZstdDictTrainer(total, dictionarySize);
            for (byte[] sample : samples) {
                trainer.addSample(sample);
            }
            try {
                return trainer.trainSamples();
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("zstd could not train on these samples: " + e.getMessage(), e);
            }
        }
    }

    /** Every regular file under {@code paths}, in path order. */
    static List<Path> files(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(files::add);
                }
            } else if (Files.isRegularFile(path)) {
                files.add(path);
            } else {
                throw new IOException("no such file or directory: " + path);
            }
        }
        return files;
    }

    /**
     * The command line: {@code DictionaryTrainer [--size 16K] --out FILE SAMPLE_FILE_OR_DIR...}; exits 0 when done,
     * 1 when it failed, 2 for a usage error.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    private static final String USAGE = "usage: DictionaryTrainer [--size 16K] --out FILE SAMPLE_FILE_OR_DIR...";

    /** The command line; returns the exit status (0 done, 1 failed, 2 usage). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        int size = 16 * 1024;
        Path output = null;
        List<Path> inputs = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.println(USAGE);
                        out.println("Trains a compression dictionary on sample bodies (zstd's trainer; the same"
                                + " samples give the same file).");
                        return 0;
                    }
                    case "--size" -> size = size(args[++i]);
                    case "--out" -> output = Path.of(args[++i]);
                    default -> {
                        if (args[i].startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + args[i]);
                        }
                        inputs.add(Path.of(args[i]));
                    }
                }
            }
        } catch (ArrayIndexOutOfBoundsException | IllegalArgumentException e) {
            err.println((e instanceof ArrayIndexOutOfBoundsException ? "an option needs a value" : e.getMessage())
                    + "\n" + USAGE);
            return 2;
        }
        if (output == null || inputs.isEmpty()) {
            err.println(USAGE);
            return 2;
        }
        try {
            List<byte[]> samples = new ArrayList<>();
            for (Path file : files(inputs)) {
                samples.add(Files.readAllBytes(file));
            }
            byte[] dictionary = train(samples, size);
            Files.write(output, dictionary);
            out.println("wrote " + output + ": " + dictionary.length + " bytes from " + samples.size() + " samples");
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("DictionaryTrainer: " + e.getMessage());
            return 1;
        } catch (NoClassDefFoundError e) {
            err.println("DictionaryTrainer needs zstd-jni on the class path (com.github.luben:zstd-jni)");
            return 1;
        }
    }

    private static int size(String value) {
        String v = value.trim().toUpperCase(java.util.Locale.ROOT);
        int unit = v.endsWith("K") ? 1024 : v.endsWith("M") ? 1024 * 1024 : 1;
        try {
            return Math.multiplyExact(Integer.parseInt(unit == 1 ? v : v.substring(0, v.length() - 1)), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("--size must be a size such as 4K, 16K or 64K, was " + value);
        }
    }
}
