package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Responses of this method (or of every method of this class, unless a method names codings itself) are never
 * compressed, whatever the class's {@link Compressed} annotations say; compressed request bodies are still decoded.
 *
 * <p>For BREACH (compression as a length oracle over TLS): put it on methods whose responses carry a secret (a
 * CSRF token, a session identifier) next to input an attacker can reflect into the same response.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Uncompressed {
}
