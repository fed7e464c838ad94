package org.restcompress.codec;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.restcompress.ConfigKeys;

/** The settings of one coding: the {@code restcompress.<token>.<name>} configuration keys, as given. */
public final class CodecOptions {

    /** No settings: every codec at its defaults. */
    public static final CodecOptions NONE = new CodecOptions("", name -> Optional.empty());

    private final String coding;
    private final Function<String, Optional<String>> values;

    private CodecOptions(String coding, Function<String, Optional<String>> values) {
        this.coding = coding;
        this.values = values;
    }

    /**
     * The settings of {@code coding}: {@code values} maps a setting's name ({@code level}) to its raw value.
     *
     * @param coding the coding's token
     * @param values a setting's raw value by name
     * @return the settings
     */
    public static CodecOptions of(String coding, Function<String, Optional<String>> values) {
        return new CodecOptions(Objects.requireNonNull(coding, "coding"), Objects.requireNonNull(values, "values"));
    }

    /**
     * The raw value of {@code restcompress.<token>.<name>}, trimmed, if set.
     *
     * @param name the setting's name, {@code level}
     * @return the value, if set
     */
    public Optional<String> get(String name) {
        return values.apply(name).map(String::trim);
    }

    /**
     * The whole key of a setting, for messages: {@code restcompress.gzip.level}.
     *
     * @param name the setting's name
     * @return the key
     */
    public String key(String name) {
        return ConfigKeys.codecKey(coding.isEmpty() ? "<coding>" : coding, name);
    }

    /**
     * An integer setting, or {@code defaultValue}; a value that is not an integer fails naming the key.
     *
     * @param name the setting's name
     * @param defaultValue the value when it is not set
     * @return the value
     */
    public int getInt(String name, int defaultValue) {
        Optional<String> raw = get(name);
        if (raw.isEmpty()) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(raw.get());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key(name) + " must be an integer, was '" + raw.get() + "'");
        }
    }

    /**
     * An integer setting within {@code [min, max]}, or {@code defaultValue}; anything else fails naming the key.
     *
     * @param name the setting's name
     * @param defaultValue the value when it is not set
     * @param min the smallest value accepted
     * @param max the largest value accepted
     * @return the value
     */
    public int getInt(String name, int defaultValue, int min, int max) {
        int value = getInt(name, defaultValue);
        if (value < min || value > max) {
            throw new IllegalArgumentException(key(name) + " must be " + min + " to " + max + ", was " + value);
        }
        return value;
    }
}
