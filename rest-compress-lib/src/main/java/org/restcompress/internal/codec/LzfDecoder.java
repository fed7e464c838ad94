package org.restcompress.internal.codec;

import com.ning.compress.lzf.ChunkDecoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFException;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * Strict reader of LZF "ZV" chunks: {@code 'Z' 'V' 0 len16 data} (stored) or {@code 'Z' 'V' 1 clen16 ulen16 data}
 * (compressed). Uses compress-lzf's bounds-checked decoder, never its Unsafe one, since the input is untrusted, and
 * turns whatever a malformed chunk provokes into an {@link LZFException}. An empty body decodes to nothing.
 */
final class LzfDecoder extends BulkInputStream {

    private static final ChunkDecoder DECODER = ChunkDecoderFactory.safeInstance();

    private final InputStream source;
    private final byte[] header = new byte[LZFChunk.HEADER_LEN_COMPRESSED];
    private final byte[] compressed = new byte[LZFChunk.MAX_CHUNK_LEN];
    private final byte[] decoded = new byte[LZFChunk.MAX_CHUNK_LEN];
    private int position;
    private int limit;
    private boolean ended;

    LzfDecoder(InputStream source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (position == limit) {
            return nextChunk(b, off, len); // may decode straight into b
        }
        int n = Math.min(len, limit - position);
        System.arraycopy(decoded, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return limit - position;
    }

    /**
     * Decodes the next chunk: into {@code b} when it fits (one copy fewer), else into {@code decoded}, from which the
     * start goes to {@code b}. Returns the bytes put into {@code b}, or -1 at a clean end (between chunks).
     */
    private int nextChunk(byte[] b, int off, int len) throws IOException {
        while (!ended) {
            int first = source.read();
            if (first < 0) {
                ended = true;
                return -1;
            }
            header[0] = (byte) first;
            readFully(header, 1, LZFChunk.HEADER_LEN_NOT_COMPRESSED - 1);
            if (header[0] != LZFChunk.BYTE_Z || header[1] != LZFChunk.BYTE_V) {
                throw new LZFException("not in LZF format: a chunk must start with 'ZV'");
            }
            int type = header[2];
            int chunkLength = uint16(3);
            int decodedLength;
            if (type == LZFChunk.BLOCK_TYPE_NON_COMPRESSED) {
                decodedLength = chunkLength;
                if (decodedLength <= len) {
                    readFully(b, off, decodedLength);
                } else {
                    readFully(decoded, 0, decodedLength);
                }
            } else if (type == LZFChunk.BLOCK_TYPE_COMPRESSED) {
                readFully(header, LZFChunk.HEADER_LEN_NOT_COMPRESSED, 2);
                decodedLength = uint16(5);
                readFully(compressed, 0, chunkLength);
                if (decodedLength <= len) {
                    decodeChunk(chunkLength, b, off, decodedLength);
                } else {
                    decodeChunk(chunkLength, decoded, 0, decodedLength);
                }
            } else {
                throw new LZFException("unknown LZF chunk type " + type);
            }
            if (decodedLength == 0) {
                continue;
            }
            if (decodedLength <= len) {
                return decodedLength;
            }
            limit = decodedLength;
            position = Math.min(len, limit);
            System.arraycopy(decoded, 0, b, off, position);
            return position;
        }
        return -1;
    }

    private void decodeChunk(int chunkLength, byte[] target, int at, int decodedLength) throws LZFException {
        try {
            DECODER.decodeChunk(compressed, 0, chunkLength, target, at, at + decodedLength);
        } catch (RuntimeException e) {
            // an out-of-bounds back reference or a chunk shorter than its header says
            throw new LZFException("corrupt LZF chunk", e);
        }
    }

    private int uint16(int at) {
        return (header[at] & 0xff) << 8 | header[at + 1] & 0xff;
    }

    private void readFully(byte[] b, int off, int len) throws IOException {
        if (source.readNBytes(b, off, len) < len) {
            throw new EOFException("truncated: input ended inside an LZF chunk");
        }
    }

    @Override
    public void close() throws IOException {
        ended = true;
        source.close();
    }
}
