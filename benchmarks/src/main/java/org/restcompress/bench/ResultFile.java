package org.restcompress.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Where a report's markdown goes: {@code results/NAME.md}, or {@code target/NAME-quick.md} for a smoke run. */
public final class ResultFile {

    private ResultFile() {
    }

    /** Writes {@code markdown} (to {@code -Dout} when given), prints it, and returns the file. */
    public static Path write(String name, boolean quick, CharSequence markdown) throws IOException {
        Path out = Paths.get(System.getProperty("out", quick ? "target/" + name + "-quick.md" : "results/" + name + ".md"));
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Files.write(out, markdown.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println(markdown);
        System.out.println("written to " + out.toAbsolutePath());
        return out;
    }
}
