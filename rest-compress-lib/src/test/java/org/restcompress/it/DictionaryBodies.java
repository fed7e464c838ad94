package org.restcompress.it;

import com.github.luben.zstd.ZstdDictTrainer;
import java.nio.charset.StandardCharsets;

/** Bodies for dictionary tests: a feed that changes by a few items per step, small JSON items, a trained dictionary. */
public final class DictionaryBodies {

    private DictionaryBodies() {
    }

    /** A feed of items; {@code step} drops the first {@code step} items and adds as many new ones at the end. */
    public static byte[] feed(int step) {
        StringBuilder s = new StringBuilder("{\"items\":[");
        for (int i = step; i < step + 50; i++) {
            java.util.Random random = new java.util.Random(i); // the same item at every step
            s.append(i == step ? "" : ",").append("{\"id\":").append(i).append(",\"title\":\"")
                    .append(Long.toString(random.nextLong(), 36)).append(' ').append(Long.toString(random.nextLong(), 36))
                    .append("\",\"author\":\"user").append(random.nextInt(10_000)).append("\",\"score\":")
                    .append(random.nextGaussian()).append(",\"sha\":\"").append(Long.toHexString(random.nextLong()))
                    .append("\"}");
        }
        return s.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] item(int id) {
        return ("{\"id\":" + id + ",\"type\":\"PushEvent\",\"actor\":{\"login\":\"user" + id % 97
                + "\",\"url\":\"https://api.example.com/users/user" + id % 97 + "\"},\"repo\":{\"name\":\"org/repo"
                + id % 13 + "\"},\"payload\":{\"size\":" + id % 4 + ",\"ref\":\"refs/heads/main\"},\"public\":true,"
                + "\"created_at\":\"2026-11-" + (10 + id % 20) + "T12:00:00Z\"}").getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] trained() {
        ZstdDictTrainer trainer = new ZstdDictTrainer(1 << 20, 4096);
        for (int id = 10_000; id < 12_000; id++) {
            trainer.addSample(item(id));
        }
        return trainer.trainSamples();
    }

}
