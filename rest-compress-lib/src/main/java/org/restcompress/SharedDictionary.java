package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compresses this method's responses against a shared dictionary (RFC 9842), typically one trained on many small
 * bodies like them, for clients that have it. The dictionary is configured by name
 * ({@code restcompress.shared-dictionary.<name>=classpath:...}, or the builder's {@code sharedDictionary}), served by
 * the library at {@code <base>/compression-dictionaries/<sha-256>} with {@code Use-As-Dictionary} and a long
 * lifetime, and announced on every response of this method with {@code Link: <...>; rel="compression-dictionary"}.
 * Identified by its hash, so every instance deployed with the same file agrees.
 *
 * <p>With no coding annotation the method offers every coding, as {@code @Compressed} does.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface SharedDictionary {

    /**
     * The dictionary's name in the configuration.
     *
     * @return the name
     */
    String value();

    /**
     * The URL pattern the dictionary is announced for ({@code match}); empty: the method's path under the
     * application's base, each path parameter a {@code *} wildcard. When several methods share one dictionary, the
     * longest common prefix of their patterns, followed by {@code *}.
     *
     * @return the pattern, or empty for the method's path
     */
    String match() default "";
}
