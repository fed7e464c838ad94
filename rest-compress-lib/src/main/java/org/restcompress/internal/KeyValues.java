package org.restcompress.internal;

import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.restcompress.CompressionConfig;
import org.restcompress.CompressionConfigBuilder;
import org.restcompress.ConfigKeys;
import org.restcompress.internal.dictionary.Dictionary;
import org.restcompress.internal.negotiation.HeaderLists;

/**
 * Reads the {@link org.restcompress.ConfigKeys} from strings, each as its {@link Setting} says (sizes, lists, flags,
 * speeds, durations), each error naming its key; and where keys are looked up besides the given properties.
 */
public final class KeyValues {

    private KeyValues() {
    }

    /** A builder holding every key {@code properties}, else the fallbacks ({@link #withFallbacks}), set. */
    public static CompressionConfigBuilder read(Function<String, Object> properties) {
        Function<String, Object> lookup = withFallbacks(properties);
        Map<Setting, Object> values = new EnumMap<>(Setting.class);
        for (Setting setting : Setting.values()) {
            if (setting.coding() == null) { // a codec reads its own keys, through codecSettings
                string(lookup, setting.key()).ifPresent(v -> values.put(setting, setting.parse(v)));
            }
        }
        CompressionConfigBuilder b = CompressionConfig.builder().codecSettings(lookup);
        values.forEach((setting, value) -> setting.apply(b, value));
        b.dictionaryStoreLimits(Setting.DICTIONARY_STORE_MAX_BYTES.in(values),
                Setting.DICTIONARY_STORE_MAX_ENTRIES.<Integer>in(values));
        b.training(new CompressionConfig.Training(Setting.TRAINING_SAMPLES.<Integer>in(values),
                Setting.TRAINING_MIN_OCCURRENCES.<Integer>in(values), Setting.TRAINING_DICTIONARY_SIZE.<Long>in(values).intValue(),
                Setting.TRAINING_PERIOD.in(values), Setting.TRAINING_VERSIONS.<Integer>in(values)));
        return b;
    }

