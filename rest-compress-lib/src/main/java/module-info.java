/**
 * rest-compress: negotiated content codings for Jakarta REST. The API is {@code org.restcompress} (the annotations,
 * the feature, its configuration and the decoding errors) {@code org.restcompress.codec} (the codec SPI) and
 * {@code org.restcompress.dictionary} (the dictionary store SPI) and {@code org.restcompress.observe} (what the library
 * did, for listeners);
 * everything under {@code org.restcompress.internal} may change in any release.
 */
module org.restcompress {
    requires transitive jakarta.ws.rs;
    requires com.ning.compress.lzf;
    requires java.management; // preference=auto weighs compression by the CPU's load
    requires static jdk.management; // the load itself, where the runtime has it (else the load average)
    // optional codings: active when their library is present
    requires static com.github.luben.zstd_jni;
    requires static com.aayushatharva.brotli4j;
    requires static org.lz4.java;
    // the hook that ends the library's resources when a WAR stops; loaded only by servlet containers
    requires static jakarta.servlet;
    // Flight Recorder events, where the runtime has it
    requires static jdk.jfr;

    exports org.restcompress;
    exports org.restcompress.codec;
    exports org.restcompress.dictionary;
    exports org.restcompress.observe;

    uses org.restcompress.codec.ContentCodec;
    uses org.restcompress.dictionary.DictionaryStoreProvider;
    uses org.restcompress.observe.CompressionListener;
    provides org.restcompress.codec.ContentCodec with
            org.restcompress.internal.codec.ZstdCodec,
            org.restcompress.internal.codec.BrotliCodec,
            org.restcompress.internal.codec.Lz4Codec;
}
