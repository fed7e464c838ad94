#!/usr/bin/env python3
"""Encoders and decoders nobody here wrote, for DifferentialTest.

  reference_codecs.py encode DIR   writes, for each input in DIR/*.raw, that input encoded by the reference tools and
                                   libraries with varied parameters: DIR/<input>--<coding>--<variant>.bin
  reference_codecs.py decode DIR   decodes every DIR/<input>--<coding>--<variant>.bin (written by our encoders) with
                                   the reference libraries and tools, and prints one line per file: ok, or what differs
  reference_codecs.py judge DIR    for every DIR/<name>--<coding>--<damage>.damaged: "accept <sha256 of the decoded
                                   bytes>" where the reference library decodes it whole, else "refuse <why>"

Python's gzip, zlib, zstandard, brotli and lz4 and the gzip, pigz, zstd, lz4 and brotli command-line tools, where
present (a missing tool is skipped and said on stderr). dcz streams carry RFC 9842's header before a zstd frame
compressed with a raw-content dictionary (DIR/dictionary.raw).
"""
import gzip
import hashlib
import io
import os
import shutil
import struct
import subprocess
import sys
import zlib

import brotli
import lz4.frame
import zstandard

DCZ_MAGIC = bytes([0x5E, 0x2A, 0x4D, 0x18, 0x20, 0x00, 0x00, 0x00])


def tool(*command, data):
    if shutil.which(command[0]) is None:
        print("missing tool: " + command[0], file=sys.stderr)
        return None
    return subprocess.run(list(command), input=data, stdout=subprocess.PIPE, check=True).stdout


def gzip_with_header(data, flags):
    """A gzip member with optional header fields (FEXTRA, FNAME, FCOMMENT, FHCRC) that Python's module never writes."""
    header = bytearray(b"\x1f\x8b\x08" + bytes([flags]) + struct.pack("<I", 1700000000) + b"\x00\x03")
    if flags & 4:
        header += struct.pack("<H", 6) + b"AB\x02\x00xy"
    if flags & 8:
        header += b"name.json\x00"
    if flags & 16:
        header += b"a comment\x00"
    if flags & 2:
        header += struct.pack("<H", zlib.crc32(bytes(header)) & 0xFFFF)
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = deflater.compress(data) + deflater.flush()
    return bytes(header) + body + struct.pack("<II", zlib.crc32(data) & 0xFFFFFFFF, len(data) & 0xFFFFFFFF)


def skippable(payload=b"metadata"):
    return struct.pack("<II", 0x184D2A50, len(payload)) + payload


def variants(data, dictionary):
    half = len(data) // 2
    yield "gzip", "py-level1", gzip.compress(data, 1)
    yield "gzip", "py-level9", gzip.compress(data, 9)
    yield "gzip", "two-members", gzip.compress(data[:half], 6) + gzip.compress(data[half:], 6)
    yield "gzip", "header-fields", gzip_with_header(data, 2 | 4 | 8 | 16)
    yield "gzip", "cli-9", tool("gzip", "-9", "-c", "-n", data=data)
    yield "gzip", "pigz-1", tool("pigz", "-1", "-c", data=data)
    yield "gzip", "pigz-11-zopfli", tool("pigz", "-11", "-c", data=data) if len(data) < 300_000 else None
    for level in (1, 9):
        yield "deflate", "zlib-level%d" % level, zlib.compress(data, level)
    for wbits in (9, 12):
        compressor = zlib.compressobj(6, zlib.DEFLATED, wbits)
        yield "deflate", "zlib-window%d" % wbits, compressor.compress(data) + compressor.flush()
    for level in (-5, 1, 3, 19):
        yield "zstd", "level%d" % level, zstandard.ZstdCompressor(level=level).compress(data)
    yield "zstd", "no-checksum-no-size", zstandard.ZstdCompressor(write_checksum=False,
                                                                  write_content_size=False).compress(data)
    yield "zstd", "checksum", zstandard.ZstdCompressor(write_checksum=True).compress(data)
    yield "zstd", "window-log10", zstandard.ZstdCompressor(
        compression_params=zstandard.ZstdCompressionParameters.from_level(3, window_log=10)).compress(data)
    yield "zstd", "streamed", streamed_zstd(data)
    yield "zstd", "two-frames", (zstandard.ZstdCompressor().compress(data[:half])
                                 + zstandard.ZstdCompressor().compress(data[half:]))
    yield "zstd", "skippable-frames", (skippable() + zstandard.ZstdCompressor().compress(data[:half]) + skippable(b"")
                                       + zstandard.ZstdCompressor().compress(data[half:]))
    yield "zstd", "cli-19", tool("zstd", "-19", "-c", "-q", data=data)
    yield "zstd", "cli-fast", tool("zstd", "--fast=3", "-c", "-q", data=data)
    for quality, window in ((0, 10), (5, 16), (11, 22), (4, 24)):
        yield "br", "q%d-w%d" % (quality, window), brotli.compress(data, quality=quality, lgwin=window)
    yield "br", "text-mode", brotli.compress(data, mode=brotli.MODE_TEXT)
    yield "br", "cli-11", tool("brotli", "-q", "11", "-c", data=data)
    for block in (lz4.frame.BLOCKSIZE_MAX64KB, lz4.frame.BLOCKSIZE_MAX4MB):
        for linked in (True, False):
            for checksum in (True, False):
                yield "lz4", "block%d-linked%s-checksum%s" % (block, linked, checksum), lz4.frame.compress(
                    data, block_size=block, block_linked=linked, content_checksum=checksum,
                    block_checksum=checksum, store_size=checksum)
    yield "lz4", "two-frames", lz4.frame.compress(data[:half]) + lz4.frame.compress(data[half:])
    yield "lz4", "skippable-frame", skippable() + lz4.frame.compress(data)
    yield "lz4", "cli-9", tool("lz4", "-9", "-c", "-q", data=data)
    yield "lz4", "cli-no-frame-crc", tool("lz4", "--no-frame-crc", "-c", "-q", data=data)
    yield "lz4", "cli-linked-64k", tool("lz4", "-B4", "-BD", "-c", "-q", data=data)
    if dictionary is not None:
        digest = hashlib.sha256(dictionary).digest()
        for with_id in (True, False):
            raw = zstandard.ZstdCompressionDict(dictionary, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
            frame = zstandard.ZstdCompressor(dict_data=raw, write_dict_id=with_id).compress(data)
            yield "dcz", "dict-id%s" % with_id, DCZ_MAGIC + digest + frame


def streamed_zstd(data):
    out = io.BytesIO()
    with zstandard.ZstdCompressor().stream_writer(out, closefd=False) as writer:
        for i in range(0, len(data), 8192):
            writer.write(data[i:i + 8192])
            writer.flush(zstandard.FLUSH_BLOCK)
    return out.getvalue()


def encode(directory):
    dictionary_path = os.path.join(directory, "dictionary.raw")
    dictionary = open(dictionary_path, "rb").read() if os.path.exists(dictionary_path) else None
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".raw") or name == "dictionary.raw":
            continue
        data = open(os.path.join(directory, name), "rb").read()
        for coding, variant, encoded in variants(data, dictionary):
            if encoded is not None:
                with open(os.path.join(directory, "%s--%s--%s.bin" % (name[:-4], coding, variant)), "wb") as out:
                    out.write(encoded)


