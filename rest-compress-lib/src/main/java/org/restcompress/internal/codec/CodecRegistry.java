package org.restcompress.internal.codec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Function;
import org.restcompress.internal.negotiation.HeaderLists;
import org.restcompress.codec.CodecOptions;
import org.restcompress.codec.ContentCodec;

/**
 * The content codings this process can encode and decode, by token and alias, case-insensitively. Built in:
 * {@code identity}, {@code gzip} ({@code x-gzip}), {@code deflate} and {@code lzf}; more come from
 * {@link ServiceLoader} ({@code META-INF/services/org.restcompress.codec.ContentCodec}), where a codec whose library or
 * native part is missing is skipped with a log line, and a codec with a built-in's token replaces the built-in.
 */
public final class CodecRegistry {

    private static final System.Logger LOG = System.getLogger(CodecRegistry.class.getName());
    private static final int MAX_FAILURES_IN_A_ROW = 16;

    private final Map<String, ContentCodec> byToken;
    private final Map<String, ContentCodec> byName;

    CodecRegistry(Collection<ContentCodec> codecs) {
        Map<String, ContentCodec> tokens = new LinkedHashMap<>();
        for (ContentCodec codec : codecs) {
            tokens.put(normalize(codec.token()), codec);
        }
        Map<String, ContentCodec> names = new LinkedHashMap<>(tokens);
        for (ContentCodec codec : tokens.values()) {
            for (String alias : codec.aliases()) {
                names.putIfAbsent(normalize(alias), codec);
            }
        }
        this.byToken = Collections.unmodifiableMap(tokens);
        this.byName = Collections.unmodifiableMap(names);
    }

    /** The built-ins and every codec {@link ServiceLoader} finds, each configured by {@code settingsOf(token)}. */
    public static CodecRegistry load(ClassLoader loader, Function<String, CodecOptions> settingsOf) {
        List<ContentCodec> all = new ArrayList<>(List.of(
                new IdentityCodec(), new GzipCodec(), new DeflateCodec(), new LzfCodec()));
        Iterator<ContentCodec> found = ServiceLoader.load(ContentCodec.class, loader).iterator();
        // A provider that fails is skipped; an iterator that fails without moving on (an unreadable service file)
        // would fail forever, so a run of failures ends the search.
        for (int failuresInARow = 0; failuresInARow < MAX_FAILURES_IN_A_ROW; ) {
            try {
                if (!found.hasNext()) {
                    break;
                }
                all.add(found.next());
                failuresInARow = 0;
            } catch (ServiceConfigurationError | LinkageError e) {
                skipped(e);
                failuresInARow++;
            }
        }
        List<ContentCodec> configured = new ArrayList<>();
        for (ContentCodec codec : all) {
            try {
                configured.add(codec.configure(settingsOf.apply(normalize(codec.token()))));
            } catch (LinkageError e) {
                skipped(e);
            }
        }
        CodecRegistry registry = new CodecRegistry(configured);
        LOG.log(System.Logger.Level.INFO, "rest-compress: content codings active: " + registry.tokens()
                + missing(registry));
        return registry;
    }

    /**
     * The optional codings the library ships and the artifact each needs, at the versions it is built and tested with
     * (CodecRegistryTest holds them to the build's); brotli also needs its native jar for the platform.
     */
    static final Map<String, String> OPTIONAL = Map.of(
            "zstd", "com.github.luben:zstd-jni:1.5.7-28",
            "br", "com.aayushatharva.brotli4j:brotli4j:1.24.0 with com.aayushatharva.brotli4j:native-"
                    + nativePlatform() + ":1.24.0",
            "lz4", "at.yawk.lz4:lz4-java:1.14.0");

