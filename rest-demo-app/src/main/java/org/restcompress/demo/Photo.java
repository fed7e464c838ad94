package org.restcompress.demo;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;
import javax.imageio.ImageIO;

/**
 * A record with a binary field, shaped like the case that asks whether a binary format pays: a picture (a PNG of
 * about 180 KB, generated here, the same on every run) and a few fields. JSON and XML carry the picture as base64,
 * CBOR, Smile and MessagePack as bytes.
 *
 * @param name   the picture's name
 * @param type   its media type
 * @param width  pixels
 * @param height pixels
 * @param image  the PNG's bytes
 */
public record Photo(String name, String type, int width, int height, byte[] image) {

    /** 300 x 220 pixels: gradients with noise, which PNG compresses only so far (186 KB). */
    public static final Photo SAMPLE = generate(300, 220);

    private static Photo generate(int width, int height) {
        System.setProperty("java.awt.headless", "true");
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(2014);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int red = channel(x * 255 / width, random);
                int green = channel(y * 255 / height, random);
                int blue = channel((x + y) * 255 / (width + height), random);
                picture.setRGB(x, y, red << 16 | green << 8 | blue);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(picture, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Photo("gradient.png", "image/png", width, height, png.toByteArray());
    }

    private static int channel(int base, Random random) {
        return Math.max(0, Math.min(255, base + random.nextInt(24) - 12));
    }
}
