package org.restcompress.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** A horizontal bar chart as a PNG, drawn with java.awt (headless): no plotting library to install. */
public final class BarChart {

    private static final int WIDTH = 900;
    private static final int LABEL = 230;
    private static final int BAR = 22;
    private static final int GAP = 8;
    private static final Color BARS = new Color(0x3b6fd8);

    private BarChart() {
    }

    public static void write(Path png, String title, String unit, Map<String, Double> values) throws IOException {
        int height = 60 + values.size() * (BAR + GAP) + 20;
        BufferedImage image = Charts.canvas(WIDTH, height);
        Graphics2D g = Charts.titled(image, title);
        try {
            double max = values.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
            int plot = WIDTH - LABEL - 110;
            int y = 50;
            for (Map.Entry<String, Double> e : values.entrySet()) {
                int w = (int) Math.max(1, Math.round(plot * e.getValue() / max));
                g.setColor(Color.DARK_GRAY);
                g.drawString(e.getKey(), 12, y + BAR - 6);
                g.setColor(BARS);
                g.fillRect(LABEL, y, w, BAR);
                g.setColor(Color.DARK_GRAY);
                g.drawString(String.format(Locale.ROOT, "%,.0f %s", e.getValue(), unit), LABEL + w + 6, y + BAR - 6);
                y += BAR + GAP;
            }
            g.setStroke(new BasicStroke(1));
            g.drawLine(LABEL, 45, LABEL, y);
        } finally {
            g.dispose();
        }
        Charts.save(png, image);
    }
}
