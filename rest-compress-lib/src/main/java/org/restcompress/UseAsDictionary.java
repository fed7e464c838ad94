package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Deltas (RFC 9842): each response of this method is announced as a dictionary ({@code Use-As-Dictionary}) and kept
 * by its SHA-256 in the server's dictionary store; a later request whose {@code Available-Dictionary} names a kept
 * response, and whose {@code Accept-Encoding} lists {@code dcz} or {@code dcb}, gets its response encoded against it.
 * A resource fetched again after small changes (a feed, a list, a status) then travels as a few hundred bytes.
 *
 * <p>With no coding annotation the method offers every coding, as {@code @Compressed} does; with one, its codings.
 * Only successful GET responses become dictionaries, and never one excluded from compression (by
 * {@link Uncompressed} or the exclusion predicate): a response holding secrets must not be compressed against
 * content an attacker chose, nor the other way round.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface UseAsDictionary {

    /**
     * The URL pattern of the requests that may use a response as their dictionary (the header's {@code match}: a
     * URL Pattern without regular expressions, relative to the response's URL). Empty: the method's path under the
     * application's base, each path parameter a {@code *} wildcard, with any query.
     *
     * @return the pattern, or empty for the method's path
     */
    String match() default "";

    /**
     * How long, in seconds, a response stays usable as a dictionary: the {@code max-age} of the
     * {@code Cache-Control} header added when the response has none (browsers use no dictionary without a freshness
     * lifetime), and how long the store keeps it.
     *
     * @return the lifetime in seconds
     */
    long maxAge() default 3600;
}
