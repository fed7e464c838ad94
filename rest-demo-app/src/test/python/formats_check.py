#!/usr/bin/env python3
"""Decodes the demo's binary representations with parsers nobody here wrote, for FormatsTest.

  formats_check.py DIR   for every DIR/<name>--<format>--<coding>.bin: undoes the coding (Python's gzip, zlib,
                         zstandard, brotli, lz4, and the C liblzf through lzf_zv.py), parses the format (cbor2, msgpack)
                         and compares it with DIR/<name>.json, binary fields against JSON's base64; one line per file
"""
import base64
import gzip
import json
import os
import subprocess
import sys
import zlib

import brotli
import cbor2
import lz4.frame
import msgpack
import zstandard

HERE = os.path.dirname(os.path.abspath(__file__))


def undo(coding, data):
    if coding == "identity":
        return data
    if coding == "gzip":
        return gzip.decompress(data)
    if coding == "deflate":
        return zlib.decompress(data)
    if coding == "zstd":
        return zstandard.ZstdDecompressor().stream_reader(data, read_across_frames=True).read()
    if coding == "br":
        return brotli.decompress(data)
    if coding == "lz4":
        return lz4.frame.decompress(data)
    if coding == "lzf":
        return subprocess.run([sys.executable, os.path.join(HERE, "lzf_zv.py"), "decode"], input=data,
                              stdout=subprocess.PIPE, check=True).stdout
    raise ValueError(coding)


def parse(fmt, data):
    if fmt == "cbor":
        return cbor2.loads(data)
    if fmt in ("msgpack", "x-msgpack"):
        return msgpack.unpackb(data, raw=False)
    raise ValueError(fmt)


def as_json(value):
    """What JSON makes of a parsed value: bytes become base64 text, as Jackson writes them."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def main(directory):
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".bin"):
            continue
        source, fmt, coding = name[:-4].split("--")
        expected = json.load(open(os.path.join(directory, source + ".json"), "rb"))
        try:
            parsed = as_json(parse(fmt, undo(coding, open(os.path.join(directory, name), "rb").read())))
        except Exception as e:  # a parser refusing the bytes is a finding
            print("%s: fails: %s" % (name, e))
            continue
        print("%s: %s" % (name, "ok" if parsed == expected else "differs"))


if __name__ == "__main__":
    main(sys.argv[1])
