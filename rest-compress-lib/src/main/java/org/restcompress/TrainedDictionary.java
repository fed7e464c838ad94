package org.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compresses this method's responses against a dictionary (RFC 9842) the library trains itself, from the method's
 * own responses: it samples them ({@value ConfigKeys#TRAINING_SAMPLES} distinct bodies of at most 16 KB, spread over
 * time), trains with zstd's trainer on one low-priority thread of its own, never a request's, and then serves and
 * announces the dictionary exactly as a {@link SharedDictionary} (its hash at the dictionary endpoint,
 * {@code Link: <...>; rel="compression-dictionary"} on this method's responses), so that browsers and the library's
 * client fetch it and get {@code dcz} or {@code dcb} from then on. It trains again on the responses of the period
 * since ({@value ConfigKeys#TRAINING_PERIOD}), or sooner when the dictionary's saving on live responses falls by a
 * fifth; the versions before stay usable ({@value ConfigKeys#TRAINING_VERSIONS}), only the newest is announced.
 *
 * <p>The dictionary holds only byte strings that at least {@value ConfigKeys#TRAINING_MIN_OCCURRENCES} (5 by default)
 * distinct sampled responses hold whole: what belongs to one user (a token, an address, an id seen in fewer) never
 * reaches another through it. A value shared by that many responses may; see SECURITY.md. Responses excluded from
 * compression are never sampled.
 *
 * <p>With a shared store ({@value ConfigKeys#DICTIONARY_STORE}), one instance trains and publishes each version and
 * every instance takes it from the store, so all answer against the same hash. With no coding annotation the method
 * offers every coding, as {@code @Compressed} does. Needs zstd-jni.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface TrainedDictionary {

    /**
     * The dictionary's name ({@code id} in its {@code Use-As-Dictionary}); methods naming the same one share its
     * samples and its dictionary. 1 to 64 letters, digits, {@code .}, {@code _} or {@code -}; not also the name of a
     * configured shared dictionary.
     *
     * @return the name
     */
    String value();

    /**
     * The URL pattern the dictionary is announced for, as {@link SharedDictionary#match()}.
     *
     * @return the pattern, or empty for the method's path
     */
    String match() default "";
}
