package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The content codings a resource method (or every method of a resource class) offers for its responses and accepts
 * for its request bodies. The client's {@code Accept-Encoding} picks one of them per response; codings are never
 * stacked.
 *
 * <ul>
 * <li>{@code @Compressed} alone offers every active coding.</li>
 * <li>{@code @Compressed({"lzf", "gzip"})} offers those that are active (others are skipped with a warning).</li>
 * <li>As a meta-annotation it defines a shorthand, as {@link LZF} and {@link GZIP} do; a user's own coding gets its
 * own annotation the same way: {@code @Compressed("snappy") @Retention(RUNTIME) public @interface Snappy {}}.</li>
 * </ul>
 *
 * <p>Several such annotations on one method add up. Annotations on the method win over the class's.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Compressed {

    /**
     * Coding tokens; empty means every coding the registry has.
     *
     * @return the coding tokens, or none for every coding
     */
    String[] value() default {};

    /**
     * Whether the method's bodies, when they repeat, are encoded once and served as kept ({@link EncodeOnce}); by
     * default as the application's {@value ConfigKeys#ENCODE_ONCE} says.
     *
     * @return the method's choice
     */
    EncodeOnce encodeOnce() default EncodeOnce.DEFAULT;
}
