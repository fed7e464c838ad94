package org.restcompress.demo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** {@code GET /metrics}: the demo's meters in Prometheus's text format, for a Prometheus server to scrape. */
@WebServlet(name = "metrics", urlPatterns = "/metrics")
public class MetricsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] text = DemoMetrics.REGISTRY.scrape().getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/plain; version=0.0.4; charset=utf-8");
        response.setContentLength(text.length);
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(text);
    }
}
