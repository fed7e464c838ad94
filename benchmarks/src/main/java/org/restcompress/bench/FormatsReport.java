package org.restcompress.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.CodecRegistry;

/**
 * Body format and coding together: for the corpus's JSON documents and a record with a binary field (the demo's
 * {@code /rest/photo}: a 186 KB PNG, base64 in JSON and XML, bytes in the binary formats), every format (JSON, XML,
 * CBOR, Smile, MessagePack, all through Jackson) in every coding (identity, lz4, lzf, zstd, gzip, br, at the
 * library's default settings): bytes on the wire, the time to serialize and encode, and to decode and parse (one
 * thread; each the median of 7 timed batches of at least 100 ms after a warm-up). Corpus figures are harmonic means
 * over the documents of 16 KB and more ({@code -DminSize}), as in the codec table; speeds are MB of the JSON representation per second, so that formats
 * compare on the same content. Writes {@code results/formats.md} and {@code results/formats-*.png}.
 *
 * <pre>java -cp target/benchmarks.jar org.restcompress.bench.FormatsReport     # -Dquick=true: seconds</pre>
 */
public final class FormatsReport {

    private static final CodecRegistry CODECS = CodecRegistry.load(FormatsReport.class.getClassLoader(),
            token -> CodecOptions.NONE);
    private static final List<String> CODINGS = List.of("identity", "lz4", "lzf", "zstd", "gzip", "br");
    private static final Map<String, ObjectMapper> FORMATS = new LinkedHashMap<>();

    static {
        FORMATS.put("JSON", new ObjectMapper());
        FORMATS.put("XML", new XmlMapper());
        FORMATS.put("CBOR", new ObjectMapper(new CBORFactory()));
        FORMATS.put("Smile", new ObjectMapper(new SmileFactory()));
        FORMATS.put("MessagePack", new ObjectMapper(new MessagePackFactory()));
    }

    /** One document in one format and coding: wire bytes, JSON bytes, and the two times in nanoseconds. */
    private record Cell(long wire, long json, double writeNanos, double readNanos) {
        double writeMbps() {
            return json / writeNanos * 1e3;
        }

        double readMbps() {
            return json / readNanos * 1e3;
        }
    }

