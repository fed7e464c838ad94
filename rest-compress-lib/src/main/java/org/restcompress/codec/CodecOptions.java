package org.restcompress.codec;

import java.util.Optional;

/** The settings of one coding: the {@code restcompress.<token>.<name>} configuration keys. */
@FunctionalInterface
public interface CodecOptions {

    CodecOptions NONE = name -> Optional.empty();

    /** The raw value of {@code restcompress.<token>.<name>}, if set. */
    Optional<String> get(String name);

    /** An integer setting within {@code [min, max]}; a malformed or out-of-range value fails fast. */
    default int getInt(String name, int defaultValue, int min, int max) {
        Optional<String> raw = get(name);
        if (raw.isEmpty()) {
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(raw.get().trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the expected range
        }
        throw new IllegalArgumentException(
                "setting '" + name + "' must be an integer from " + min + " to " + max + ", was '" + raw.get() + "'");
    }
}
