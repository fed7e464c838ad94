package org.restcompress.demo;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.restcompress.micrometer.CompressionMetrics;
import org.restcompress.observe.CompressionListener;
import org.restcompress.observe.Decision;
import org.restcompress.observe.RequestBody;

/**
 * The demo's meters: rest-compress's {@link CompressionMetrics} in a Prometheus registry of the application's own,
 * scraped at {@code /metrics} ({@link MetricsServlet}) and summed up for the landing page ({@link TotalsResource}).
 * Found by the library as a service ({@code META-INF/services/org.restcompress.observe.CompressionListener}), so the
 * demo's configuration stays in properties.
 */
public final class DemoMetrics implements CompressionListener {

    /** One per application (per class loader): an undeployed WAR takes its meters with it. */
    static final PrometheusMeterRegistry REGISTRY = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private static final CompressionMetrics METRICS = new CompressionMetrics(REGISTRY);

    @Override
    public void responded(Decision decision) {
        METRICS.responded(decision);
    }

    @Override
    public void requestBody(RequestBody body) {
        METRICS.requestBody(body);
    }
}
