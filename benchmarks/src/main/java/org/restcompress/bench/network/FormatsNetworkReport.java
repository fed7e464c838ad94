package org.restcompress.bench.network;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.restcompress.bench.ResultFile;

/**
 * Body formats on emulated links: the demo server and {@link FormatsNetworkClient} in two network namespaces joined by
 * a veth pair shaped with {@code tc} (as {@link NetworkReport}), at 10 Mbit/s, 100 Mbit/s and 1 Gbit/s. For the two
 * documents whose formats differ most ({@code /rest/photo}, a record with a 186 KB picture that JSON carries as
 * base64; and the 1.8 MB static document, text and numbers), the median time from request to parsed tree in each
 * format and coding, and what a client naming every format equally got from the server's choice
 * ({@code restcompress.auto.formats}). Writes {@code results/formats-network.md}. Needs root, {@code ip}, {@code tc},
 * {@code ethtool}; run from {@code benchmarks/}. {@code -Drounds=21}; {@code -Dquick}: one link, two rounds, the
 * photo.
 */
public final class FormatsNetworkReport {

    private static final Map<String, Long> LINKS = new LinkedHashMap<>();
    private static final Map<String, String> DOCUMENTS = new LinkedHashMap<>();

    static {
        LINKS.put("10mbit", 10_000_000L);
        LINKS.put("100mbit", 100_000_000L);
        LINKS.put("1gbit", 1_000_000_000L);
        DOCUMENTS.put("photo", "photo");
        DOCUMENTS.put("1.8MB", "static/any");
    }

