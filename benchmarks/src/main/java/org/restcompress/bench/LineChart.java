package org.restcompress.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** One series over time as a PNG line chart: the y axis from zero, so that a flat line looks flat. */
public final class LineChart {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;
    private static final int LEFT = 70;
    private static final int BOTTOM = 50;
    private static final int TOP = 50;
    private static final Color LINE = new Color(0x3b6fd8);

    private LineChart() {
    }

    public static void write(Path png, String title, String xUnit, String yUnit, double[] x, double[] y)
            throws IOException {
        BufferedImage image = Charts.canvas(WIDTH, HEIGHT);
        Graphics2D g = Charts.titled(image, title);
        try {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            double maxX = 0;
            double maxY = 0;
            for (int i = 0; i < x.length; i++) {
                maxX = Math.max(maxX, x[i]);
                maxY = Math.max(maxY, y[i]);
            }
            maxX = maxX > 0 ? maxX : 1;
            maxY = niceCeiling(maxY);
            int plotW = WIDTH - LEFT - 30;
            int plotH = HEIGHT - TOP - BOTTOM;
            g.drawLine(LEFT, TOP, LEFT, TOP + plotH);
            g.drawLine(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH);
            for (int t = 0; t <= 4; t++) {
                int py = TOP + plotH - plotH * t / 4;
                g.setColor(new Color(0xdddddd));
                g.drawLine(LEFT + 1, py, LEFT + plotW, py);
                g.setColor(Color.DARK_GRAY);
                g.drawString(String.format(Locale.ROOT, "%.0f %s", maxY * t / 4, yUnit), 8, py + 4);
                int px = LEFT + plotW * t / 4;
                g.drawString(String.format(Locale.ROOT, "%.0f %s", maxX * t / 4, xUnit), px - 15, TOP + plotH + 20);
            }
            g.setColor(LINE);
            g.setStroke(new BasicStroke(2));
            for (int i = 1; i < x.length; i++) {
                g.drawLine(LEFT + (int) (plotW * x[i - 1] / maxX), TOP + plotH - (int) (plotH * y[i - 1] / maxY),
                        LEFT + (int) (plotW * x[i] / maxX), TOP + plotH - (int) (plotH * y[i] / maxY));
            }
        } finally {
            g.dispose();
        }
        Charts.save(png, image);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code value}. */
    private static double niceCeiling(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }
}
