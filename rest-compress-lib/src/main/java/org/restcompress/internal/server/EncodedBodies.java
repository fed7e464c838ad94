package org.restcompress.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.ZstdCodec;
import org.restcompress.internal.codec.ZstdSettings;
import org.restcompress.internal.lifecycle.Lifecycle;
import org.restcompress.internal.observe.Observation;
import org.restcompress.internal.Setting;

/**
 * Encode once ({@link org.restcompress.EncodeOnce}): response bodies that repeat and their encoded forms, one per
 * coding (and dictionary), so that a body many clients fetch alike is encoded once and then sent as kept.
 *
 * <ul>
 * <li><b>Proven, not assumed.</b> A body is found by a fingerprint of some of its bytes and its length, then compared
 * in full: a kept form is sent only for the very same bytes.</li>
 * <li><b>Kept when it repeats.</b> A body is kept the second time its fingerprint is seen (a direct-mapped table of
 * fingerprints remembers the first), so bodies that never repeat cost a look and no memory.</li>
 * <li><b>Bounded.</b> Bodies and forms together stay within {@code maxBytes}, the least recently used going first; a
 * body over an eighth of the bound is never kept.</li>
 * <li><b>Stronger once served again.</b> A form sent from here is encoded once more, off the request path, at its
 * coding's strongest level (zstd 19, Brotli 11, gzip and deflate 9), and the smaller form sent from then on. No
 * response waits for it.</li>
 * <li><b>Owned.</b> The one thread that strengthens starts with the first form served again, ends when idle, and
 * nothing is kept or started once the application stopped ({@link #close()}).</li>
 * </ul>
 */
