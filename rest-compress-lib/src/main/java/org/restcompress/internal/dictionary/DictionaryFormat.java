package org.restcompress.internal.dictionary;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The two dictionary-compressed codings of RFC 9842 section 4 and the header each begins with: a fixed magic, then
 * the dictionary's SHA-256. {@code dcz}: the magic of a zstd skippable frame of 32 bytes, so the whole header is a
 * frame zstd itself skips; {@code dcb}: {@code 0xff 'D' 'C' 'B'}.
 */
public enum DictionaryFormat {
    DCZ("dcz", "zstd", new byte[] {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00}),
    DCB("dcb", "br", new byte[] {(byte) 0xff, 0x44, 0x43, 0x42});

    private static final int SHA256_LENGTH = 32;

    private final String token;
    private final String base;
    private final byte[] magic;

    DictionaryFormat(String token, String base, byte[] magic) {
        this.token = token;
        this.base = base;
        this.magic = magic;
    }

    /** The content-coding token. */
    public String token() {
        return token;
    }

    /** The coding whose stream follows the header ({@code zstd} or {@code br}). */
    public String base() {
        return base;
    }

    public int headerLength() {
        return magic.length + SHA256_LENGTH;
    }

    public static DictionaryFormat of(String token) {
        for (DictionaryFormat format : values()) {
            if (format.token.equalsIgnoreCase(token)) {
                return format;
            }
        }
        return null;
    }

    void writeHeader(OutputStream sink, Dictionary dictionary) throws IOException {
        byte[] header = Arrays.copyOf(magic, headerLength());
        System.arraycopy(dictionary.sha256(), 0, header, magic.length, SHA256_LENGTH);
        sink.write(header);
    }

    /** Reads the header and returns the SHA-256 it names; a short or foreign header is an {@link IOException}. */
    byte[] readHeader(InputStream source) throws IOException {
        byte[] header = source.readNBytes(headerLength());
        if (header.length < headerLength()) {
            throw new EOFException("truncated: " + header.length + " bytes, shorter than the " + token + " header");
        }
        if (!Arrays.equals(header, 0, magic.length, magic, 0, magic.length)) {
            throw new IOException("not a " + token + " stream: wrong magic number");
        }
        return Arrays.copyOfRange(header, magic.length, header.length);
    }
}
