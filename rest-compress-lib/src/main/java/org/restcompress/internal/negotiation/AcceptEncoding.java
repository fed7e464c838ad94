package org.restcompress.internal.negotiation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A parsed {@code Accept-Encoding} request header (RFC 9110 section 12.5.3). Qualities are kept in thousandths, as
 * the grammar allows at most three decimals. Malformed members (bad token, bad {@code q}) are ignored; for a coding
 * listed twice the first member counts.
 */
public final class AcceptEncoding {

    /** The highest quality, {@code q=1}. */
    public static final int MAX_QUALITY = 1000;
    /** Below any quality a client can write, above refusal: identity when nothing mentions it. */
    static final int IMPLICIT_IDENTITY = 0;

    private static final String IDENTITY = "identity";
    private static final String ANY = "*";
    private static final Pattern QVALUE = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

    private static final AcceptEncoding ABSENT = new AcceptEncoding(false, Map.of());

    private final boolean present;
    private final Map<String, Integer> qualities;

    private AcceptEncoding(boolean present, Map<String, Integer> qualities) {
        this.present = present;
        this.qualities = qualities;
    }

    /** No {@code Accept-Encoding} header: the client states no preference. */
    public static AcceptEncoding absent() {
        return ABSENT;
    }

    /**
     * Parses every {@code Accept-Encoding} field line of a request ({@code null} or no lines means absent; an empty
     * value means "identity only"). {@code canonical} maps a lower-case coding to the registry's token, so that
     * {@code x-gzip} counts as {@code gzip}.
     */
    public static AcceptEncoding parse(List<String> lines, UnaryOperator<String> canonical) {
        if (lines == null || lines.isEmpty()) {
            return ABSENT;
        }
        Map<String, Integer> qualities = new LinkedHashMap<>();
        for (String member : HeaderLists.members(lines)) {
            String[] parts = member.split(";", -1);
            String coding = parts[0].trim().toLowerCase(Locale.ROOT);
            if (!HeaderLists.isToken(coding)) {
                continue;
            }
            Integer quality = quality(parts);
            if (quality == null) {
                continue;
            }
            String key = coding.equals(ANY) || coding.equals(IDENTITY) ? coding : canonical.apply(coding);
            qualities.putIfAbsent(key, quality);
        }
        return new AcceptEncoding(true, Collections.unmodifiableMap(qualities));
    }

    /** The member's quality in thousandths: 1000 without {@code q}, {@code null} when a parameter is malformed. */
    private static Integer quality(String[] parts) {
        int quality = MAX_QUALITY;
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            int eq = parameter.indexOf('=');
            if (eq <= 0) {
                return null;
            }
            String name = parameter.substring(0, eq).trim();
            String value = parameter.substring(eq + 1).trim();
            if (!name.equalsIgnoreCase("q")) {
                continue; // other parameters carry no meaning for a coding
            }
            if (!QVALUE.matcher(value).matches()) {
                return null;
            }
            quality = thousandths(value);
        }
        return quality;
    }

    private static int thousandths(String qvalue) {
        int whole = qvalue.charAt(0) - '0';
        int fraction = 0;
        int digits = 0;
        for (int i = 2; i < qvalue.length(); i++, digits++) {
            fraction = fraction * 10 + (qvalue.charAt(i) - '0');
        }
        for (; digits < 3; digits++) {
            fraction *= 10;
        }
        return whole * MAX_QUALITY + fraction;
    }

    /** Whether the request carried the header at all. */
    public boolean isPresent() {
        return present;
    }

    /** The quality of a (canonical, lower-case) coding other than identity: its own, else {@code *}'s, else 0. */
    public int quality(String coding) {
        Integer own = qualities.get(coding);
        if (own != null) {
            return own;
        }
        return qualities.getOrDefault(ANY, 0);
    }

    /**
     * The quality of identity: its own, else {@code *}'s, else {@link #IMPLICIT_IDENTITY} (acceptable, but after any
     * listed coding). Negative means refused ({@code identity;q=0}, or {@code *;q=0} without an identity member).
     */
    public int identityQuality() {
        Integer quality = qualities.containsKey(IDENTITY) ? qualities.get(IDENTITY) : qualities.get(ANY);
        if (quality == null) {
            return IMPLICIT_IDENTITY;
        }
        return quality == 0 ? -1 : quality;
    }

    /**
     * The codings listed with a quality above 0, canonical, in header order ({@code *} and {@code identity}
     * included): what a 415's {@code Accept-Encoding} says a server takes (RFC 7694).
     */
    public List<String> acceptable() {
        List<String> acceptable = new ArrayList<>();
        qualities.forEach((coding, quality) -> {
            if (quality > 0) {
                acceptable.add(coding);
            }
        });
        return acceptable;
    }

    /** Whether an unencoded response is acceptable. */
    public boolean acceptsIdentity() {
        return identityQuality() >= 0;
    }

    @Override
    public String toString() {
        return present ? "Accept-Encoding" + qualities : "Accept-Encoding(absent)";
    }
}
