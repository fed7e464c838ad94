package org.restcompress.internal.dictionary;

import java.util.Base64;

/** Placeholder until the full parser lands. */
public final class StructuredFields {
    private StructuredFields() {
    }

    public static String string(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public static byte[] sha256(String value) {
        String v = value.trim();
        if (v.length() < 2 || v.charAt(0) != ':' || v.charAt(v.length() - 1) != ':') {
            throw new IllegalArgumentException("malformed byte sequence");
        }
        byte[] b = Base64.getDecoder().decode(v.substring(1, v.length() - 1));
        if (b.length != 32) {
            throw new IllegalArgumentException("not 32 bytes");
        }
        return b;
    }
}
