package org.restcompress.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.restcompress.testcodec.XorCodec;
import org.restcompress.codec.CodecOptions;

class CodecRegistryTest {

    @Test
    void findsBuiltInsByTokenAndAliasIgnoringCase() {
        CodecRegistry registry = CodecRegistry.load(getClass().getClassLoader(), token -> CodecOptions.NONE);
        assertTrue(registry.find("GZIP").orElseThrow() instanceof GzipCodec);
        assertTrue(registry.find(" x-gzip ").orElseThrow() instanceof GzipCodec);
        assertTrue(registry.find("lzf").orElseThrow() instanceof LzfCodec);
        assertTrue(registry.find("deflate").orElseThrow() instanceof DeflateCodec);
        assertTrue(registry.find("identity").orElseThrow() instanceof IdentityCodec);
        assertEquals(Optional.empty(), registry.find("br-unknown"));
        assertEquals("gzip", registry.canonical("X-GZIP"));
        assertEquals("nope", registry.canonical("NoPe"));
    }

    @Test
    void loadsUserCodecsThroughTheServiceLoader() {
        CodecRegistry registry = CodecRegistry.load(getClass().getClassLoader(), token -> CodecOptions.NONE);
        assertTrue(registry.find(XorCodec.TOKEN).orElseThrow() instanceof XorCodec);
        assertTrue(registry.tokens().containsAll(List.of("identity", "gzip", "deflate", "lzf", XorCodec.TOKEN)));
        assertEquals(List.of("gzip", "deflate", "lzf", "zstd", "br", "lz4"),
                registry.encodingTokens().stream().filter(t -> !t.equals(XorCodec.TOKEN)).toList());
        assertTrue(registry.encodingTokens().contains(XorCodec.TOKEN));
    }

    /** A codec that cannot load (listed first here) is skipped; the ones after it still load. */
    @Test
    void skipsCodecsThatCannotLoad() {
        CodecRegistry registry = CodecRegistry.load(getClass().getClassLoader(), token -> CodecOptions.NONE);
        assertEquals(Optional.empty(), registry.find("x-unavailable"));
        assertTrue(registry.find(XorCodec.TOKEN).isPresent());
    }

    @Test
    void configuresEachCodecWithItsOwnSettings() {
        CodecRegistry registry = CodecRegistry.load(getClass().getClassLoader(),
                token -> CodecOptions.of(token,
                        name -> token.equals("gzip") && name.equals("level") ? Optional.of("1") : Optional.empty()));
        assertEquals(1, ((GzipCodec) registry.find("gzip").orElseThrow()).level());
        assertEquals(6, ((DeflateCodec) registry.find("deflate").orElseThrow()).level());
    }
}