    private FormatsReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        long batchNanos = quick ? 5_000_000 : 100_000_000;
        int batches = quick ? 1 : 7;
        Map<String, Object> documents = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(Corpus.directory())) {
            long minSize = Long.getLong("minSize", 16 * 1024); // as the codec table: below the threshold, no coding
            for (Path file : files.filter(p -> p.toString().endsWith(".json") && size(p) >= minSize).sorted()
                    .toList()) {
                documents.put(file.getFileName().toString(), new ObjectMapper().readTree(file.toFile()));
                if (quick) {
                    break;
                }
            }
        }
        Object record = org.restcompress.demo.Photo.SAMPLE;

        Map<String, Map<String, List<Cell>>> corpus = new LinkedHashMap<>(); // format -> coding -> per document
        Map<String, Map<String, Cell>> binary = new LinkedHashMap<>();
        for (String format : FORMATS.keySet()) {
            for (String coding : CODINGS) {
                for (Map.Entry<String, Object> document : documents.entrySet()) {
                    corpus.computeIfAbsent(format, k -> new LinkedHashMap<>()).computeIfAbsent(coding,
                            k -> new ArrayList<>()).add(measure(format, coding, document.getValue(), JsonNode.class,
                            batchNanos, batches));
                }
                binary.computeIfAbsent(format, k -> new LinkedHashMap<>()).put(coding,
                        measure(format, coding, record, org.restcompress.demo.Photo.class, batchNanos, batches));
                System.out.printf(Locale.ROOT, "%s %s done%n", format, coding);
            }
        }
        write(quick, documents.size(), corpus, binary);
    }

    private static long size(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return 0;
        }
    }

    private static Cell measure(String format, String coding, Object value, Class<?> type, long batchNanos,
            int batches) throws IOException {
        ObjectMapper mapper = FORMATS.get(format);
        ContentCodec codec = CODECS.find(coding).orElseThrow();
        long json = FORMATS.get("JSON").writeValueAsBytes(value).length;
        byte[] wire = write(mapper, codec, value);
        for (int i = 0; i < 3; i++) { // warm-up
            read(mapper, codec, wire, type);
            write(mapper, codec, value);
        }
        double[] writes = new double[batches];
        double[] reads = new double[batches];
        for (int b = 0; b < batches; b++) {
            writes[b] = timed(batchNanos, () -> write(mapper, codec, value));
            reads[b] = timed(batchNanos, () -> read(mapper, codec, wire, type));
        }
        return new Cell(wire.length, json, Stats.median(writes), Stats.median(reads));
    }

    private interface Work {
        void run() throws IOException;
    }

    /** Nanoseconds per run of {@code work}, over at least {@code batchNanos}. */
    private static double timed(long batchNanos, Work work) throws IOException {
        long start = System.nanoTime();
        int runs = 0;
        long elapsed;
        do {
            work.run();
            runs++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < batchNanos);
        return (double) elapsed / runs;
    }

    private static byte[] write(ObjectMapper mapper, ContentCodec codec, Object value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream encoder = codec.encode(out)) {
            mapper.writeValue(encoder, value);
        }
        return out.toByteArray();
    }

    private static void read(ObjectMapper mapper, ContentCodec codec, byte[] wire, Class<?> type) throws IOException {
        try (InputStream decoder = codec.decode(new ByteArrayInputStream(wire))) {
            if (mapper.readValue(decoder, type) == null) {
                throw new IOException("nothing parsed");
            }
        }
    }

    private static double harmonic(List<Cell> cells, java.util.function.ToDoubleFunction<Cell> speed) {
        double sum = 0;
        for (Cell cell : cells) {
            sum += 1 / speed.applyAsDouble(cell);
        }
        return cells.size() / sum;
    }

    private static void write(boolean quick, int documents, Map<String, Map<String, List<Cell>>> corpus,
            Map<String, Map<String, Cell>> binary) throws IOException {
        StringBuilder md = new StringBuilder("# Body format and coding together\n\n");
        md.append(String.format(Locale.ROOT, "Machine: %d cores, JDK %s, %s. Command: `cd benchmarks && java -cp "
                + "target/benchmarks.jar org.restcompress.bench.FormatsReport`.%n%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                java.time.LocalDate.now()));
        md.append("Every format through Jackson (2.22: `ObjectMapper`, `XmlMapper`, `CBORFactory`, `SmileFactory` at "
                + "their defaults, MessagePack's `MessagePackFactory` 0.9.10), every coding through the library at its "
                + "default settings, one thread. *Serialize + encode* and *decode + parse* are MB of the JSON "
                + "representation per second (the same content for every format), each the median of 7 timed batches "
                + "of at least 100 ms after a warm-up; *ratio* is bytes on the wire over the JSON document's bytes.\n\n");
        md.append("## The corpus's JSON documents (").append(documents).append(" of 16 KB and more, harmonic means)\n\n");
        md.append("| format | coding | ratio to JSON | serialize + encode MB/s | decode + parse MB/s |\n"
                + "|---|---|---:|---:|---:|\n");
        Map<String, Double> corpusChart = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, List<Cell>>> format : corpus.entrySet()) {
            for (Map.Entry<String, List<Cell>> coding : format.getValue().entrySet()) {
                List<Cell> cells = coding.getValue();
                double ratio = cells.stream().mapToDouble(c -> (double) c.wire / c.json).average().orElse(0);
                md.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.0f | %.0f |%n", format.getKey(),
                        coding.getKey(), ratio, harmonic(cells, Cell::writeMbps), harmonic(cells, Cell::readMbps)));
                corpusChart.put(format.getKey() + " " + coding.getKey(), ratio * 100);
            }
        }
        md.append("\n![corpus: bytes on the wire](formats-corpus.png)\n\n");
        md.append("## A record with a binary field (`/rest/photo`: a 186 KB PNG and four fields)\n\n");
        md.append("| format | coding | bytes on the wire | ratio to JSON | serialize + encode MB/s | decode + parse MB/s "
                + "|\n|---|---|---:|---:|---:|---:|\n");
        Map<String, Double> binaryChart = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Cell>> format : binary.entrySet()) {
            for (Map.Entry<String, Cell> coding : format.getValue().entrySet()) {
                Cell c = coding.getValue();
                md.append(String.format(Locale.ROOT, "| %s | %s | %,d | %.3f | %.0f | %.0f |%n", format.getKey(),
                        coding.getKey(), c.wire, (double) c.wire / c.json, c.writeMbps(), c.readMbps()));
                binaryChart.put(format.getKey() + " " + coding.getKey(), c.wire / 1024.0);
            }
        }
        md.append("\n![the binary-field record: bytes on the wire](formats-photo.png)\n");
        Path out = ResultFile.write("formats", quick, md);
        BarChart.write(out.resolveSibling(quick ? "formats-corpus-quick.png" : "formats-corpus.png"),
                "Corpus: bytes on the wire, % of the JSON document", "%", corpusChart);
        BarChart.write(out.resolveSibling(quick ? "formats-photo-quick.png" : "formats-photo.png"),
                "A record with a 186 KB PNG: bytes on the wire", "KB", binaryChart);
    }
}
