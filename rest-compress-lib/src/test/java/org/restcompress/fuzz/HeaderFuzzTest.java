package org.restcompress.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.restcompress.internal.codec.UnsupportedCodingException;
import org.restcompress.internal.negotiation.AcceptEncoding;
import org.restcompress.internal.negotiation.Negotiated;
import org.restcompress.internal.negotiation.EncodingChooser;
import org.restcompress.ConfigKeys;

/** The header parsers: any header value parses or is refused cleanly, and the choice is always a coding on offer. */
class HeaderFuzzTest {

    private static final List<String> OFFERED = List.of("lzf", "gzip", "zstd");
    private static final EncodingChooser CHOOSER = new EncodingChooser(ConfigKeys.DEFAULT_PREFERENCE);

    /** Header bytes as HTTP has them (ISO-8859-1); byte[] keeps the committed seeds' bytes as they are. */
    private static String header(byte[] raw) {
        return new String(raw, StandardCharsets.ISO_8859_1);
    }

    @FuzzTest(maxDuration = "30s")
    void acceptEncoding(byte[] raw) {
        String header = header(raw);
        AcceptEncoding accept = AcceptEncoding.parse(List.of(header), DecoderFuzzTest.REGISTRY::canonical);
        Negotiated choice = CHOOSER.choose(OFFERED, accept);
        if (choice.isEncoded() && !OFFERED.contains(choice.coding())) {
            throw new AssertionError("chose " + choice + ", which is not on offer, for " + header);
        }
        if (choice.isEncoded() && accept.quality(choice.coding()) <= 0) {
            throw new AssertionError("chose refused " + choice + " for " + header);
        }
        if (choice.isNotAcceptable() && accept.acceptsIdentity()) {
            throw new AssertionError("406 although identity is acceptable: " + header);
        }
    }

    @FuzzTest(maxDuration = "30s")
    void contentEncoding(byte[] raw) {
        String header = header(raw);
        try {
            if (DecoderFuzzTest.REGISTRY.decoders(List.of(header), 3).size() > 3) {
                throw new AssertionError("more codings than allowed: " + header);
            }
        } catch (UnsupportedCodingException expected) {
            // refused cleanly: 415
        }
    }
}
