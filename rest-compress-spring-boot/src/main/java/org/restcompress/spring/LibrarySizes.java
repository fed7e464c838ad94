package org.restcompress.spring;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.convert.DataSizeUnit;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;
import org.springframework.util.unit.DataSize;
import org.springframework.util.unit.DataUnit;

/**
 * Sizes as the library reads them on every other runtime: {@code 2K}, {@code 2KB}, {@code 2KiB}, {@code 10M},
 * {@code 1G} (powers of 1024, case ignored), besides Spring's own spellings, which it leaves to Spring. Spring alone
 * refuses {@code 100K} ("Unknown data unit suffix 'K'"), so {@code restcompress.threshold=100K} would start a
 * Quarkus or RESTEasy application and fail a Spring one. Only widens what Spring accepts: a value Spring parses keeps
 * its meaning, a bare number too, in the unit its property's {@code @DataSizeUnit} names (this converter is asked
 * before Spring's own, for every size property of the application).
 */
final class LibrarySizes implements GenericConverter {

    private static final Pattern LIBRARY = Pattern.compile("(\\d+)\\s*([KMG])(?:I?B)?");

    @Override
    public Set<ConvertiblePair> getConvertibleTypes() {
        return Set.of(new ConvertiblePair(String.class, DataSize.class));
    }

    @Override
    public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
        String text = source == null ? "" : source.toString().trim();
        if (text.isEmpty()) {
            return null; // as Spring's own
        }
        Matcher size = LIBRARY.matcher(text.toUpperCase(Locale.ROOT));
        if (!size.matches()) {
            DataSizeUnit unit = targetType.getAnnotation(DataSizeUnit.class);
            return DataSize.parse(text, unit == null ? null : unit.value()); // Spring's spellings and message
        }
        long amount = Long.parseLong(size.group(1));
        return switch (size.group(2)) {
            case "K" -> DataSize.of(amount, DataUnit.KILOBYTES);
            case "M" -> DataSize.of(amount, DataUnit.MEGABYTES);
            default -> DataSize.of(amount, DataUnit.GIGABYTES);
        };
    }
}
