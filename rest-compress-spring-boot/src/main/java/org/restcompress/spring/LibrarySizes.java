package org.restcompress.spring;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.convert.converter.Converter;
import org.springframework.util.unit.DataSize;
import org.springframework.util.unit.DataUnit;

/**
 * Sizes as the library reads them on every other runtime: {@code 2K}, {@code 2KB}, {@code 2KiB}, {@code 10M},
 * {@code 1G} (powers of 1024, case ignored), besides Spring's own spellings, which it leaves to Spring. Spring alone
 * refuses {@code 100K} ("Unknown data unit suffix 'K'"), so {@code restcompress.threshold=100K} would start a
 * Quarkus or RESTEasy application and fail a Spring one. Only widens what Spring accepts: a value Spring parses keeps
 * its meaning.
 */
final class LibrarySizes implements Converter<String, DataSize> {

    private static final Pattern LIBRARY = Pattern.compile("(\\d+)\\s*([KMG])(?:I?B)?");

    @Override
    public DataSize convert(String source) {
        Matcher size = LIBRARY.matcher(source.trim().toUpperCase(Locale.ROOT));
        if (!size.matches()) {
            return DataSize.parse(source.trim()); // Spring's spellings, and its message for what neither reads
        }
        long amount = Long.parseLong(size.group(1));
        return switch (size.group(2)) {
            case "K" -> DataSize.of(amount, DataUnit.KILOBYTES);
            case "M" -> DataSize.of(amount, DataUnit.MEGABYTES);
            default -> DataSize.of(amount, DataUnit.GIGABYTES);
        };
    }
}
