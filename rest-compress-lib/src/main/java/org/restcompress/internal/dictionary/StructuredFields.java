package org.restcompress.internal.dictionary;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of RFC 8941 (structured field values) the dictionary headers use: byte sequences
 * ({@code Available-Dictionary}), strings, and dictionaries of strings, tokens, integers, decimals, booleans and inner
 * lists of strings ({@code Use-As-Dictionary}). Strict: anything else is an {@link IllegalArgumentException} with a short
 * message that never echoes more than a few characters of the input.
 */
public final class StructuredFields {

    /** Longer field values are refused before parsing. */
    static final int MAX_LENGTH = 8192;

    /** A token value (as opposed to a string), e.g. {@code type=raw}. */
    public record Token(String value) {
    }

    private StructuredFields() {
    }

    /** The 32 bytes of an {@code Available-Dictionary} value: one byte sequence item, parameters ignored. */
    public static byte[] sha256(String fieldValue) {
        Parser p = new Parser(fieldValue);
        p.skipSpaces();
        byte[] bytes = p.byteSequence();
        p.parameters();
        p.skipSpaces();
        p.end();
        if (bytes.length != 32) {
            throw new IllegalArgumentException(
                    "Available-Dictionary must be a SHA-256 hash (32 bytes), was " + bytes.length + " bytes");
        }
        return bytes;
    }

    /** The field value of one byte sequence item. */
    public static String byteSequenceOf(byte[] bytes) {
        return ":" + Base64.getEncoder().encodeToString(bytes) + ":";
    }