    static org.restcompress.EncodeOnce encodeOnce(String value) {
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "never": return org.restcompress.EncodeOnce.NEVER;
            case "shared": return org.restcompress.EncodeOnce.SHARED;
            case "always": return org.restcompress.EncodeOnce.ALWAYS;
            default: throw new IllegalArgumentException(ConfigKeys.ENCODE_ONCE + " must be never, shared or always, was '"
                    + value + "'");
        }
    }

    /**
     * A duration: a whole number with {@code s}, {@code m}, {@code h} or {@code d} ({@code 90s}, {@code 12h},
     * {@code 7d}), an ISO-8601 one ({@code PT12H}), or {@code none} (zero).
     *
     * @throws IllegalArgumentException naming {@code key} when {@code value} is none of these
     */
    public static java.time.Duration duration(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("none")) {
            return java.time.Duration.ZERO;
        }
        try {
            if (v.startsWith("p")) {
                return java.time.Duration.parse(v.toUpperCase(Locale.ROOT));
            }
            if (v.length() > 1) {
                long n = Long.parseLong(v.substring(0, v.length() - 1).trim());
                switch (v.charAt(v.length() - 1)) {
                    case 's': return java.time.Duration.ofSeconds(n);
                    case 'm': return java.time.Duration.ofMinutes(n);
                    case 'h': return java.time.Duration.ofHours(n);
                    case 'd': return java.time.Duration.ofDays(n);
                    default: break;
                }
            }
        } catch (RuntimeException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a duration such as 90s, 30m, 12h or 7d (or none), was '"
                + value + "'");
    }

    /**
     * A builder holding every key, as {@link #read}, and the shared dictionaries among {@code names} (the source's own
     * key names, where it can list them) and the fallbacks' names.
     */
    public static CompressionConfigBuilder readAll(Function<String, Object> properties, Iterable<String> names) {
        CompressionConfigBuilder builder = read(properties);
        Set<String> all = new TreeSet<>(System.getProperties().stringPropertyNames());
        MicroProfileConfig microProfile = MicroProfileConfig.current();
        if (microProfile != null) {
            all.addAll(microProfile.names());
        }
        names.forEach(all::add);
        sharedDictionaries(builder, all, withFallbacks(properties));
        return builder;
    }

    /**
     * Adds to {@code b} every {@code restcompress.shared-dictionary.<name>} among {@code names} (the JAX-RS
     * configuration's property names, then the system properties'), read through {@code lookup}.
     */
    public static void sharedDictionaries(CompressionConfigBuilder b, Iterable<String> names,
            Function<String, Object> lookup) {
        for (String key : names) {
            if (key.startsWith(ConfigKeys.SHARED_DICTIONARY_PREFIX)) {
                String name = key.substring(ConfigKeys.SHARED_DICTIONARY_PREFIX.length());
                string(lookup, key).ifPresent(location -> b.sharedDictionary(name, location));
            }
        }
    }

    /**
     * {@code properties}' value of a key, else MicroProfile Config's where the runtime has one, else the system
     * property's.
     */
    public static Function<String, Object> withFallbacks(Function<String, Object> properties) {
        MicroProfileConfig microProfile = MicroProfileConfig.current();
        return key -> {
            Object value = properties.apply(key);
            if (value == null && microProfile != null) {
                value = microProfile.get(key);
            }
            return value != null ? value : System.getProperty(key);
        };
    }

    public static Optional<String> string(Function<String, Object> lookup, String key) {
        Object value = lookup.apply(key);
        return value == null ? Optional.empty() : Optional.of(value.toString().trim());
    }

    /** The members of a comma-separated list, lower case. */
    public static List<String> list(String value) {
        List<String> members = new ArrayList<>();
        for (String member : HeaderLists.members(List.of(value))) {
            members.add(member.toLowerCase(Locale.ROOT));
        }
        return members;
    }

    /** {@code when-asked}, {@code always} or {@code never} ({@code true} and {@code false} for the last two). */
    static CompressionConfig.DownlinkHint downlinkHint(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (CompressionConfig.DownlinkHint choice : CompressionConfig.DownlinkHint.values()) {
            if (choice.token().equals(v)) {
                return choice;
            }
        }
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true") ? CompressionConfig.DownlinkHint.ALWAYS : CompressionConfig.DownlinkHint.NEVER;
        }
        throw new IllegalArgumentException(ConfigKeys.DOWNLINK_HINT + " must be when-asked, always or never, was '"
                + value + "'");
    }

    /** {@code true} or {@code false}, any case. */
    public static boolean flag(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return v.equals("true");
        }
        throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
    }

    /** Digits, then K, M or G (with B or iB after it, or B alone), any case. */
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(?:([KMG])I?B?|B)?", Pattern.CASE_INSENSITIVE);

    /**
     * A byte count, optionally with a K, M or G suffix (powers of 1024; "KB", "MiB" and "B" also read).
     *
     * @throws IllegalArgumentException naming {@code key} when {@code value} is not such a size
     */
    public static long size(String key, String value) {
        Matcher m = SIZE.matcher(value.trim());
        if (m.matches()) {
            String unit = m.group(2) == null ? "" : m.group(2).toUpperCase(Locale.ROOT);
            int shift = unit.equals("K") ? 10 : unit.equals("M") ? 20 : unit.equals("G") ? 30 : 0;
            try {
                long n = Long.parseLong(m.group(1));
                if (n <= Long.MAX_VALUE >> shift) {
                    return n << shift;
                }
            } catch (NumberFormatException ignored) {
                // too long a number: reported below
            }
        }
        throw new IllegalArgumentException(key + " must be a size in bytes such as 1024, 64K or 10M, was '" + value + "'");
    }

    /**
     * A speed in bits per second: a number, optionally with a {@code kbit}, {@code mbit} or {@code gbit} unit
     * (powers of 1000, as links are sold; "/s" and "ps" also read): {@code 100mbit}, {@code 2.5gbit}.
     *
     * @throws IllegalArgumentException naming {@code key} when {@code value} is not such a speed
     */
    public static long bitsPerSecond(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT).replace("/s", "").trim();
        if (v.endsWith("bps")) {
            v = v.substring(0, v.length() - 3) + "bit";
        }
        double unit = 1;
        for (String[] suffix : new String[][] {{"kbit", "1e3"}, {"mbit", "1e6"}, {"gbit", "1e9"}, {"bit", "1"}}) {
            if (v.endsWith(suffix[0])) {
                unit = Double.parseDouble(suffix[1]);
                v = v.substring(0, v.length() - suffix[0].length()).trim();
                break;
            }
        }
        Setting range = Setting.AUTO_LINK_SPEED;
        try {
            double bits = Double.parseDouble(v) * unit;
            if (bits >= range.min() && bits <= range.max() && !v.isEmpty()
                    && Character.isDigit(v.charAt(v.length() - 1))) {
                return Math.round(bits);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a link speed such as 100mbit or 1gbit (at least "
                + range.min() / 1000 + "kbit, at most " + range.max() / 1_000_000_000 + "gbit), or none, was '" + value
                + "'");
    }

    /**
     * {@code codings} as lower-case tokens, {@value ConfigKeys#AUTO} kept only first.
     *
     * @throws IllegalArgumentException naming {@link ConfigKeys#PREFERENCE} for a member that is no token, or a
     *     misplaced {@code auto}
     */
    public static List<String> preference(List<String> codings) {
        List<String> order = new ArrayList<>();
        for (String coding : codings) {
            String token = token(ConfigKeys.PREFERENCE, coding);
            if (token.equals(ConfigKeys.AUTO) && !order.isEmpty()) {
                throw new IllegalArgumentException(ConfigKeys.PREFERENCE + ": '" + ConfigKeys.AUTO
                        + "' may only come first, as in 'auto' or 'auto, zstd, gzip'");
            }
            order.add(token);
        }
        return order;
    }

    /** {@code value} as a lower-case token: a coding's name. */
    public static String token(String key, String value) {
        String token = value.trim().toLowerCase(Locale.ROOT);
        if (!HeaderLists.isToken(token)) {
            throw new IllegalArgumentException(key + " must be a coding token, was '" + value + "'");
        }
        return token;
    }

    /** Media types, wildcards allowed ({@link ConfigKeys#EXCLUDED_MEDIA_TYPES}). */
    public static List<MediaType> mediaTypes(List<String> types) {
        List<MediaType> parsed = new ArrayList<>();
        for (String type : types) {
            try {
                parsed.add(MediaType.valueOf(type.trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        ConfigKeys.EXCLUDED_MEDIA_TYPES + " has a malformed media type '" + type + "'", e);
            }
        }
        return List.copyOf(parsed);
    }

    /** Concrete media types without parameters: formats a client has readers for. */
    public static List<MediaType> formats(String key, List<String> types) {
        List<MediaType> parsed = new ArrayList<>();
        for (String type : types) {
            MediaType format;
            try {
                format = MediaType.valueOf(type.trim());
            } catch (IllegalArgumentException e) {
                format = null;
            }
            if (format == null || format.isWildcardType() || format.isWildcardSubtype()
                    || !format.getParameters().isEmpty()) {
                throw new IllegalArgumentException(key + " must list media types such as application/json, "
                        + "application/cbor (no wildcards, no parameters), has '" + type + "'");
            }
            parsed.add(format);
        }
        return List.copyOf(parsed);
    }

    /** A location with a scheme, {@code redis://host:6379}. */
    public static URI location(String key, String value) {
        try {
            URI uri = new URI(value.trim());
            if (uri.getScheme() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a location such as redis://host:6379, was '" + value + "'");
    }

    /** A path of letters, digits and {@code . _ ~ - /}, without slashes at its ends. */
    public static String path(String key, String value) {
        String trimmed = value.trim().replaceAll("^/+|/+$", "");
        if (trimmed.isEmpty() || !trimmed.matches("[A-Za-z0-9._~/-]+") || trimmed.contains("//")) {
            throw new IllegalArgumentException(key + " must be a path of letters, digits and . _ ~ - /, was '" + value
                    + "'");
        }
        return trimmed;
    }

    /** A shared dictionary's name, checked. */
    public static String dictionaryName(String name) {
        if (!Dictionary.isName(name)) {
            throw new IllegalArgumentException("a shared dictionary's name is " + Dictionary.NAME_RULE + ", was '"
                    + name + "'");
        }
        return name;
    }
}
