package org.restcompress.bench;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** What every chart of the reports shares: a white canvas with its title, and the PNG file. */
final class Charts {

    private Charts() {
    }

    /** A headless RGB image of {@code width} by {@code height}. */
    static BufferedImage canvas(int width, int height) {
        System.setProperty("java.awt.headless", "true");
        return new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    }

    /** Graphics on {@code image}: antialiased, cleared to white, the title at the top, a plain 13 px font set. */
    static Graphics2D titled(BufferedImage image, String title) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.DARK_GRAY);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, 12, 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        return g;
    }

    static void save(Path png, BufferedImage image) throws IOException {
        if (png.toAbsolutePath().getParent() != null) {
            Files.createDirectories(png.toAbsolutePath().getParent());
        }
        ImageIO.write(image, "png", png.toFile());
    }
}
