package org.restcompress.internal;

import jakarta.ws.rs.RuntimeType;
import java.util.ArrayList;
import java.util.List;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.codec.IdentityCodec;
import org.restcompress.internal.dictionary.DictionaryFormat;

/**
 * The settings that name codings, checked against the registry once, at deployment: a name nothing knows is a
 * mistake and fails, naming its key; one of the library's own codings whose library or native part is missing here
 * is said once, as a warning, and skipped (the same settings serve other platforms).
 */
public final class SettingsCheck {

    private static final System.Logger LOG = System.getLogger(SettingsCheck.class.getName());

    private SettingsCheck() {
    }

    /** @throws IllegalArgumentException naming the key of a coding nothing knows */
    public static void against(CodecRegistry registry, CompressionConfig config, RuntimeType side) {
        List<String> missing = new ArrayList<>();
        for (String token : config.preference()) {
            if (!known(registry, token)) {
                if (!builtIn(token)) {
                    throw new IllegalArgumentException(ConfigKeys.PREFERENCE + " names '" + token + "', which is no "
                            + "content coding of this library or its class path (active: " + registry.tokens() + ")");
                }
                missing.add(token);
            }
        }
        if (!missing.isEmpty() && config.preference() != ConfigKeys.DEFAULT_PREFERENCE) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + ConfigKeys.PREFERENCE + " lists " + missing
                    + ", not available here (its library or native part is missing); skipped");
        }
        String coding = config.requestCoding();
        if (side == RuntimeType.CLIENT && !known(registry, coding)) {
            if (!builtIn(coding)) {
                throw new IllegalArgumentException(ConfigKeys.REQUEST_CODING + "=" + coding + " names no coding "
                        + "this client can encode (active: " + registry.tokens() + ", and dcz or dcb over zstd or br)");
            }
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + ConfigKeys.REQUEST_CODING + "=" + coding
                    + " is not available here (its library or native part is missing): request bodies go as they are");
        }
    }

    /** Whether {@code token} is one of the library's own codings, active here or not. */
    public static boolean builtIn(String token) {
        return ConfigKeys.DEFAULT_PREFERENCE.contains(token) || DictionaryFormat.of(token) != null;
    }

    /** Whether {@code token} is a coding here: a codec, an alias, identity, or a dictionary format over one. */
    public static boolean known(CodecRegistry registry, String token) {
        if (token.equals(IdentityCodec.TOKEN) || registry.find(token).isPresent()) {
            return true;
        }
        DictionaryFormat format = DictionaryFormat.of(token);
        return format != null && registry.find(format.base()).isPresent();
    }
}
