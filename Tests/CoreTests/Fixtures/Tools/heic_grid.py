#!/usr/bin/env python3
"""Writes a HEIC whose primary image is a grid of identical tiles, laid out as an iPhone writes
its photos (a 4032x3024 photo in 8 x 6 tiles of 512x512, optionally turned by `irot`), from a
one-tile HEIC made by heif-enc (libheif 1.15 cannot write grids). Every tile item points at the
same coded bytes, so a flat-coloured tile gives a file of a few kilobytes.

  heif-enc -q 50 tile_512.png -o tile.heic
  python3 heic_grid.py tile.heic 4032 3024 1 grid.heic      # irot 1: 90 degrees anticlockwise

Box layout from ISO/IEC 23008-12 (HEIF): ftyp, meta (hdlr, pitm, iloc, iinf, iref, iprp, idat), mdat.
"""
import struct
import sys


def boxes(data, start, end):
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack('>I4s', data[offset:offset + 8])
        yield kind.decode('latin1'), offset + 8, offset + size
        offset += size


def child(data, start, end, kind):
    return next((s, e) for k, s, e in boxes(data, start, end) if k == kind)


def box(kind, payload):
    return struct.pack('>I4s', 8 + len(payload), kind.encode()) + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack('>I', version << 24 | flags) + payload)


def tile_parts(path):
    """The tile's hvcC and ispe property boxes and its coded bytes (iloc version 0, one extent)."""
    data = open(path, 'rb').read()
    meta = child(data, 0, len(data), 'meta')
    iprp = child(data, meta[0] + 4, meta[1], 'iprp')
    ipco = child(data, iprp[0], iprp[1], 'ipco')
    properties = {k: data[s - 8:e] for k, s, e in boxes(data, ipco[0], ipco[1])}
    iloc = child(data, meta[0] + 4, meta[1], 'iloc')
    version, sizes, base_sizes = data[iloc[0]], data[iloc[0] + 4], data[iloc[0] + 5]
    assert version == 0 and sizes == 0x44 and base_sizes == 0x40, 'expected heif-enc 1.15 iloc layout'
    # item_count(2), item_ID(2), data_reference_index(2), base_offset(4), extent_count(2), offset(4), length(4)
    base, count, offset, length = struct.unpack('>IHII', data[iloc[0] + 12:iloc[0] + 26])
    assert count == 1, 'expected one extent'
    return properties['hvcC'], properties['ispe'], data[base + offset:base + offset + length]


def grid_file(tile, width, height, rotation):
    hvcc, tile_ispe, coded = tile_parts(tile)
    tile_width, tile_height = struct.unpack('>II', tile_ispe[12:20])
    columns, rows = -(-width // tile_width), -(-height // tile_height)
    tiles = list(range(2, 2 + columns * rows))
    ftyp = box('ftyp', b'heic' + struct.pack('>I', 0) + b'mif1heic')
    hdlr = full_box('hdlr', 0, 0, struct.pack('>I', 0) + b'pict' + bytes(12) + b'\0')
    pitm = full_box('pitm', 0, 0, struct.pack('>H', 1))
    infe = [full_box('infe', 2, 0, struct.pack('>HH', 1, 0) + b'grid' + b'\0')]
    infe += [full_box('infe', 2, 1, struct.pack('>HH', item, 0) + b'hvc1' + b'\0') for item in tiles]
    iinf = full_box('iinf', 0, 0, struct.pack('>H', len(infe)) + b''.join(infe))
    iref = full_box('iref', 0, 0, box('dimg', struct.pack('>HH', 1, len(tiles)) + b''.join(struct.pack('>H', t) for t in tiles)))
    grid_ispe = full_box('ispe', 0, 0, struct.pack('>II', width, height))
    properties = [hvcc, tile_ispe, grid_ispe] + ([box('irot', bytes([rotation & 3]))] if rotation else [])
    ipco = box('ipco', b''.join(properties))
    grid_associations = [3] + ([0x80 | 4] if rotation else [])
    entries = [struct.pack('>HB', 1, len(grid_associations)) + bytes(grid_associations)]
    entries += [struct.pack('>HBBB', item, 2, 0x80 | 1, 2) for item in tiles]
    ipma = full_box('ipma', 0, 0, struct.pack('>I', len(entries)) + b''.join(entries))
    iprp = box('iprp', ipco + ipma)
    descriptor = struct.pack('>BBBBHH', 0, 0, rows - 1, columns - 1, width, height)
    idat = box('idat', descriptor)

    def meta_with(tile_offset):
        # iloc version 1: 4-byte offsets and lengths, no base offset, construction method per item.
        items = [struct.pack('>HHHHII', 1, 1, 0, 1, 0, len(descriptor))]  # the grid, in idat
        items += [struct.pack('>HHHHII', item, 0, 0, 1, tile_offset, len(coded)) for item in tiles]
        iloc = full_box('iloc', 1, 0, bytes([0x44, 0x00]) + struct.pack('>H', len(items)) + b''.join(items))
        return full_box('meta', 0, 0, hdlr + pitm + iloc + iinf + iref + iprp + idat)

    tile_offset = len(ftyp) + len(meta_with(0)) + 8
    return ftyp + meta_with(tile_offset) + box('mdat', coded)


if __name__ == '__main__':
    tile, width, height, rotation, output = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    open(output, 'wb').write(grid_file(tile, width, height, rotation))
