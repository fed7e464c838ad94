package org.restcompress.internal.codec;

/** Package-private zstd details for tests in other packages. */
public final class ZstdCodecAccess {

    private ZstdCodecAccess() {
    }

    public static int windowLogFor(int dictionarySize) {
        return ZstdCodec.windowLogFor(dictionarySize);
    }
}
