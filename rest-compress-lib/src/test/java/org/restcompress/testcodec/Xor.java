package org.restcompress.testcodec;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.restcompress.Compressed;

/** The application's own annotation for its own coding: the library needs no change. */
@Compressed(XorCodec.TOKEN)
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Xor {
}
