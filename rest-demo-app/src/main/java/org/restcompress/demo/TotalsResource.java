package org.restcompress.demo;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.search.Search;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.TreeMap;
import org.restcompress.micrometer.CompressionMetrics;

/**
 * {@code GET /rest/totals}: what the server has sent since it started, per coding, from its own meters: responses,
 * for encoded ones the bytes before and after coding, and how many were sent as kept by encoding once. The landing
 * page shows it.
 */
@Path("totals")
public class TotalsResource {

    /**
     * One coding's running totals; {@code before} and {@code after} count encoded bodies only, {@code kept} those sent
     * as kept by encoding once.
     */
    public record Total(long responses, long kept, long before, long after) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Total> totals() {
        Map<String, Total> totals = new TreeMap<>();
        for (Counter counter : Search.in(DemoMetrics.REGISTRY).name(CompressionMetrics.RESPONSES).counters()) {
            String coding = counter.getId().getTag("coding");
            Total was = totals.getOrDefault(coding, new Total(0, 0, 0, 0));
            totals.put(coding, new Total(was.responses() + (long) counter.count(), 0, 0, 0));
        }
        totals.replaceAll((coding, total) -> new Total(total.responses(), (long) Search.in(DemoMetrics.REGISTRY)
                .name(CompressionMetrics.ENCODE_ONCE).tag("coding", coding).tag("result", "hit").counters().stream()
                .mapToDouble(Counter::count).sum(),
                sum(CompressionMetrics.BYTES_BEFORE, coding), sum(CompressionMetrics.BYTES_AFTER, coding)));
        return totals;
    }

    private static long sum(String name, String coding) {
        return (long) Search.in(DemoMetrics.REGISTRY).name(name).tag("coding", coding).counters().stream()
                .mapToDouble(Counter::count).sum();
    }
}
