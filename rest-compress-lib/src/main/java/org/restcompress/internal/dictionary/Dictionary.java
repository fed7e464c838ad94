package org.restcompress.internal.dictionary;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A compression dictionary (RFC 9842): content and its SHA-256, which names it on the wire. Immutable; the direct
 * copy brotli reads from is made once, on first use.
 */
public final class Dictionary {

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
     * {@code null} for one used once (the codec then loads the content itself).
     */
    @SuppressWarnings("unchecked")
    public <T> T prepared(Object key, Supplier<T> prepare) {
        return prepared == null ? null : (T) prepared.computeIfAbsent(key, k -> prepare.get());
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
