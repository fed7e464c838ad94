#!/usr/bin/env python3
"""LZF bodies on the command line, with the C liblzf (Debian: liblzf-dev) and nothing of ours.

    python3 lzf_zv.py decode < body.lzf > body.json
    python3 lzf_zv.py encode < body.json > body.lzf

Content-Encoding: lzf is LZF in the "ZV" chunk framing (liblzf's lzf tool and compress-lzf use it):
  "ZV" 0x00 len:u16be data          a stored chunk
  "ZV" 0x01 clen:u16be ulen:u16be   a compressed chunk of clen bytes that inflates to ulen
Chunks hold at most 65535 bytes. liblzf itself knows only the raw blocks; the framing is this script's.
"""
import ctypes
import ctypes.util
import struct
import sys

MAX_CHUNK = 0xFFFF


def load():
    for name in ("liblzf.so.1", ctypes.util.find_library("lzf")):
        if name:
            try:
                lib = ctypes.CDLL(name)
                break
            except OSError:
                continue
    else:
        sys.exit("liblzf is not installed (Debian: apt-get install liblzf-dev)")
    for fn in (lib.lzf_compress, lib.lzf_decompress):
        fn.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p, ctypes.c_uint]
        fn.restype = ctypes.c_uint
    return lib


def read_exactly(stream, n):
    data = stream.read(n)
    if len(data) != n:
        raise ValueError("truncated: wanted %d bytes, got %d" % (n, len(data)))
    return data


def decode(lib, src, dst):
    while True:
        magic = src.read(2)
        if not magic:
            return
        if magic != b"ZV":
            raise ValueError("not a ZV chunk: %r" % magic)
        kind = read_exactly(src, 1)[0]
        if kind == 0:
            (length,) = struct.unpack(">H", read_exactly(src, 2))
            dst.write(read_exactly(src, length))
        elif kind == 1:
            clen, ulen = struct.unpack(">HH", read_exactly(src, 4))
            packed = read_exactly(src, clen)
            out = ctypes.create_string_buffer(ulen)
            got = lib.lzf_decompress(packed, clen, out, ulen)
            if got != ulen:
                raise ValueError("corrupt chunk: inflated to %d bytes, header says %d" % (got, ulen))
            dst.write(out.raw)
        else:
            raise ValueError("unknown chunk type %d" % kind)


def encode(lib, src, dst):
    while True:
        chunk = src.read(MAX_CHUNK)
        if not chunk:
            return
        out = ctypes.create_string_buffer(len(chunk))
        # an output buffer one byte short of the input: 0 means "would not shrink", so store it
        clen = lib.lzf_compress(chunk, len(chunk), out, len(chunk) - 1) if len(chunk) > 1 else 0
        if clen:
            dst.write(b"ZV\x01" + struct.pack(">HH", clen, len(chunk)) + out.raw[:clen])
        else:
            dst.write(b"ZV\x00" + struct.pack(">H", len(chunk)) + chunk)


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("decode", "encode"):
        sys.exit(__doc__)
    lib = load()
    try:
        (decode if sys.argv[1] == "decode" else encode)(lib, sys.stdin.buffer, sys.stdout.buffer)
    except ValueError as e:
        sys.exit("lzf_zv: " + str(e))


if __name__ == "__main__":
    main()
