#!/usr/bin/python3
"""Writes the small GIF and WebP files the tests and the fuzz corpora use (Tests/Images).

GIFs are written by hand (uncompressed LZW: a clear code before the code width would grow), so
each frame's rectangle, disposal method, delay and transparent index are exactly as the tests
expect; WebPs with Pillow (lossless, so every pixel is exact). Run from anywhere:
    /usr/bin/python3 Tests/Images/make-images.py   (Debian python3-pil)
"""
import os
import struct
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
# The global palette: red, green, blue, white.
PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]


def lzw(indices, min_code_size=2):
    """LZW data that never grows its code width: a clear code every few codes."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    width = min_code_size + 1
    codes = []
    for i, index in enumerate(indices):
        # After a clear, each literal adds a table entry; re-clear before the width would grow.
        if i % ((1 << width) - (1 << min_code_size) - 2) == 0:
            codes.append(clear)
        codes.append(index)
    codes.append(end)
    bits, nbits, out = 0, 0, bytearray()
    for code in codes:
        bits |= code << nbits
        nbits += width
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8
    if nbits:
        out.append(bits & 0xFF)
    blocks = bytearray([min_code_size])
    for start in range(0, len(out), 255):
        chunk = out[start:start + 255]
        blocks += bytes([len(chunk)]) + chunk
    return bytes(blocks + b"\x00")


def gif(width, height, frames, loop=None):
    """frames: dicts of x, y, w, h, pixels (indices), delay (cs), disposal, transparent, interlace."""
    out = bytearray(b"GIF89a")
    out += struct.pack("<HHBBB", width, height, 0x80 | 0x01, 0, 0)  # global table of 4 colours
    for colour in PALETTE:
        out += bytes(colour)
    if loop is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for frame in frames:
        transparent = frame.get("transparent")
        flags = (frame.get("disposal", 0) << 2) | (1 if transparent is not None else 0)
        out += b"\x21\xf9\x04" + struct.pack("<BHB", flags, frame.get("delay", 0), transparent or 0) + b"\x00"
        interlace = 0x40 if frame.get("interlace") else 0
        out += b"\x2c" + struct.pack("<HHHHB", frame["x"], frame["y"], frame["w"], frame["h"], interlace)
        out += lzw(frame["pixels"])
    return bytes(out + b"\x3b")


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as file:
        file.write(data)


# A still 4x3 GIF, white (index 3) transparent: rows R G B W / G B W R / B W R G.
still = [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1]
write("still.gif", gif(4, 3, [dict(x=0, y=0, w=4, h=3, pixels=still, transparent=3)]))

# An interlaced 1x8 GIF: row y has colour y % 3 (rows stored in the four interlace passes).
rows = [0, 4, 2, 6, 1, 3, 5, 7]
write("interlaced.gif", gif(1, 8, [dict(x=0, y=0, w=1, h=8, pixels=[row % 3 for row in rows], interlace=True)]))

# Four frames on a 4x4 canvas, looping twice more after the first play (three plays):
# 1. all red, 50 ms, left in place;
# 2. green 2x2 at (1,1) with its top-right pixel transparent, 0 ms (shown 100 ms), restored after;
# 3. blue 1x1 at (0,0), 200 ms, cleared to transparent after;
# 4. green 1x1 at (3,3), 10 ms (shown 100 ms).
write("animated.gif", gif(4, 4, [
    dict(x=0, y=0, w=4, h=4, pixels=[0] * 16, delay=5, disposal=1),
    dict(x=1, y=1, w=2, h=2, pixels=[1, 3, 1, 1], delay=0, disposal=3, transparent=3),
    dict(x=0, y=0, w=1, h=1, pixels=[2], delay=20, disposal=2),
    dict(x=3, y=3, w=1, h=1, pixels=[1], delay=1),
], loop=2))

# A still 4x3 WebP, lossless, with a transparent and a half-transparent pixel.
image = Image.new("RGBA", (4, 3))
colours = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (0, 0, 0, 0)]
for y in range(3):
    for x in range(4):
        image.putpixel((x, y), colours[(x + y) % 4])
image.putpixel((3, 2), (255, 255, 255, 128))
image.save(os.path.join(HERE, "still.webp"), lossless=True)

# Three 4x4 frames, lossless: red, green, blue; 80 ms, 5 ms (shown 100 ms), 300 ms; two plays.
frames = [Image.new("RGBA", (4, 4), colour) for colour in [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)]]
frames[0].save(os.path.join(HERE, "animated.webp"), save_all=True, append_images=frames[1:], duration=[80, 5, 300], loop=2,
               lossless=True, minimize_size=False, allow_mixed=False)

# The fuzz targets' seeds: these files, and a few more shapes of each format.
corpus = os.path.join(HERE, "..", "Fuzz", "Corpus")
for name in ["still.gif", "interlaced.gif", "animated.gif"]:
    with open(os.path.join(HERE, name), "rb") as source, open(os.path.join(corpus, "fuzz-gif", name), "wb") as seed:
        seed.write(source.read())
for name in ["still.webp", "animated.webp"]:
    with open(os.path.join(HERE, name), "rb") as source, open(os.path.join(corpus, "fuzz-webp", name), "wb") as seed:
        seed.write(source.read())
# A GIF87a without extensions, a frame past the canvas's edge, a local colour table (Pillow).
with open(os.path.join(corpus, "fuzz-gif", "gif87a.gif"), "wb") as seed:
    seed.write(b"GIF87a" + gif(2, 2, [dict(x=0, y=0, w=2, h=2, pixels=[0, 1, 2, 3])])[6:].replace(b"\x21\xf9\x04\x00\x00\x00\x00\x00", b""))
write_to = os.path.join(corpus, "fuzz-gif", "past-edge.gif")
with open(write_to, "wb") as seed:
    seed.write(gif(3, 3, [dict(x=0, y=0, w=3, h=3, pixels=[0] * 9), dict(x=2, y=2, w=3, h=3, pixels=[1] * 9, disposal=2, delay=3)], loop=0))
local = Image.new("P", (5, 4))
local.putpalette([0, 0, 0, 255, 128, 0, 20, 40, 200] + [0] * (256 * 3 - 9))
for y in range(4):
    for x in range(5):
        local.putpixel((x, y), (x + y) % 3)
local.save(os.path.join(corpus, "fuzz-gif", "pillow-palette.gif"))
# WebP: lossy still, lossy animation with alpha and blending.
Image.new("RGB", (6, 5), (30, 120, 200)).save(os.path.join(corpus, "fuzz-webp", "lossy.webp"), quality=50)
blend = [Image.new("RGBA", (5, 5), (255, 0, 0, 128)), Image.new("RGBA", (5, 5), (0, 0, 255, 255))]
blend[1].paste((0, 0, 0, 0), (1, 1, 4, 4))
blend[0].save(os.path.join(corpus, "fuzz-webp", "lossy-alpha-animated.webp"), save_all=True, append_images=blend[1:],
              duration=[40, 60], loop=0, quality=40)
