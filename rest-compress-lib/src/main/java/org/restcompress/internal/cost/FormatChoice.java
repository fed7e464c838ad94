package org.restcompress.internal.cost;

import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.restcompress.internal.negotiation.HeaderLists;

/**
 * With {@code restcompress.auto.formats}: among the representations of one method that a client accepts at the same
 * {@code q} (JSON, CBOR, Smile, MessagePack...), the one expected to be delivered and parsed soonest over the
 * client's link, in the coding negotiation chose, or together with the coding where auto chose it by cost. It only
 * breaks ties the runtime would break by {@code qs}. Expected time: bytes on the wire over the link, plus bytes
 * before coding times the format's writing and parsing cost ({@code benchmarks/results/formats.md}) and the
 * coding's, weighed as auto weighs codings. Bytes are the method's own recent medians per format and coding; a
 * format sent fewer than {@value #MEASURED} times is never chosen (the library tries none out on a client). How and
 * why: docs/choosing-the-coding.md ("Body formats").
 */
public final class FormatChoice {

    static final int MEASURED = 3;

    /**
     * Jackson's writing and parsing times per byte of each format's own representation, nanoseconds: formats.md's
     * identity rows (MB/s of the JSON-equivalent content) divided by each format's size relative to JSON.
     */
    private static final Map<String, double[]> FORMAT_NANOS = Map.of(
            "json", new double[] {1e3 / 448, 1e3 / 430},
            "xml", new double[] {1e3 / (238 * 1.312), 1e3 / (162 * 1.312)},
            "cbor", new double[] {1e3 / (553 * 0.885), 1e3 / (411 * 0.885)},
            "x-jackson-smile", new double[] {1e3 / (717 * 0.681), 1e3 / (665 * 0.681)},
            "msgpack", new double[] {1e3 / (418 * 0.881), 1e3 / (447 * 0.881)},
            "x-msgpack", new double[] {1e3 / (418 * 0.881), 1e3 / (447 * 0.881)});
    /** A format not in the table: as JSON. */
    private static final double[] OTHER_NANOS = FORMAT_NANOS.get("json");

    /** What was chosen: the type, the coding ({@code identity} for none), and the words for the decision. */
    public record Pick(MediaType type, String coding, String note) {
    }

    private final List<MediaType> produced;
    /** Recent bytes before coding, by type, whatever the coding: what identity sends. */
    private final Map<MediaType, RecentMedian> plain = new ConcurrentHashMap<>();
    /** Recent bytes before and after coding, by {@code type + " " + coding}: one set of responses for both. */
    private final Map<String, RecentMedian[]> coded = new ConcurrentHashMap<>();

    /** @param produced the method's media types, {@code @Produces}'s, each with its own writer */
    public FormatChoice(List<MediaType> produced) {
        List<MediaType> plain = new ArrayList<>();
        for (MediaType type : produced) {
            plain.add(new MediaType(type.getType(), type.getSubtype()));
        }
        this.produced = List.copyOf(plain);
    }

    /** Whether the method has more than one concrete type to choose among. */
    public static boolean worthChoosing(List<MediaType> produced) {
        return produced.stream().filter(t -> !t.isWildcardType() && !t.isWildcardSubtype()).count() > 1;
    }

    /** Expected time of a body of {@code before} bytes sent as {@code after}, in a coding and a format. */
    @FunctionalInterface
    public interface Weigh {
        /**
         * @param coding      the coding's figures (only its CPU costs count: {@code after} says what it saves)
         * @param writeNanos  the format's writing time per byte
         * @param parseNanos  the format's parsing time per byte
         * @return nanoseconds
         */
        double nanos(double before, double after, CodingFigures coding, double writeNanos, double parseNanos);
    }

    /**
     * Wire time plus every CPU's time in turn: where auto did not weigh the request, a body that is neither streamed
     * nor costs the server more than its format and coding.
     */
    public static Weigh plainly(double bitsPerSecond) {
        return (before, after, coding, writeNanos, parseNanos) -> after * 8 / bitsPerSecond * 1e9
                + before * (writeNanos + parseNanos + coding.compressNanos() + coding.decodeNanos());
    }

