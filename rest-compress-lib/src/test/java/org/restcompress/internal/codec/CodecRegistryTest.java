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

    /** The startup line names each optional coding that is missing and the artifact, at the build's version, for it. */
    @Test
    void saysWhichOptionalCodingsAreMissingAndWhichArtifactBringsEach() throws java.io.IOException {
        String pom = java.nio.file.Files.readString(java.nio.file.Paths.get("..", "pom.xml"));
        java.util.function.Function<String, String> version = property -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("<" + property + ">([^<]+)<").matcher(pom);
            assertTrue(m.find(), property);
            return m.group(1);
        };
        String line = CodecRegistry.missing(new CodecRegistry(List.of(new IdentityCodec(), new GzipCodec())));
        assertTrue(line.contains("zstd (com.github.luben:zstd-jni:" + version.apply("zstd-jni.version") + ")"), line);
        assertTrue(line.contains("br (com.aayushatharva.brotli4j:brotli4j:" + version.apply("brotli4j.version")
                + " with com.aayushatharva.brotli4j:native-" + CodecRegistry.nativePlatform() + ":"
                + version.apply("brotli4j.version") + ")"), line);
        assertTrue(line.contains("lz4 (at.yawk.lz4:lz4-java:" + version.apply("lz4-java.version") + ")"), line);
        assertEquals("", CodecRegistry.missing(CodecRegistry.load(getClass().getClassLoader(),
                token -> CodecOptions.NONE)), "all three are on the test class path");
        String linuxArm = System.getProperty("os.arch");
        assertTrue(CodecRegistry.nativePlatform().matches("(linux|osx|windows)-[a-z0-9_]+"),
                CodecRegistry.nativePlatform() + " on " + linuxArm);
    }
}
