package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Offers the {@code lzf} coding: very fast, for clients that ask for it ({@code Accept-Encoding: lzf}). */
@Documented
@Compressed("lzf")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface LZF {
}
