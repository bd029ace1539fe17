"""Screens as pictures: PPM screendumps and PNG renders read into RGB bytes, compared pixel by
pixel, and the test pattern's frame barcode decoded. Standard library only.
"""
import re
import struct
import zlib


class Picture:
    """An RGB picture (bytes, 3 per pixel) read from PPM or PNG, for comparing screens."""

    def __init__(self, width, height, rgb):
        self.width = width
        self.height = height
        self.rgb = rgb

    @staticmethod
    def load_ppm(path):
        data = open(path, "rb").read()
        parts = []
        index = 0
        while len(parts) < 4:
            while data[index:index + 1].isspace():
                index += 1
            if data[index:index + 1] == b"#":
                index = data.index(b"\n", index) + 1
                continue
            end = index
            while not data[end:end + 1].isspace():
                end += 1
            parts.append(data[index:end])
            index = end
        index += 1
        if parts[0] != b"P6" or parts[3] != b"255":
            raise ValueError(f"{path}: not an 8-bit P6 PPM")
        width, height = int(parts[1]), int(parts[2])
        return Picture(width, height, data[index:index + width * height * 3])

    @staticmethod
    def load_png(path):
        """Reads 8-bit RGB/RGBA, non-interlaced PNG (what Vitrine writes)."""
        data = open(path, "rb").read()
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError(f"{path}: not a PNG")
        index = 8
        idat = b""
        while index < len(data):
            length, kind = struct.unpack(">I4s", data[index:index + 8])
            body = data[index + 8:index + 8 + length]
            if kind == b"IHDR":
                width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
                if depth != 8 or colour not in (2, 6) or interlace:
                    raise ValueError(f"{path}: unsupported PNG layout")
            elif kind == b"IDAT":
                idat += body
            index += 12 + length
        channels = 3 if colour == 2 else 4
        raw = zlib.decompress(idat)
        stride = width * channels
        rows = []
        previous = bytearray(stride)
        offset = 0
        for _ in range(height):
            kind = raw[offset]
            line = bytearray(raw[offset + 1:offset + 1 + stride])
            offset += 1 + stride
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                if kind == 1:
                    line[i] = (line[i] + a) & 255
                elif kind == 2:
                    line[i] = (line[i] + b) & 255
                elif kind == 3:
                    line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(bytes(line))
            previous = line
        if channels == 4:
            rgb = bytearray()
            for row in rows:
                for i in range(0, stride, 4):
                    rgb += row[i:i + 3]
            return Picture(width, height, bytes(rgb))
        return Picture(width, height, b"".join(rows))

    @staticmethod
    def load_xwd(path):
        """Reads an X window dump (`xwd -silent`) of a 24- or 32-bit TrueColor window."""
        data = open(path, "rb").read()
        header_size, version = struct.unpack(">II", data[:8])
        endian = ">"
        if version != 7:
            endian = "<"
            header_size, version = struct.unpack("<II", data[:8])
        if version != 7:
            raise ValueError(f"{path}: not an XWD version 7 dump")
        fields = struct.unpack(endian + "25I", data[:100])
        width, height = fields[4], fields[5]
        byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
        red_mask, green_mask, blue_mask = fields[14], fields[15], fields[16]
        ncolors = fields[19]
        if bits_per_pixel != 32:
            raise ValueError(f"{path}: {bits_per_pixel} bits per pixel (run Xvfb with a 24-bit screen)")
        offset = header_size + ncolors * 12
        order = "<" if byte_order == 0 else ">"

        def shift(mask):
            return (mask & -mask).bit_length() - 1

        rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
        rgb = bytearray(width * height * 3)
        for y in range(height):
            row = struct.unpack_from(f"{order}{width}I", data, offset + y * bytes_per_line)
            base = y * width * 3
            for x, value in enumerate(row):
                i = base + x * 3
                rgb[i] = (value >> rs) & 255
                rgb[i + 1] = (value >> gs) & 255
                rgb[i + 2] = (value >> bs) & 255
        return Picture(width, height, bytes(rgb))

    def pixel(self, x, y):
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])

    def differing_pixels(self, other):
        """How many pixels differ (None when the sizes differ). Rows are compared whole first, so
        a matching screen costs one pass of byte comparisons."""
        if (self.width, self.height) != (other.width, other.height):
            return None
        if self.rgb == other.rgb:
            return 0
        count = 0
        stride = self.width * 3
        a, b = self.rgb, other.rgb
        for y in range(self.height):
            row = slice(y * stride, (y + 1) * stride)
            if a[row] == b[row]:
                continue
            ra, rb = a[row], b[row]
            for i in range(0, stride, 3):
                if ra[i:i + 3] != rb[i:i + 3]:
                    count += 1
        return count

    def differing_rows(self, other):
        """The rows (y) where the pictures differ ([] when equal; None when the sizes differ)."""
        if (self.width, self.height) != (other.width, other.height):
            return None
        stride = self.width * 3
        return [y for y in range(self.height) if self.rgb[y * stride:(y + 1) * stride] != other.rgb[y * stride:(y + 1) * stride]]

    def differing_positions(self, other, limit=10):
        """The first `limit` differing pixels as (x, y, ours, theirs)."""
        found = []
        for y in range(self.height):
            for x in range(self.width):
                if self.pixel(x, y) != other.pixel(x, y):
                    found.append((x, y, self.pixel(x, y), other.pixel(x, y)))
                    if len(found) >= limit:
                        return found
        return found

    def save_ppm(self, path):
        with open(path, "wb") as f:
            f.write(f"P6\n{self.width} {self.height}\n255\n".encode() + self.rgb)

    def save_png(self, path):
        """Writes an 8-bit RGB PNG (to look at a screendump in an image viewer)."""
        stride = self.width * 3
        raw = b"".join(b"\x00" + self.rgb[y * stride:(y + 1) * stride] for y in range(self.height))

        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0))
                    + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def decode_test_pattern_frame(picture, rotation=0):
    """Reads the frame number from a screen showing `vitrine test-pattern`.

    Mirrors TestPattern.decodeFrameNumber: 24 bits after a white start cell and a black gap,
    cells of min(16, width / 28) logical pixels, on the logical (upright) picture.
    """
    native_w, native_h = picture.width, picture.height
    logical_w, logical_h = (native_h, native_w) if rotation in (90, 270) else (native_w, native_h)
    cell = max(2, min(16, logical_w // 28))
    ox, oy = cell, logical_h - 3 * cell

    def logical_pixel(x, y):
        if rotation == 0:
            return picture.pixel(x, y)
        if rotation == 90:
            return picture.pixel(logical_h - 1 - y, x)
        if rotation == 180:
            return picture.pixel(logical_w - 1 - x, logical_h - 1 - y)
        return picture.pixel(y, logical_w - 1 - x)

    def white(i):
        p = logical_pixel(ox + i * cell + cell // 2, oy + cell // 2)
        if p == (255, 255, 255):
            return True
        if p == (0, 0, 0):
            return False
        return None

    if white(0) is not True or white(1) is not False:
        return None
    value = 0
    for bit in range(24):
        on = white(bit + 2)
        if on is None:
            return None
        value = value << 1 | (1 if on else 0)
    return value
