package org.restcompress.demo;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code GET /rest/dictionary-savings}: bytes on the wire with and without a dictionary, measured by fetching this
 * server's own {@code /rest/feed} and {@code /rest/items/{id}} on loopback as a client with dictionaries would: the
 * feed's current step as it is, in zstd, in br, and as {@code dcz}/{@code dcb} deltas against the previous step; an
 * item as it is, in zstd and br, and against the shared dictionary its {@code Link} header announces.
 */
@Path("dictionary-savings")
public class DictionarySavingsResource {

    private static final Pattern LINK = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"?compression-dictionary\"?");
    static final long ITEM = 42;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Map<String, Object>> measure(@Context HttpServletRequest request) {
        try {
            Map<String, Map<String, Object>> report = new LinkedHashMap<>();
            long step = DemoFeed.currentStep();
            URI previous = SavingsResource.endpoint(request, "feed?at=" + (step - 1));
            URI current = SavingsResource.endpoint(request, "feed?at=" + step);
            get(previous, "zstd", null); // the server keeps what it sends as a dictionary
            report.put("feed", sizes(current, DemoFeed.feed(step).length, DemoFeed.feed(step - 1), "step", step));

            URI item = SavingsResource.endpoint(request, "items/" + ITEM);
            Fetched plain = get(item, "zstd", null);
            Matcher link = LINK.matcher(plain.link());
            if (!link.find()) {
                throw new IOException("no compression-dictionary Link on " + item);
            }
            byte[] dictionary = get(item.resolve(link.group(1)), "identity", null).body();
            report.put("item", sizes(item, DemoFeed.item(ITEM).length, dictionary, "id", ITEM));
            return report;
        } catch (IOException e) {
            throw new WebApplicationException(SavingsResource.text(Response.Status.BAD_GATEWAY,
                    "measuring failed: " + e.getMessage()));
        }
    }

    private static Map<String, Object> sizes(URI uri, int identity, byte[] dictionary, String key, long value)
            throws IOException {
        String available = ":" + Base64.getEncoder().encodeToString(sha256(dictionary)) + ":";
        Map<String, Object> sizes = new LinkedHashMap<>();
        sizes.put(key, value);
        sizes.put("identity", identity);
        sizes.put("dictionary", dictionary.length);
        for (String[] coding : new String[][] {{"zstd", "zstd", null}, {"br", "br", null},
            {"dcz", "zstd, dcz", available}, {"dcb", "br, dcb", available}}) {
            Fetched response = get(uri, coding[1], coding[2]);
            String received = response.coding();
            if (coding[2] != null && !received.equals(coding[0])) {
                throw new IOException(uri + " came in " + received + " when " + coding[0] + " was asked for");
            }
            sizes.put(coding[0], response.body().length);
            if (!received.equals(coding[0])) {
                sizes.put(coding[0] + "-sent-as", received); // below the threshold: sent as it is
            }
        }
        return sizes;
    }

    /** A response as it came: its coding, its Link header and its bytes. */
    private record Fetched(String coding, String link, byte[] body) {
    }

    /**
     * One request on loopback, its connection closed after it. Not the JDK's HttpClient: on JDK 17 it cannot be closed,
     * and its selector and worker threads would outlive an undeployed application (Tomcat: "started a thread named
     * [HttpClient-1-SelectorManager] but has failed to stop it").
     */
    private static Fetched get(URI uri, String acceptEncoding, String availableDictionary) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        try {
            connection.setConnectTimeout(5000);
            connection.setReadTimeout(10000);
            connection.setRequestProperty("Connection", "close");
            connection.setRequestProperty("Accept-Encoding", acceptEncoding);
            if (availableDictionary != null) {
                connection.setRequestProperty("Available-Dictionary", availableDictionary);
            }
            if (connection.getResponseCode() != 200) {
                throw new IOException(uri + " answered " + connection.getResponseCode());
            }
            try (InputStream in = connection.getInputStream()) {
                String coding = connection.getHeaderField("Content-Encoding");
                String link = connection.getHeaderField("Link");
                return new Fetched(coding != null ? coding : "identity", link != null ? link : "", in.readAllBytes());
            }
        } finally {
            connection.disconnect();
        }
    }

    private static byte[] sha256(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