    /**
     * The representation to send, and its coding, or {@code null} to leave the runtime's: when {@code accept} ranks at
     * least two of the method's types first and equally, {@code current} (the runtime's pick) is one of them, the
     * link is known, and {@code current} and another tied type are known in one of {@code codings} (the others are
     * not weighed: a type not known is never tried out). Where auto chose the coding by cost,
     * {@code codings} holds every coding it weighed, and the pair expected soonest is chosen, weighed as auto weighs
     * codings: each type in each coding the method has sent it in.
     *
     * @param codings       the codings it may go in, the negotiated one first ({@code identity} for none)
     * @param figures       each coding's figures
     * @param weigh         how a pair's time is expected
     * @param bitsPerSecond the client's link, 0 when not known
     */
    public Pick choose(List<String> accept, MediaType current, List<String> codings,
            Function<String, CodingFigures> figures, Weigh weigh, double bitsPerSecond) {
        if (current == null || bitsPerSecond <= 0 || codings.isEmpty()) {
            return null;
        }
        List<MediaType> tied = tied(accept);
        MediaType now = new MediaType(current.getType(), current.getSubtype());
        if (tied.size() < 2 || !tied.contains(now)) {
            return null;
        }
        // read once: a median that expires meanwhile must not leave a type without a coding
        Map<MediaType, Map<String, double[]>> known = new LinkedHashMap<>();
        for (MediaType type : tied) {
            Map<String, double[]> byCoding = new LinkedHashMap<>();
            for (String coding : codings) {
                double[] sizes = sizes(type, coding);
                if (sizes != null) {
                    byCoding.put(coding, sizes);
                }
            }
            if (!byCoding.isEmpty()) {
                known.put(type, byCoding);
            } else if (type.equals(now)) {
                return null; // the runtime's pick not known well enough: its choice
            }
        }
        if (known.size() < 2) {
            return null; // nothing to weigh it against (a format not known is never tried out)
        }
        boolean pairs = codings.size() > 1;
        MediaType best = null;
        String bestCoding = null;
        double bestNanos = Double.MAX_VALUE;
        StringBuilder estimates = new StringBuilder();
        for (Map.Entry<MediaType, Map<String, double[]>> type : known.entrySet()) {
            String typeCoding = null;
            double typeNanos = Double.MAX_VALUE;
            double typeSent = 0;
            double[] format = formatNanos(type.getKey());
            for (Map.Entry<String, double[]> coding : type.getValue().entrySet()) { // negotiated first: keeps a tie
                double[] sizes = coding.getValue();
                double nanos = weigh.nanos(sizes[0], sizes[1], figures.apply(coding.getKey()), format[0], format[1]);
                if (typeCoding == null || nanos < typeNanos) {
                    typeNanos = nanos;
                    typeCoding = coding.getKey();
                    typeSent = sizes[1];
                }
            }
            // no String.format: this runs on every request of the method, and formatting costs microseconds there
            estimates.append(estimates.length() == 0 ? "" : ", ").append(type.getKey().getSubtype()).append(' ')
                    .append(CostModel.decimals(typeNanos / 1e3, 0)).append(" us")
                    .append(pairs ? " in " + typeCoding : "")
                    .append(" (").append(CostModel.decimals(typeSent, 0)).append(" B)");
            if (best == null || typeNanos < bestNanos) {
                bestNanos = typeNanos;
                best = type.getKey();
                bestCoding = typeCoding;
            }
        }
        return new Pick(best, bestCoding, "format " + best + (pairs ? " in " + bestCoding : "")
                + ": soonest delivered and parsed (" + estimates + " at "
                + CostModel.decimals(bitsPerSecond / 1e6, 1) + " Mbit/s)");
    }

    /** Bytes before and after coding of {@code type} in {@code coding}, or {@code null} while not known well. */
    private double[] sizes(MediaType type, String coding) {
        if (identity(coding)) {
            RecentMedian known = plain.get(type);
            double value = known == null ? 0 : known.value(MEASURED);
            return value > 0 ? new double[] {value, value} : null;
        }
        RecentMedian[] known = coded.get(key(type, coding));
        if (known == null) {
            return null;
        }
        double before = known[0].value(MEASURED);
        double after = known[1].value(MEASURED);
        return before > 0 && after > 0 ? new double[] {before, after} : null;
    }

    /** One response of the method was written in {@code type} and {@code coding}: its bytes before and after. */
    public void record(MediaType type, String coding, long bytesBefore, long bytesAfter) {
        if (type == null || bytesBefore <= 0 || bytesAfter <= 0) {
            return;
        }
        MediaType bare = new MediaType(type.getType(), type.getSubtype());
        if (!produced.contains(bare)) {
            return;
        }
        plain.computeIfAbsent(bare, k -> recent()).add(bytesBefore);
        if (!identity(coding)) {
            RecentMedian[] known = coded.computeIfAbsent(key(bare, coding),
                    k -> new RecentMedian[] {recent(), recent()});
            known[0].add(bytesBefore);
            known[1].add(bytesAfter);
        }
    }

    private static RecentMedian recent() {
        return new RecentMedian(RecentMedian.NONE, System::nanoTime);
    }

    private static boolean identity(String coding) {
        return coding == null || "identity".equals(coding);
    }

    /** The method's types that {@code accept} names and ranks first, equally (by the client's {@code q}; none at 0). */
    List<MediaType> tied(List<String> accept) {
        List<MediaType> tied = new ArrayList<>();
        if (accept == null) {
            return tied;
        }
        List<MediaType> ranges = new ArrayList<>();
        for (String member : HeaderLists.members(accept)) {
            try {
                ranges.add(MediaType.valueOf(member));
            } catch (IllegalArgumentException e) {
                return List.of(); // a malformed Accept: the runtime's answer stands
            }
        }
        double top = 0;
        for (MediaType type : produced) {
            double q = quality(type, ranges);
            if (q > top) {
                top = q;
                tied.clear();
            }
            if (q == top && q > 0) {
                tied.add(type);
            }
        }
        return tied;
    }

    /**
     * The {@code q} of the range that names {@code type} itself, 0 for none: a wildcard ({@code *}{@code /*}, as
     * browsers send) says anything will do, not which formats the client reads, and leaves the server's {@code qs}
     * in charge.
     */
    private static double quality(MediaType type, List<MediaType> ranges) {
        for (MediaType range : ranges) {
            if (!range.isWildcardType() && !range.isWildcardSubtype() && range.isCompatible(type)) {
                return q(range);
            }
        }
        return 0;
    }

    private static double q(MediaType range) {
        String value = range.getParameters().get("q");
        try {
            double q = value == null ? 1 : Double.parseDouble(value);
            return q >= 0 && q <= 1 ? q : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Writing and parsing time per byte. */
    private static double[] formatNanos(MediaType type) {
        String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
        if (subtype.endsWith("+json")) {
            subtype = "json";
        }
        return FORMAT_NANOS.getOrDefault(subtype, OTHER_NANOS);
    }

    private static String key(MediaType type, String coding) {
        return type.getType() + "/" + type.getSubtype() + " " + coding;
    }
}
