package org.restcompress.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.restcompress.internal.codec.CodecRegistry;
import org.restcompress.internal.codec.IdentityCodec;
import org.restcompress.internal.negotiation.EncodingChooser;
import org.restcompress.Compressed;
import org.restcompress.SharedDictionary;
import org.restcompress.TrainedDictionary;
import org.restcompress.Uncompressed;
import org.restcompress.UseAsDictionary;

/**
 * The codings a resource method declares through {@link Compressed} and annotations meta-annotated with it. Looked up
 * as JAX-RS inherits annotations: the method, else the method it implements or overrides (so a shared client/server
 * interface may carry them), else the class and its supertypes. Read once per method, at deployment (server) or
 * proxy creation (client).
 *
 * @param all          whether a plain {@code @Compressed} asked for every active coding
 * @param tokens       the named codings, lower case, in declaration order
 * @param uncompressed whether {@link Uncompressed} forbids compressing responses (request bodies are still decoded)
 */
public record MethodCodings(boolean all, Set<String> tokens, boolean uncompressed) {

    /**
     * The codings in force for a method: its own, else its class's. {@link Uncompressed} on the method, or on the
     * class when the method names no codings, marks them as not for responses.
     */
    public static Optional<MethodCodings> of(Class<?> resourceClass, Method method) {
        boolean uncompressed = false;
        boolean dictionary = false;
        for (AnnotatedElement place : places(resourceClass, method)) {
            uncompressed |= place.isAnnotationPresent(Uncompressed.class);
            // a dictionary annotation alone offers every coding, as a plain @Compressed does
            dictionary |= place.isAnnotationPresent(UseAsDictionary.class)
                    || place.isAnnotationPresent(SharedDictionary.class)
                    || place.isAnnotationPresent(TrainedDictionary.class);
            MethodCodings found = from(place.getAnnotations(), uncompressed);
            if (found != null) {
                return Optional.of(found);
            }
        }
        return dictionary ? Optional.of(new MethodCodings(true, Set.of(), uncompressed)) : Optional.empty();
    }

    /** The method's annotation of this type, else the class's (searched as codings are), else none. */
    public static <A extends Annotation> Optional<A> annotation(Class<?> resourceClass, Method method,
            Class<A> type) {
        return attribute(resourceClass, method, type, found -> found);
    }

    /**
     * The first attribute of this annotation type that {@code value} gives (not null) in the places annotations are
     * looked for: a method's {@code @Compressed("zstd")} leaves its class's {@code encodeOnce} standing.
     */
    public static <A extends Annotation, T> Optional<T> attribute(Class<?> resourceClass, Method method, Class<A> type,
            java.util.function.Function<A, T> value) {
        for (AnnotatedElement place : places(resourceClass, method)) {
            A found = place.getAnnotation(type);
            T given = found == null ? null : value.apply(found);
            if (given != null) {
                return Optional.of(given);
            }
        }
        return Optional.empty();
    }

    /** Where a method's annotations are looked for, in order: the method and those it overrides, then its classes. */
    private static List<AnnotatedElement> places(Class<?> resourceClass, Method method) {
        List<AnnotatedElement> places = new ArrayList<>(overridden(resourceClass, method));
        places.addAll(hierarchy(resourceClass != null ? resourceClass : method.getDeclaringClass()));
        return places;
    }

    /**
     * The active codings meant, canonical, most preferred first ({@code registry} decides what is active and what
     * {@code x-gzip} means; {@code preference} orders them); {@code onInactive} hears of each named coding skipped.
     */
    public List<String> resolve(CodecRegistry registry,
            List<String> preference, Consumer<String> onInactive) {
        List<String> offered = new ArrayList<>();
        if (all) {
            offered.addAll(registry.encodingTokens());
        }
        for (String token : tokens) {
            String canonical = registry.canonical(token);
            if (registry.find(canonical).isEmpty()
                    || canonical.equals(IdentityCodec.TOKEN)) {
                onInactive.accept(token);
            } else if (!offered.contains(canonical)) {
                offered.add(canonical);
            }
        }
        return new EncodingChooser(preference).byPreference(offered);
    }

    private static MethodCodings from(Annotation[] annotations, boolean uncompressed) {
        boolean all = false;
        Set<String> tokens = new LinkedHashSet<>();
        boolean found = false;
        for (Annotation annotation : annotations) {
            Compressed compressed = annotation instanceof Compressed
                    ? (Compressed) annotation
                    : annotation.annotationType().getAnnotation(Compressed.class);
            if (compressed != null) {
                found = true;
                all |= compressed.value().length == 0;
                Arrays.stream(compressed.value()).map(t -> t.trim().toLowerCase(Locale.ROOT))
                        .forEach(tokens::add);
            }
        }
        return found ? new MethodCodings(all, Collections.unmodifiableSet(tokens), uncompressed) : null;
    }

    /** The method itself, then the same signature in the resource class's supertypes. */
    private static Set<Method> overridden(Class<?> resourceClass, Method method) {
        Set<Method> methods = new LinkedHashSet<>();
        methods.add(method);
        Class<?> start = resourceClass != null ? resourceClass : method.getDeclaringClass();
        for (Class<?> type : hierarchy(start)) {
            try {
                methods.add(type.getDeclaredMethod(method.getName(), method.getParameterTypes()));
            } catch (NoSuchMethodException ignored) {
                // not declared at this level
            }
        }
        return methods;
    }

    /** The class, its superclasses, then every interface, breadth first. */
    private static Set<Class<?>> hierarchy(Class<?> type) {
        Set<Class<?>> seen = new LinkedHashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            seen.add(c);
        }
        Deque<Class<?>> pending = new ArrayDeque<>(seen);
        while (!pending.isEmpty()) {
            for (Class<?> iface : pending.poll().getInterfaces()) {
                if (seen.add(iface)) {
                    pending.add(iface);
                }
            }
        }
        return seen;
    }
}
