package org.restcompress.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The benchmark corpus: {@code -Dcorpus=DIR}, else the repository's {@code testdata/corpus}. */
public final class Corpus {

    private Corpus() {
    }

    public static Path directory() {
        String configured = System.getProperty("corpus");
        if (configured != null) {
            return Paths.get(configured).toAbsolutePath();
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("testdata").resolve("corpus");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no testdata/corpus above " + Paths.get("").toAbsolutePath()
                + "; pass -Dcorpus=DIR");
    }

    public static byte[] read(String name) {
        try {
            return Files.readAllBytes(directory().resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
