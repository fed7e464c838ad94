package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Overrides global settings for one resource method or class; a negative value keeps the global setting. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface CompressionOptions {

    /**
     * Bodies shorter than this go out unencoded ({@value ConfigKeys#THRESHOLD}).
     *
     * @return the threshold in bytes, or a negative number for the configured one
     */
    int threshold() default -1;

    /**
     * The most bytes a coded request body may decode to ({@value ConfigKeys#MAX_DECODED_SIZE}).
     *
     * @return the limit in bytes, or a negative number for the configured one
     */
    long maxDecodedSize() default -1;
}