final class EncodedBodies implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EncodedBodies.class.getName());
    /** Fingerprints of bodies seen once. */
    private static final int SIGHTINGS = 4096;
    /** The most words of a body its fingerprint reads, spread over it. */
    private static final int SAMPLED_WORDS = 1024;
    /** Forms waiting to be strengthened, at most; others wait for their next hit. */
    private static final int WAITING = 64;
    /** Each coding's strongest setting that every decoder takes. */
    private static final Map<String, Setting> STRONGEST = Map.of("zstd", Setting.ZSTD_LEVEL, "br", Setting.BR_QUALITY,
            "gzip", Setting.GZIP_LEVEL, "deflate", Setting.DEFLATE_LEVEL);
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    private final long maxBytes;
    private final int maxBody;
    private final Observation observation;
    /** By fingerprint, least recently used first. Guarded by this. */
    private final LinkedHashMap<Key, Body> bodies = new LinkedHashMap<>(64, 0.75f, true);
    /** Guarded by this. */
    private final long[] seen = new long[SIGHTINGS];
    /** Bodies' and forms' bytes. Guarded by this. */
    private long kept;
    /** Guarded by this. */
    private boolean closed;
    /** Started with the first form served again. Guarded by this. */
    private ThreadPoolExecutor strengthening;
    private final Map<String, Optional<ContentCodec>> strongest = new ConcurrentHashMap<>();

    EncodedBodies(long maxBytes, Observation observation) {
        this.maxBytes = maxBytes;
        this.maxBody = (int) Math.min(Integer.MAX_VALUE - 8, maxBytes / 8);
        this.observation = observation;
    }

    /** The longest body kept. */
    int maxBody() {
        return maxBody;
    }

    /** A body's place: the method, and what its bytes look like. */
    record Key(Object method, long fingerprint, int length) {
    }

    private static final class Body {
        final byte[] content;
        /** By form ({@link #form}). Guarded by the cache. */
        final Map<String, Form> forms = new HashMap<>(4);
        /** Let go (evicted, replaced, or the application stopped). Guarded by the cache. */
        boolean gone;

        Body(byte[] content) {
            this.content = content;
        }

        long size() {
            long size = content.length;
            for (Form f : forms.values()) {
                size += f.encoded.length;
            }
            return size;
        }
    }

    private static final class Form {
        volatile byte[] encoded;
        /** Whether it was strengthened, or is being. Guarded by the cache. */
        boolean strengthened;

        Form(byte[] encoded) {
            this.encoded = encoded;
        }
    }

    /**
     * What the cache has for a body: its kept form ({@code encoded}, sent as it is), or, where it has none, whether
     * the form encoded now is to be kept ({@code keep}, then given to {@link EncodedBodies#keep}); {@code same}: the
     * body kept with the same bytes, or null.
     */
    record Lookup(Key key, String form, byte[] encoded, boolean keep, Body same) {
    }

    /** A form's name: the coding, and the dictionary it is coded against. */
    static String form(String coding, String dictionaryHash) {
        return dictionaryHash == null ? coding : coding + ':' + dictionaryHash;
    }

    /**
     * Looks {@code body}'s first {@code length} bytes up, for {@code method}, in {@code form} (encoded by
     * {@code codec}). A form found is strengthened only where {@code strengthen}: a response with a strong
     * {@code ETag} keeps the bytes its tag was first sent with (a strong validator names one representation).
     */
    Lookup find(Object method, String form, byte[] body, int length, ContentCodec codec, boolean strengthen) {
        Key key = new Key(method, fingerprint(body, length), length);
        Body found;
        Form encoded;
        boolean seenBefore;
        synchronized (this) {
            if (closed) {
                return new Lookup(key, form, null, false, null);
            }
            found = bodies.get(key);
            encoded = found == null ? null : found.forms.get(form);
            int slot = (int) (mix(key.fingerprint() ^ System.identityHashCode(method)) & (SIGHTINGS - 1));
            seenBefore = seen[slot] == key.fingerprint();
            seen[slot] = key.fingerprint();
        }
        // compared outside the lock: a kept body never changes
        boolean same = found != null && Arrays.equals(found.content, 0, length, body, 0, length);
        if (same && encoded != null) {
            if (strengthen) {
                strengthen(key, found, form, encoded, codec);
            }
            return new Lookup(key, form, encoded.encoded, false, found);
        }
        // a fingerprint seen before, or a body kept in another form: worth keeping; a different body behind the same
        // fingerprint is not, or every body of one shape would be kept on its first sighting
        boolean keep = length <= maxBody && (same || found == null && seenBefore);
        return new Lookup(key, form, null, keep, same ? found : null);
    }

    /** Keeps {@code encoded}, the form a {@link Lookup#keep} lookup's body was encoded to now. */
    void keep(Lookup lookup, byte[] body, byte[] encoded) {
        int length = lookup.key().length();
        if (!lookup.keep() || (long) length + encoded.length > maxBytes) {
            return;
        }
        byte[] content = lookup.same() != null ? null : Arrays.copyOf(body, length); // the caller's array may change
        long bytes;
        int count;
        synchronized (this) {
            if (closed) {
                return;
            }
            Body into = bodies.get(lookup.key());
            if (into == null || into != lookup.same()) {
                if (content == null) {
                    return; // the body it was the same as went meanwhile
                }
                Body replaced = bodies.put(lookup.key(), into = new Body(content));
                if (replaced != null) {
                    replaced.gone = true;
                }
                kept += length - (replaced == null ? 0 : replaced.size());
            }
            if (into.forms.putIfAbsent(lookup.form(), new Form(encoded)) == null) {
                kept += encoded.length;
            }
            Iterator<Body> eldest = bodies.values().iterator();
            while (kept > maxBytes && eldest.hasNext()) {
                Body evicted = eldest.next();
                evicted.gone = true;
                kept -= evicted.size();
                eldest.remove();
            }
            bytes = kept;
            count = bodies.size();
        }
        observation.encodeOnceKept(bytes, count);
    }

    /** Asks for {@code form} at its coding's strongest, where there is one, once. */
    private void strengthen(Key key, Body body, String formName, Form form, ContentCodec codec) {
        ContentCodec strong = formName.indexOf(':') >= 0 ? null : strongest(codec, key.length()); // not dictionaries
        if (strong == null) {
            return;
        }
        synchronized (this) {
            if (form.strengthened || closed || body.gone) {
                return;
            }
            if (strengthening == null) {
                strengthening = Lifecycle.backgroundThread("rest-compress-encode-once", 5, WAITING);
            }
            if (strengthening.getQueue().remainingCapacity() == 0) {
                return; // asked again at its next hit
            }
            form.strengthened = true;
            strengthening.execute(() -> strengthened(body, form, strong));
        }
    }

    /** {@code codec} at its strongest for a body of {@code length} bytes, or null where it has no stronger level. */
    private ContentCodec strongest(ContentCodec codec, int length) {
        Setting setting = STRONGEST.get(codec.token());
        if (setting == null) {
            return null;
        }
        // zstd's window no larger than the body (a decoder holds no more than it needs), nor than the one configured
        int windowLog = (int) Math.max(Setting.ZSTD_WINDOW_LOG.min(), Math.min(Setting.ZSTD_WINDOW_LOG.max(),
                32 - Integer.numberOfLeadingZeros(Math.max(1, length - 1))));
        if (codec instanceof ZstdCodec && ((ZstdSettings) ((ZstdCodec) codec).preparationKey()).windowLog() > 0) {
            windowLog = Math.min(windowLog, ((ZstdSettings) ((ZstdCodec) codec).preparationKey()).windowLog());
        }
        int window = windowLog;
        String name = codec.token().equals("zstd") ? "zstd/" + window : codec.token();
        return strongest.computeIfAbsent(name, n -> {
            try {
                return Optional.of(codec.configure(CodecOptions.of(codec.token(), option -> option.equals(
                        setting.option()) ? Optional.of(Long.toString(setting.max()))
                        : codec.token().equals("zstd") && option.equals(Setting.ZSTD_WINDOW_LOG.option())
                        ? Optional.of(Integer.toString(window)) : Optional.empty())));
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: " + codec.token() + " at its strongest is not "
                        + "available; its kept forms stay as first encoded", e);
                return Optional.empty();
            }
        }).orElse(null);
    }

    private void strengthened(Body body, Form form, ContentCodec strong) {
        synchronized (this) {
            if (body.gone) {
                return; // let go while it waited: no strong encoding for nothing
            }
        }
        byte[] stronger;
        try {
            stronger = encode(strong, body.content);
        } catch (IOException | RuntimeException e) {
            if (isClosed()) {
                return; // stopped meanwhile: nothing failed that anyone needs
            }
            LOG.log(System.Logger.Level.WARNING, "rest-compress: encoding a kept body at " + strong.token()
                    + "'s strongest failed; its first form stays", e);
            return;
        }
        if (stronger == null) {
            return; // stopped meanwhile
        }
        long bytes;
        int count;
        synchronized (this) {
            byte[] first = form.encoded;
            if (closed || body.gone || stronger.length >= first.length) { // not get(): that is a use
                return;
            }
            form.encoded = stronger;
            kept -= first.length - stronger.length;
            bytes = kept;
            count = bodies.size();
        }
        observation.encodeOnceKept(bytes, count);
    }

    /** {@code content} encoded, or null when the application stopped meanwhile. */
    private byte[] encode(ContentCodec codec, byte[] content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length / 4);
        try (OutputStream encoder = codec.encode(out)) {
            for (int at = 0; at < content.length; at += 64 * 1024) {
                if (isClosed()) {
                    return null;
                }
                encoder.write(content, at, Math.min(64 * 1024, content.length - at));
            }
        }
        return out.toByteArray();
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** Bytes kept now, bodies and forms. */
    synchronized long kept() {
        return kept;
    }

    /** Bodies kept now. */
    synchronized int bodies() {
        return bodies.size();
    }

    /** Lets everything go and ends the strengthening thread, waiting for a form being encoded to give up. */
    @Override
    public void close() throws InterruptedException {
        ThreadPoolExecutor running;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            bodies.values().forEach(body -> body.gone = true);
            bodies.clear();
            Arrays.fill(seen, 0);
            kept = 0;
            running = strengthening;
        }
        observation.encodeOnceKept(0, 0);
        if (running != null) {
            // not interrupted: an interrupt inside a class load closes the jar it reads; the encoding checks the flag
            running.getQueue().clear();
            running.shutdown();
            running.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /**
     * A fingerprint of a body: its length and up to {@value #SAMPLED_WORDS} 8-byte words spread over it, its first
     * and last included. Cheap on long bodies; it only finds a candidate, which is then compared in full.
     */
    static long fingerprint(byte[] body, int length) {
        long h = mix(length);
        int words = length >>> 3;
        int step = Math.max(1, words / SAMPLED_WORDS);
        for (int i = 0; i < words; i += step) {
            h = (h ^ (long) WORDS.get(body, i << 3)) * 0x9E3779B97F4A7C15L;
        }
        if (words > 0) {
            h = (h ^ (long) WORDS.get(body, (words - 1) << 3)) * 0x9E3779B97F4A7C15L;
        }
        for (int i = words << 3; i < length; i++) {
            h = (h ^ body[i]) * 0x100000001B3L;
        }
        return mix(h);
    }

    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return h;
    }

    @Override
    public String toString() {
        return "rest-compress encode-once bodies";
    }
}