    private FormatsNetworkReport() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = System.getProperty("quick") != null;
        int rounds = Integer.getInteger("rounds", quick ? 2 : 21);
        Path demoJar = NetworkReport.demoJar();
        List<String> links = quick ? List.of("1gbit") : List.copyOf(LINKS.keySet());
        List<String> documents = quick ? List.of("photo") : List.copyOf(DOCUMENTS.keySet());
        Map<String, List<String[]>> measured = new LinkedHashMap<>();
        Process server = null;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                NetworkReport.tearDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        try {
            NetworkReport.setUp();
            Files.createDirectories(Paths.get("target"));
            List<String> serve = new ArrayList<>(List.of("ip", "netns", "exec", NetworkReport.SERVER));
            serve.addAll(NetworkReport.pinned(true));
            serve.addAll(List.of("env", "PORT=8080", NetworkReport.java(), "-Xmx1g", "-jar", demoJar.toString()));
            server = new ProcessBuilder(serve).redirectErrorStream(true)
                    .redirectOutput(new File("target/formats-network-server.log")).start();
            String base = "http://" + NetworkReport.SERVER_IP + ":8080/rest/";
            NetworkReport.awaitServer(base);
            for (String link : links) {
                NetworkReport.shape(LINKS.get(link));
                List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", NetworkReport.CLIENT));
                command.addAll(NetworkReport.pinned(false));
                command.addAll(List.of(NetworkReport.java(), "-cp", NetworkReport.ownJar(),
                        FormatsNetworkClient.class.getName(), base, Long.toString(LINKS.get(link) / 1_000_000),
                        Integer.toString(rounds)));
                documents.forEach(d -> command.add(DOCUMENTS.get(d)));
                List<String[]> rows = new ArrayList<>();
                for (String line : NetworkReport.run(command, 3600).split("\n")) {
                    String[] cells = line.split("\t");
                    if (cells.length == 6) {
                        rows.add(cells);
                        System.out.println(link + "\t" + line);
                    }
                }
                measured.put(link, rows);
            }
        } finally {
            NetworkReport.stop(server);
        }
        write(quick, rounds, links, documents, measured);
    }

    private static void write(boolean quick, int rounds, List<String> links, List<String> documents,
            Map<String, List<String[]>> measured) throws Exception {
        StringBuilder md = new StringBuilder("# Body formats on emulated links\n\n")
                .append("`cd benchmarks && sudo java -cp target/benchmarks.jar ")
                .append("org.restcompress.bench.network.FormatsNetworkReport` (").append(Runtime.version())
                .append(", ").append(LocalDate.now()).append(quick ? ", quick mode: not a measurement" : "")
                .append("). The demo jar in one network namespace, the client in another, a veth pair shaped by ")
                .append("`tc` at each rate (as the network benchmark); server and client pinned to a core each. ")
                .append("Time: median of ").append(rounds).append(" requests per row, from request to the body ")
                .append("decoded and parsed into a Jackson tree; rows take turns in a new order each round, each ")
                .append("on an idle link. *chosen*: a client naming the four formats at the same `q`, accepting ")
                .append("zstd and sending the link's rate as `Downlink`, from the demo (`restcompress.auto.formats` ")
                .append("on); *sent* says which formats it got.\n\n");
        for (String document : documents) {
            md.append("## ").append(document.equals("photo") ? "`/rest/photo`: a record with a 186 KB picture"
                    : "`/rest/static/any`: the 1.8 MB document").append("\n\n")
                    .append("| format | coding |");
            links.forEach(link -> md.append(' ').append(link).append(" ms | ").append(link).append(" bytes |"));
            md.append("\n|---|---|");
            links.forEach(link -> md.append("---:|---:|"));
            md.append('\n');
            List<String[]> first = rows(measured.get(links.get(0)), DOCUMENTS.get(document));
            for (String[] row : first) {
                md.append("| ").append(row[1]).append(" | ").append(row[2]).append(" |");
                for (String link : links) {
                    String[] cell = find(measured.get(link), row[0], row[1], row[2]);
                    md.append(' ').append(cell[4]).append(" | ").append(cell[3]).append(" |");
                }
                md.append('\n');
            }
            md.append("\n| link | chosen: sent | chosen ms | JSON zstd ms (the runtime's pick without the choice) | ")
                    .append("fastest format in zstd | its ms | chosen / JSON | chosen / fastest in zstd |\n")
                    .append("|---|---|---:|---:|---|---:|---:|---:|\n");
            for (String link : links) {
                List<String[]> rows = rows(measured.get(link), DOCUMENTS.get(document));
                String[] chosen = find(rows, DOCUMENTS.get(document), FormatsNetworkClient.CHOSEN, "zstd");
                String[] json = find(rows, DOCUMENTS.get(document), "JSON", "zstd");
                String[] fastest = null;
                for (String[] row : rows) {
                    if (!row[1].equals(FormatsNetworkClient.CHOSEN) && row[2].equals("zstd")
                            && (fastest == null || Double.parseDouble(row[4]) < Double.parseDouble(fastest[4]))) {
                        fastest = row;
                    }
                }
                double ms = Double.parseDouble(chosen[4]);
                md.append("| ").append(link).append(" | ").append(chosen[5]).append(" | ").append(chosen[4])
                        .append(" | ").append(json[4]).append(" | ").append(fastest[1]).append(" | ")
                        .append(fastest[4]).append(" | ")
                        .append(String.format(Locale.ROOT, "%.2f", ms / Double.parseDouble(json[4]))).append(" | ")
                        .append(String.format(Locale.ROOT, "%.2f", ms / Double.parseDouble(fastest[4])))
                        .append(" |\n");
            }
            md.append('\n');
        }
        ResultFile.write("formats-network", quick, md);
    }

    private static List<String[]> rows(List<String[]> rows, String path) {
        List<String[]> mine = new ArrayList<>();
        for (String[] row : rows) {
            if (row[0].equals(path)) {
                mine.add(row);
            }
        }
        return mine;
    }

    private static String[] find(List<String[]> rows, String path, String format, String coding) {
        for (String[] row : rows) {
            if (row[0].equals(path) && row[1].equals(format) && row[2].equals(coding)) {
                return row;
            }
        }
        throw new IllegalStateException("no row " + format + " " + coding + " for " + path);
    }
}