    /** "; not active: zstd (its artifact), ..." for each optional coding this registry lacks, else "". */
    static String missing(CodecRegistry registry) {
        StringBuilder missing = new StringBuilder();
        for (String coding : List.of("zstd", "br", "lz4")) {
            if (registry.find(coding).isEmpty()) {
                missing.append(missing.length() == 0 ? "; not active (add the artifact to have it): " : ", ")
                        .append(coding).append(" (").append(OPTIONAL.get(coding)).append(')');
            }
        }
        return missing.toString();
    }

    /** brotli4j's name for this platform's native jar: linux-x86_64, osx-aarch64, windows-x86_64, ... */
    static String nativePlatform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String system = os.startsWith("mac") || os.startsWith("darwin") ? "osx" : os.startsWith("windows") ? "windows"
                : "linux";
        String cpu = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64"
                : arch.equals("arm64") || arch.equals("aarch64") ? "aarch64" : arch;
        return system + "-" + cpu;
    }

    /**
     * An optional coding whose library is not on the classpath is absent by design: said at debug level. One whose
     * library is there but fails (a native part that does not load on this platform) is worth a warning.
     */
    private static void skipped(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        boolean notOnClasspath = root instanceof NoClassDefFoundError || root instanceof ClassNotFoundException;
        LOG.log(notOnClasspath ? System.Logger.Level.DEBUG : System.Logger.Level.WARNING,
                "rest-compress: a content coding is not available: " + root);
    }

    /** The codec for a token or alias, ignoring case. */
    public Optional<ContentCodec> find(String name) {
        return Optional.ofNullable(byName.get(normalize(name)));
    }

    /** The canonical token for a token or alias (e.g. {@code x-gzip} gives {@code gzip}); unknown names unchanged. */
    public String canonical(String name) {
        String normalized = normalize(name);
        ContentCodec codec = byName.get(normalized);
        return codec == null ? normalized : normalize(codec.token());
    }

    /**
     * The codecs that decode a body with this {@code Content-Encoding} (all its field lines), in the order the sender
     * applied them; {@code identity} members are dropped.
     *
     * @throws UnsupportedCodingException for a coding this registry lacks, a malformed member, or more than
     *                                    {@code maxCodings} codings
     */
    public List<ContentCodec> decoders(List<String> contentEncoding, int maxCodings)
            throws UnsupportedCodingException {
        return decoders(contentEncoding, maxCodings, token -> null);
    }

    /** As {@link #decoders(List, int)}, with {@code more} decoders (by lower-case token) besides the registry's. */
    public List<ContentCodec> decoders(List<String> contentEncoding, int maxCodings,
            Function<String, ContentCodec> more) throws UnsupportedCodingException {
        if (contentEncoding == null || contentEncoding.isEmpty()) {
            return List.of(); // most requests: no body, or a plain one
        }
        List<ContentCodec> codecs = new ArrayList<>();
        for (String member : HeaderLists.members(contentEncoding)) {
            ContentCodec codec = HeaderLists.isToken(member) ? byName.get(normalize(member)) : null;
            if (codec == null && HeaderLists.isToken(member)) {
                codec = more.apply(normalize(member));
            }
            if (codec == null) {
                throw new UnsupportedCodingException("unsupported content coding '" + printable(member) + "'");
            }
            if (!normalize(codec.token()).equals(IdentityCodec.TOKEN)) {
                codecs.add(codec);
            }
        }
        if (codecs.size() > maxCodings) {
            throw new UnsupportedCodingException("at most " + maxCodings + " content codings may be stacked");
        }
        return codecs;
    }

    /** The start of a header member, safe to echo in a message. */
    private static String printable(String member) {
        String cut = member.length() > 40 ? member.substring(0, 40) + "..." : member;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }

    /** Every active coding's token, {@code identity} included, in registration order. */
    public List<String> tokens() {
        return List.copyOf(byToken.keySet());
    }

    /** Every active coding that transforms the body (all but {@code identity}). */
    public List<String> encodingTokens() {
        List<String> tokens = new ArrayList<>(byToken.keySet());
        tokens.remove(IdentityCodec.TOKEN);
        return tokens;
    }

    static String normalize(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