def skip_skippable(data):
    """data after any skippable frames at its start (zstd and lz4 share their magic numbers 0x184D2A50-5F)."""
    while len(data) >= 8 and struct.unpack("<I", data[:4])[0] & 0xFFFFFFF0 == 0x184D2A50:
        size = struct.unpack("<I", data[4:8])[0]
        if len(data) < 8 + size:
            raise ValueError("skippable frame cut short")
        data = data[8 + size:]
    return data


def frames(data, new_decoder):
    """Every frame or member of data, strictly: each must end, and nothing may follow the last."""
    out = b""
    data = skip_skippable(data)
    while data:
        decoder = new_decoder()
        out += decoder.decompress(data)
        if not decoder.eof:
            raise ValueError("cut short")
        data = skip_skippable(decoder.unused_data or b"")
    return out


def strict(coding, data):
    """The reference library's decoding, refusing what is cut short or followed by anything."""
    if coding == "gzip":
        if not data:
            raise ValueError("empty")
        return frames(data, lambda: zlib.decompressobj(31))
    if coding == "deflate":
        decoder = zlib.decompressobj()
        out = decoder.decompress(data)
        if not decoder.eof or decoder.unused_data:
            raise ValueError("cut short or followed by data")
        return out
    if coding == "zstd":
        return frames(data, lambda: zstandard.ZstdDecompressor().decompressobj())
    if coding == "br":
        decoder = brotli.Decompressor()
        out = decoder.process(data)
        if not decoder.is_finished():
            raise ValueError("cut short")
        return out
    if coding == "lz4":
        return frames(data, lz4.frame.LZ4FrameDecompressor)
    raise ValueError("no strict reference for " + coding)


def reference_decoders(coding):
    """(name, function) pairs: every reference decoder of coding, library and tool."""
    here = os.path.dirname(os.path.abspath(__file__))
    lzf_zv = os.path.join(here, "..", "..", "..", "..", "rest-demo-app", "src", "test", "python", "lzf_zv.py")
    library = ("python", lambda d: strict(coding, d))
    return {
        "gzip": [library, ("gzip-cli", lambda d: tool("gzip", "-d", "-c", data=d))],
        "deflate": [library],
        "zstd": [library, ("zstd-cli", lambda d: tool("zstd", "-d", "-c", "-q", data=d))],
        "br": [library, ("brotli-cli", lambda d: tool("brotli", "-d", "-c", data=d))],
        "lz4": [library, ("lz4-cli", lambda d: tool("lz4", "-d", "-c", "-q", data=d))],
        "lzf": [("liblzf", lambda d: tool(sys.executable, lzf_zv, "decode", data=d))],
    }[coding]


def judge(directory):
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".damaged"):
            continue
        coding = name.split("--")[1]
        data = open(os.path.join(directory, name), "rb").read()
        try:
            print("%s accept %s" % (name, hashlib.sha256(strict(coding, data)).hexdigest()))
        except Exception as e:  # the reference refuses: ours must too
            print("%s refuse %s" % (name, str(e).replace("\n", " ")[:100]))


def decode(directory):
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".bin"):
            continue
        source, coding, variant = name[:-4].split("--")
        expected = open(os.path.join(directory, source + ".raw"), "rb").read()
        encoded = open(os.path.join(directory, name), "rb").read()
        for decoder, function in reference_decoders(coding):
            try:
                decoded = function(encoded)
            except Exception as e:  # a reference decoder refusing our bytes is what this looks for
                print("%s %s: fails: %s" % (name, decoder, e))
                continue
            if decoded is None:
                continue
            verdict = "ok" if decoded == expected else "differs: %d bytes, expected %d" % (len(decoded), len(expected))
            print("%s %s: %s" % (name, decoder, verdict))


if __name__ == "__main__":
    {"encode": encode, "decode": decode, "judge": judge}[sys.argv[1]](sys.argv[2])
