package org.restcompress.internal.dictionary;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A compression dictionary (RFC 9842): content and its SHA-256, which names it on the wire. Immutable; the direct
 * copy brotli reads from is made once, on first use.
 */
public final class Dictionary {

    private static final System.Logger LOG = System.getLogger(Dictionary.class.getName());
    private static final HexFormat HEX = HexFormat.of();
    /** What a dictionary's name may be (configured or annotated): it ends up in keys and in URL paths. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** The rule of {@link #isName}, in words for error messages. */
    public static final String NAME_RULE = "1 to 64 letters, digits, '.', '_' or '-'";

    private final byte[] content;
    private final byte[] sha256;
    private final String hash;
    private volatile ByteBuffer direct;
    /** Codec state prepared once (native, by codec and setting), for a dictionary used by many responses. */
    private final Map<Object, Object> prepared;
    /** Streams using {@link #prepared}, and one for the owner until it retires the dictionary; 0: freed. */
    private final AtomicInteger uses = new AtomicInteger(1);
    private final AtomicBoolean retired = new AtomicBoolean();

    private Dictionary(byte[] content, byte[] sha256, boolean reused) {
        this.content = content;
        this.sha256 = sha256;
        this.hash = HEX.formatHex(sha256);
        this.prepared = reused ? new ConcurrentHashMap<>() : null;
    }

    /** Whether {@code name} may name a shared or trained dictionary ({@link #NAME_RULE}). */
    public static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** A dictionary of {@code content} (not copied: the caller hands it over), used once or a few times. */
    public static Dictionary of(byte[] content) {
        return new Dictionary(content, sha256(content), false);
    }

    /**
     * A dictionary many responses are encoded against (a shared one): codecs prepare their native form of it once
     * and keep it as long as the dictionary lives, instead of digesting it for every response.
     */
    public static Dictionary reused(byte[] content) {
        return new Dictionary(content, sha256(content), true);
    }

    /**
     * The codec state made by {@code prepare} for {@code key}, made once and kept, for a {@link #reused} dictionary;
     * {@code null} for one used once (the codec then loads the content itself). Only while holding a use
     * ({@link #acquire}): the state is native, and freed once the dictionary is retired and its last use ended.
     */
    @SuppressWarnings("unchecked")
    public <T> T prepared(Object key, Supplier<T> prepare) {
        return prepared == null ? null : (T) prepared.computeIfAbsent(key, k -> prepare.get());
    }

    /**
     * Takes a use of the prepared states, for one stream; {@link #release} ends it. False where there are none to
     * use: a dictionary used once, or one retired whose last use ended (its states freed: encode from the content).
     */
    public boolean acquire() {
        if (prepared == null) {
            return false;
        }
        for (int n = uses.get(); n > 0; n = uses.get()) {
            if (uses.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Ends a use {@link #acquire} took. */
    public void release() {
        if (uses.decrementAndGet() == 0) {
            prepared.values().forEach(Dictionary::free);
            prepared.clear();
        }
    }

    /**
     * Its owner is done with it (a trained version dropped, the application stopped): the prepared states are freed
     * when the last stream using them ends (brotli's have no cleaner: nothing else would free them).
     */
    public void retire() {
        if (prepared != null && retired.compareAndSet(false, true)) {
            release();
        }
    }

    private static void free(Object state) {
        if (state instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.DEBUG, "rest-compress: a prepared dictionary would not close: " + e);
            }
        }
    }

    /**
     * The dictionary a store returned for {@code hash}, or {@code null} when the content does not hash to it (a
     * store shared with others is not trusted blindly: a wrong dictionary would decode to wrong bytes).
     */
    public static Dictionary verified(String hash, byte[] content) {
        if (content == null) {
            return null;
        }
        Dictionary dictionary = of(content);
        return dictionary.hash.equals(hash) ? dictionary : null;
    }

    public static byte[] sha256(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The lowercase hexadecimal form of a SHA-256. */
    public static String hex(byte[] sha256) {
        return HEX.formatHex(sha256);
    }

    /** The content; not to be modified. */
    public byte[] content() {
        return content;
    }

    public int size() {
        return content.length;
    }

    /** The SHA-256 as lowercase hexadecimal: the store's key and the shared dictionaries' ETag. */
    public String hash() {
        return hash;
    }

    /** The SHA-256's 32 bytes (a copy). */
    public byte[] sha256() {
        return sha256.clone();
    }

    /** The content in a direct buffer, for native decoders that read it in place (brotli); made once. */
    public ByteBuffer direct() {
        ByteBuffer made = direct;
        if (made == null) {
            made = ByteBuffer.allocateDirect(content.length).put(content).flip();
            direct = made;
        }
        return made.duplicate();
    }

    @Override
    public String toString() {
        return "dictionary " + hash.substring(0, 12) + "... (" + content.length + " bytes)";
    }
}