    /** A string item: quoted, with {@code \} and {@code "} escaped; only printable ASCII is allowed. */
    public static String string(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                throw new IllegalArgumentException("a structured-field string holds printable ASCII only");
            }
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }

    /**
     * A dictionary: keys to {@code String}, {@link Token}, {@code Long}, {@code Double}, {@code Boolean} or
     * {@code List<String>} (an inner list of strings); a bare key is {@code true}; parameters are parsed and ignored; a repeated key's last
     * value wins.
     */
    public static Map<String, Object> dictionary(String fieldValue) {
        Parser p = new Parser(fieldValue);
        Map<String, Object> members = new LinkedHashMap<>();
        p.skipSpaces();
        if (p.atEnd()) {
            return members;
        }
        while (true) {
            String key = p.key();
            Object value = Boolean.TRUE;
            if (p.peek() == '=') {
                p.pos++;
                value = p.peek() == '(' ? p.innerList() : p.bareItem();
            }
            p.parameters();
            members.remove(key);
            members.put(key, value);
            p.skipOptionalWhitespace();
            if (p.atEnd()) {
                return members;
            }
            p.expect(',');
            p.skipOptionalWhitespace();
            if (p.atEnd()) {
                throw p.error("a trailing comma");
            }
        }
    }

    private static final class Parser {
        private final String s;
        int pos;

        Parser(String s) {
            if (s == null) {
                throw new IllegalArgumentException("no field value");
            }
            if (s.length() > MAX_LENGTH) {
                throw new IllegalArgumentException("field value longer than " + MAX_LENGTH + " characters");
            }
            this.s = s;
        }

        boolean atEnd() {
            return pos >= s.length();
        }

        char peek() {
            return atEnd() ? '\0' : s.charAt(pos);
        }

        void end() {
            if (!atEnd()) {
                throw error("unexpected characters");
            }
        }

        void expect(char c) {
            if (peek() != c) {
                throw error("'" + c + "' expected");
            }
            pos++;
        }

        void skipSpaces() {
            while (peek() == ' ') {
                pos++;
            }
        }

        void skipOptionalWhitespace() {
            while (peek() == ' ' || peek() == '\t') {
                pos++;
            }
        }

        IllegalArgumentException error(String what) {
            String near = s.substring(Math.min(pos, s.length()), Math.min(s.length(), pos + 20))
                    .replaceAll("[^\\x20-\\x7e]", "?");
            return new IllegalArgumentException("malformed structured field: " + what + " at " + pos
                    + (near.isEmpty() ? "" : " ('" + near + "')"));
        }

        String key() {
            char c = peek();
            if (!(c >= 'a' && c <= 'z' || c == '*')) {
                throw error("a key expected");
            }
            int start = pos;
            while (!atEnd() && (peek() >= 'a' && peek() <= 'z' || peek() >= '0' && peek() <= '9'
                    || "_-.*".indexOf(peek()) >= 0)) {
                pos++;
            }
            return s.substring(start, pos);
        }

        void parameters() {
            while (peek() == ';') {
                pos++;
                skipSpaces();
                key();
                if (peek() == '=') {
                    pos++;
                    bareItem();
                }
            }
        }

        List<String> innerList() {
            expect('(');
            List<String> items = new ArrayList<>();
            while (true) {
                skipSpaces();
                if (peek() == ')') {
                    pos++;
                    return items;
                }
                Object item = bareItem();
                if (!(item instanceof String)) {
                    throw error("only strings are expected in this list");
                }
                items.add((String) item);
                parameters();
                if (peek() != ' ' && peek() != ')') {
                    throw error("' ' or ')' expected");
                }
            }
        }

        Object bareItem() {
            char c = peek();
            if (c == '"') {
                return string();
            }
            if (c == ':') {
                return byteSequence();
            }
            if (c == '?') {
                pos++;
                char b = peek();
                if (b != '0' && b != '1') {
                    throw error("a boolean expected");
                }
                pos++;
                return b == '1';
            }
            if (c == '-' || c >= '0' && c <= '9') {
                return number();
            }
            if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '*') {
                return token();
            }
            throw error("an item expected");
        }

        String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (atEnd()) {
                    throw error("an unterminated string");
                }
                char c = s.charAt(pos++);
                if (c == '\\') {
                    char next = peek();
                    if (next != '"' && next != '\\') {
                        throw error("a bad escape");
                    }
                    out.append(next);
                    pos++;
                } else if (c == '"') {
                    return out.toString();
                } else if (c < 0x20 || c > 0x7e) {
                    throw error("a character not allowed in a string");
                } else {
                    out.append(c);
                }
            }
        }

        Token token() {
            int start = pos;
            pos++;
            while (!atEnd() && isTokenChar(peek())) {
                pos++;
            }
            return new Token(s.substring(start, pos));
        }

        private static boolean isTokenChar(char c) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "!#$%&'*+-.^_`|~:/".indexOf(c) >= 0;
        }

        /** An integer ({@code Long}), or a decimal ({@code Double}: at most 12 digits, a dot and 3 more). */
        Object number() {
            int start = pos;
            if (peek() == '-') {
                pos++;
            }
            int digits = 0;
            while (peek() >= '0' && peek() <= '9') {
                pos++;
                if (++digits > 15) {
                    throw error("an integer of more than 15 digits");
                }
            }
            if (digits == 0) {
                throw error("a digit expected");
            }
            if (peek() != '.') {
                return Long.parseLong(s.substring(start, pos));
            }
            pos++;
            int fraction = 0;
            while (peek() >= '0' && peek() <= '9') {
                pos++;
                fraction++;
            }
            if (digits > 12 || fraction == 0 || fraction > 3) {
                throw error("a malformed decimal");
            }
            return Double.parseDouble(s.substring(start, pos));
        }

        byte[] byteSequence() {
            expect(':');
            int start = pos;
            while (!atEnd() && peek() != ':') {
                char c = peek();
                if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
                        || c == '=')) {
                    throw error("a character outside base64");
                }
                pos++;
            }
            String base64 = s.substring(start, pos);
            expect(':');
            try {
                return Base64.getDecoder().decode(base64); // RFC 8941 4.2.7: missing padding is accepted below
            } catch (IllegalArgumentException padding) {
                try {
                    return Base64.getDecoder().decode(base64 + "===".substring(0, (4 - base64.length() % 4) % 4));
                } catch (IllegalArgumentException e) {
                    throw error("malformed base64");
                }
            }
        }
    }
}
