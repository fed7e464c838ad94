package org.restcompress.internal.codec;

import org.restcompress.ConfigKeys;

/** The one range check of the typed codec settings, whose message names the key. */
final class Settings {

    private Settings() {
    }

    static int inRange(String coding, String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    ConfigKeys.codecKey(coding, name) + " must be " + min + " to " + max + ", was " + value);
        }
        return value;
    }
}
