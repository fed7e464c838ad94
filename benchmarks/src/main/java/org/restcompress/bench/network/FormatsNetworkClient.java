package org.restcompress.bench.network;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.restcompress.bench.Stats;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.CodecRegistry;

/**
 * The client side of {@link FormatsNetworkReport}, in the client's network namespace: fetches each document in each
 * format and coding, decodes and parses it (Jackson, into a tree, as an application reads it), and prints one
 * tab-separated line per row: document, format, coding, bytes on the wire (median), median milliseconds from request
 * to parsed tree, and the formats the server sent. Row {@code chosen}: a client naming every format at the same
 * {@code q}, accepting zstd, and telling the link's speed ({@code Downlink}, as a browser does), from a server with
 * {@code restcompress.auto.formats}. Rows take turns request by request, in a new order each round, each request
 * {@value #PAUSE_MILLIS} ms after the last, after warm-up rounds.
 *
 * <p>Arguments: base URL, the link's speed in Mbit/s (0: unshaped), rounds, then document paths.
 */
public final class FormatsNetworkClient {

    static final Map<String, String> FORMATS = new LinkedHashMap<>();
    static final List<String> CODINGS = List.of("identity", "zstd", "lz4", "gzip");
    static final String CHOSEN = "chosen";
    static final long PAUSE_MILLIS = 20;
    private static final Map<String, ObjectMapper> MAPPERS = Map.of(
            "application/json", new ObjectMapper(),
            "application/cbor", new ObjectMapper(new CBORFactory()),
            "application/x-jackson-smile", new ObjectMapper(new SmileFactory()),
            "application/msgpack", new ObjectMapper(new MessagePackFactory()));
    private static final CodecRegistry CODECS = CodecRegistry.load(FormatsNetworkClient.class.getClassLoader(),
            token -> CodecOptions.NONE);

    static {
        FORMATS.put("JSON", "application/json");
        FORMATS.put("CBOR", "application/cbor");
        FORMATS.put("Smile", "application/x-jackson-smile");
        FORMATS.put("MessagePack", "application/msgpack");
    }

    private FormatsNetworkClient() {
    }

    /** One row: a format and a coding, or the chosen one. */
    private record Row(String format, String coding) {
        String name() {
            return format + "\t" + coding;
        }
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(args[0]);
        String downlink = args[1];
        int rounds = Integer.parseInt(args[2]);
        List<Row> rows = new ArrayList<>();
        FORMATS.keySet().forEach(format -> CODINGS.forEach(coding -> rows.add(new Row(format, coding))));
        rows.add(new Row(CHOSEN, "zstd"));
        for (String document : List.of(args).subList(3, args.length)) {
            URI url = base.resolve(document);
            for (int warm = 0; warm < 3; warm++) {
                for (Row row : rows) {
                    fetch(url, row, downlink);
                }
            }
            Map<Row, double[]> millis = new LinkedHashMap<>();
            Map<Row, double[]> wire = new LinkedHashMap<>();
            Map<Row, Map<String, Integer>> sent = new LinkedHashMap<>();
            rows.forEach(row -> {
                millis.put(row, new double[rounds]);
                wire.put(row, new double[rounds]);
                sent.put(row, new TreeMap<>());
            });
            Random order = new Random(2014);
            for (int round = 0; round < rounds; round++) {
                List<Row> shuffled = new ArrayList<>(rows);
                Collections.shuffle(shuffled, order);
                for (Row row : shuffled) {
                    Thread.sleep(PAUSE_MILLIS);
                    long start = System.nanoTime();
                    long[] fetched = new long[1];
                    String type = fetch(url, row, downlink, fetched);
                    millis.get(row)[round] = (System.nanoTime() - start) / 1e6;
                    wire.get(row)[round] = fetched[0];
                    sent.get(row).merge(type, 1, Integer::sum);
                }
            }
            for (Row row : rows) {
                StringBuilder types = new StringBuilder();
                sent.get(row).forEach((t, n) -> types.append(types.length() > 0 ? " " : "").append(t).append('x')
                        .append(n));
                System.out.printf(Locale.ROOT, "%s\t%s\t%.0f\t%.2f\t%s%n", document, row.name(),
                        Stats.median(wire.get(row)), Stats.median(millis.get(row)), types);
            }
        }
    }

    private static String fetch(URI url, Row row, String downlink) throws IOException {
        return fetch(url, row, downlink, new long[1]);
    }

    /** Fetches, decodes and parses one response; {@code wire[0]} gets its bytes on the wire; returns its type. */
    private static String fetch(URI url, Row row, String downlink, long[] wire) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection();
        boolean chosen = row.format.equals(CHOSEN);
        c.setRequestProperty("Accept", chosen ? String.join(", ", FORMATS.values()) : FORMATS.get(row.format));
        c.setRequestProperty("Accept-Encoding", row.coding + ", *;q=0");
        if (chosen && !downlink.equals("0")) {
            c.setRequestProperty("Downlink", downlink);
        }
        c.setReadTimeout(120_000);
        if (c.getResponseCode() != 200) {
            throw new IOException(url + ": " + c.getResponseCode());
        }
        String header = c.getHeaderField("Content-Encoding");
        String coding = header == null ? "identity" : header;
        String type = c.getContentType().replaceAll(";.*", "").trim();
        ObjectMapper mapper = MAPPERS.get(type);
        if (mapper == null || !chosen && !type.equals(FORMATS.get(row.format))
                || !row.coding.equals(coding) && !(row.coding.equals("identity") && header == null)) {
            throw new IOException(url + ": " + type + " in " + coding + ", asked for " + row.name());
        }
        ContentCodec codec = CODECS.find(coding).orElseThrow(() -> new IOException("unknown coding " + coding));
        NetworkClient.CountingInputStream counted = new NetworkClient.CountingInputStream(c.getInputStream());
        try (InputStream body = codec.decode(counted)) {
            if (mapper.readTree(body) == null) {
                throw new IOException("empty body");
            }
        }
        wire[0] = counted.count;
        return type.replace("application/", "");
    }
}
