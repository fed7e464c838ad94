package org.restcompress.internal.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.restcompress.CompressionConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.MediaTypes;
import org.restcompress.internal.SettingsCheck;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.codec.ContentCodec;
import org.restcompress.internal.codec.IdentityCodec;
import org.restcompress.internal.negotiation.EncodingChooser;

/**
 * What one client can decode and send, in its order of preference, resolved once when the client is built.
 *
 * @param acceptEncoding {@code decodable} as this client's {@code Accept-Encoding}
 * @param mediaTypes     the request bodies worth compressing
 */
record ClientCodecs(CompressionConfig config, CodecRegistry registry, List<String> decodable, String acceptEncoding,
        MediaTypes mediaTypes) {

    static ClientCodecs of(CompressionConfig config, CodecRegistry registry) {
        List<String> decodable = new EncodingChooser(config.preference()).byPreference(registry.encodingTokens());
        return new ClientCodecs(config, registry, decodable, acceptEncoding(decodable),
                new MediaTypes(config.excludedMediaTypes()));
    }

    /**
     * {@code lzf, gzip;q=0.9, deflate;q=0.8}: every coding the registry can decode, none other, most preferred first
     * with descending qualities (at least 0.1) so that servers that weigh qualities agree with the order.
     */
    static String acceptEncoding(List<String> codings) {
        List<String> members = new ArrayList<>();
        for (int i = 0; i < codings.size(); i++) {
            int tenths = Math.max(1, 10 - i);
            members.add(tenths == 10 ? codings.get(i)
                    : String.format(Locale.ROOT, "%s;q=0.%d", codings.get(i), tenths));
        }
        return String.join(", ", members);
    }

    /** The codec for a name, if this client has it (identity included). */
    Optional<ContentCodec> codec(String name) {
        return registry.find(name);
    }

    /**
     * The canonical token for a request-coding setting (identity for none).
     *
     * @throws IllegalArgumentException naming the key when the setting names nothing this client can encode: a
     *                                  typo must not mean "no compression" without a word
     */
    String requestCoding(Object setting) {
        if (setting == null) {
            return IdentityCodec.TOKEN;
        }
        Optional<ContentCodec> codec = codec(setting.toString());
        if (codec.isPresent()) {
            return codec.get().token();
        }
        if (SettingsCheck.builtIn(setting.toString().trim().toLowerCase(Locale.ROOT))) {
            return IdentityCodec.TOKEN; // the library's, missing on this platform: said once at configuration
        }
        throw new IllegalArgumentException(ConfigKeys.REQUEST_CODING + "=" + setting + " names no coding this "
                + "client can encode (active: " + registry.tokens() + ")");
    }
}
