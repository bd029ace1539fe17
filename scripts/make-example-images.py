#!/usr/bin/env python3
"""Draws the illustration pictures of the example kiosks (Examples/museum, Examples/cafe,
Examples/tickets) procedurally: every picture is built by this script from shapes, gradients
and noise - nothing is downloaded or copied.

Needs Python 3 with Pillow and numpy (`pip install pillow numpy`).

It is only run by hand when the pictures change; its output (the .jpg and .png files under
Examples/*/images/) is committed, so building or testing the project never runs it.

    scripts/make-example-images.py            # draws every picture
    scripts/make-example-images.py tram sextant   # draws only the named ones

Technique: each picture is drawn at 3x or 4x its size into a float RGB buffer (shapes are
masks, fills are flat colours, gradients or noise textures), downsampled with LANCZOS so every
edge is anti-aliased, then given a +-2 level grain so gradients do not band. JPEGs are
written at quality 86, baseline, optimized, 4:2:0.
"""
import math
import os
import sys

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
MUSEUM = os.path.join(ROOT, 'Examples', 'museum', 'images')
CAFE = os.path.join(ROOT, 'Examples', 'cafe', 'images')
TICKETS = os.path.join(ROOT, 'Examples', 'tickets', 'images')
FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'

# ----------------------------------------------------------------------------------------
# colours and gradients


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def mul(a, f):
    return tuple(min(255, a[i] * f) for i in range(3))


def _stops(stops):
    if not isinstance(stops[0][0], (int, float)) or len(stops[0]) == 3:
        n = len(stops)
        stops = [(i / (n - 1), s) for i, s in enumerate(stops)]
    pos = np.array([s[0] for s in stops], np.float32)
    cols = np.array([s[1] for s in stops], np.float32)
    return pos, cols


def ramp(t, stops):
    pos, cols = _stops(stops)
    t = np.asarray(t, np.float32)
    return np.stack([np.interp(t, pos, cols[:, k]) for k in range(3)], -1).astype(np.float32)


def lin(stops, p0, p1):
    """Linear gradient from p0 to p1 (picture coordinates)."""
    x0, y0 = p0
    dx, dy = p1[0] - x0, p1[1] - y0
    l2 = dx * dx + dy * dy

    def f(X, Y, ys, xs):
        return ramp(((X - x0) * dx + (Y - y0) * dy) / l2, stops)
    return f


def rad(stops, c, rx, ry=None):
    """Radial (elliptical) gradient around c."""
    ry = ry or rx

    def f(X, Y, ys, xs):
        return ramp(np.sqrt(((X - c[0]) / rx) ** 2 + ((Y - c[1]) / ry) ** 2), stops)
    return f


def tex(arr):
    """A fill that is a full-canvas texture (supersampled size)."""
    def f(X, Y, ys, xs):
        return arr[ys, xs]
    return f


def graytex(noise, c0, c1):
    """Texture from a 0..1 noise field mapped between two colours."""
    a = np.asarray(c0, np.float32)
    b = np.asarray(c1, np.float32)

    def f(X, Y, ys, xs):
        n = noise[ys, xs][..., None]
        return a + (b - a) * n
    return f


def shadefill(fn):
    """A fill from a function of (X, Y) returning a grey factor 0..1 (for multiply)."""
    def f(X, Y, ys, xs):
        s = np.asarray(fn(X, Y), np.float32)
        return np.repeat(s[..., None] * 255, 3, -1)
    return f

# ----------------------------------------------------------------------------------------
# geometry


def ell_pts(cx, cy, rx, ry, rot=0.0, a0=0.0, a1=360.0, n=None):
    n = n or max(24, int((abs(a1 - a0) / 360) * (rx + ry) * 1.5))
    r = math.radians(rot)
    cr, sr = math.cos(r), math.sin(r)
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return out


def xform(pts, ang=0.0, about=(0, 0), scale=1.0, off=(0, 0)):
    a = math.radians(ang)
    ca, sa = math.cos(a), math.sin(a)
    out = []
    for x, y in pts:
        x, y = (x - about[0]) * scale, (y - about[1]) * scale
        out.append((x * ca - y * sa + about[0] + off[0], x * sa + y * ca + about[1] + off[1]))
    return out


def rrect_pts(x0, y0, x1, y1, r, n=8):
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    out = []
    for cx, cy, a in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        out += ell_pts(cx, cy, r, r, 0, a, a + 90, n)
    return out


def spline(pts, closed=True, n=12):
    """Catmull-Rom curve through pts."""
    P = list(pts)
    N = len(P)
    out = []
    rng = range(N) if closed else range(N - 1)
    for i in rng:
        p0 = P[(i - 1) % N] if closed else P[max(i - 1, 0)]
        p1, p2 = P[i], P[(i + 1) % N]
        p3 = P[(i + 2) % N] if closed else P[min(i + 2, N - 1)]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t +
                                    (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2 +
                                    (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in range(2)))
    if not closed:
        out.append(P[-1])
    return out


def polar(cx, cy, r, deg):
    a = math.radians(deg)
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def band_pts(cx, cy, r0, r1, a0, a1, n=None):
    """Annular sector between radii r0 < r1 and angles a0..a1 (degrees)."""
    n = n or max(8, int(abs(a1 - a0) * r1 / 40) + 8)
    outer = [polar(cx, cy, r1, a0 + (a1 - a0) * i / n) for i in range(n + 1)]
    inner = [polar(cx, cy, r0, a1 - (a1 - a0) * i / n) for i in range(n + 1)]
    return outer + inner


def thick_pts(p0, p1, w0, w1=None):
    """Quad from p0 to p1 with widths w0 at p0 and w1 at p1."""
    w1 = w0 if w1 is None else w1
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    L = math.hypot(dx, dy) or 1
    nx, ny = -dy / L, dx / L
    return [(p0[0] + nx * w0 / 2, p0[1] + ny * w0 / 2), (p1[0] + nx * w1 / 2, p1[1] + ny * w1 / 2),
            (p1[0] - nx * w1 / 2, p1[1] - ny * w1 / 2), (p0[0] - nx * w0 / 2, p0[1] - ny * w0 / 2)]

# ----------------------------------------------------------------------------------------
# the canvas


class Canvas:
    def __init__(self, w, h, ss=3, bg=(0, 0, 0), seed=1):
        self.w, self.h, self.s = w, h, ss
        self.W, self.H = w * ss, h * ss
        self.a = np.empty((self.H, self.W, 3), np.float32)
        self.a[:] = bg
        self.rng = np.random.default_rng(seed)

    # masks (full supersampled 'L' images) -------------------------------------------
    def mask(self):
        return Image.new('L', (self.W, self.H), 0)

    def _p(self, pts):
        s = self.s
        return [(x * s, y * s) for x, y in pts]

    def poly(self, pts, m=None, v=255):
        m = m or self.mask()
        ImageDraw.Draw(m).polygon(self._p(pts), fill=v)
        return m

    def polys(self, lst, m=None, v=255):
        m = m or self.mask()
        d = ImageDraw.Draw(m)
        for pts in lst:
            d.polygon(self._p(pts), fill=v)
        return m

    def ellipse(self, cx, cy, rx, ry=None, rot=0, m=None, v=255):
        ry = rx if ry is None else ry
        if rot:
            return self.poly(ell_pts(cx, cy, rx, ry, rot), m, v)
        m = m or self.mask()
        s = self.s
        ImageDraw.Draw(m).ellipse([(cx - rx) * s, (cy - ry) * s, (cx + rx) * s, (cy + ry) * s], fill=v)
        return m

    def ellipses(self, lst, m=None, v=255):
        m = m or self.mask()
        for e in lst:
            self.ellipse(*e, m=m, v=v)
        return m

    def ring(self, cx, cy, r_out, r_in, m=None, ry_scale=1.0):
        r = self.ellipse(cx, cy, r_out, r_out * ry_scale)
        r = self.ellipse(cx, cy, r_in, r_in * ry_scale, m=r, v=0)
        return r if m is None else self._merge(m, r)

    @staticmethod
    def _merge(m, r):
        m.paste(ImageChops.lighter(m, r))
        return m

    def rect(self, x0, y0, x1, y1, m=None, v=255):
        m = m or self.mask()
        s = self.s
        ImageDraw.Draw(m).rectangle([x0 * s, y0 * s, x1 * s - 1, y1 * s - 1], fill=v)
        return m

    def rrect(self, x0, y0, x1, y1, r, m=None, v=255):
        m = m or self.mask()
        s = self.s
        ImageDraw.Draw(m).rounded_rectangle([x0 * s, y0 * s, x1 * s, y1 * s], radius=r * s, fill=v)
        return m

    def line(self, pts, w, m=None, cap=True, v=255):
        m = m or self.mask()
        d = ImageDraw.Draw(m)
        d.line(self._p(pts), fill=v, width=max(1, int(round(w * self.s))), joint='curve')
        if cap and w * self.s >= 3:
            for x, y in (pts[0], pts[-1]):
                self.ellipse(x, y, w / 2, m=m, v=v)
        return m

    def lines(self, lst, w, m=None, cap=False):
        m = m or self.mask()
        for pts in lst:
            self.line(pts, w, m=m, cap=cap)
        return m

    def shift(self, m, dx, dy):
        out = self.mask()
        out.paste(m, (int(round(dx * self.s)), int(round(dy * self.s))))
        return out

    @staticmethod
    def sub(a, b):
        return ImageChops.subtract(a, b)

    @staticmethod
    def both(a, b):
        return ImageChops.multiply(a, b)

    @staticmethod
    def either(a, b):
        return ImageChops.lighter(a, b)

    # painting ------------------------------------------------------------------------
    def paint(self, m, fill, alpha=1.0, blur=0, mode='normal', clip=None):
        bb = m.getbbox()
        if bb is None:
            return
        if blur:
            pad = int(blur * self.s * 3) + 2
            bb = (max(0, bb[0] - pad), max(0, bb[1] - pad), min(self.W, bb[2] + pad), min(self.H, bb[3] + pad))
            sub = m.crop(bb).filter(ImageFilter.GaussianBlur(blur * self.s))
        else:
            sub = m.crop(bb)
        x0, y0, x1, y1 = bb
        ma = np.asarray(sub, np.float32) * (alpha / 255.0)
        if clip is not None:
            ma = ma * (np.asarray(clip.crop(bb), np.float32) / 255.0)
        ma = ma[..., None]
        ys, xs = slice(y0, y1), slice(x0, x1)
        if callable(fill):
            X = (np.arange(x0, x1, dtype=np.float32) + 0.5) / self.s
            Y = (np.arange(y0, y1, dtype=np.float32) + 0.5) / self.s
            col = np.broadcast_to(fill(X[None, :], Y[:, None], ys, xs), (y1 - y0, x1 - x0, 3))
        else:
            col = np.asarray(fill, np.float32)
        dst = self.a[ys, xs]
        if mode == 'normal':
            out = col
        elif mode == 'multiply':
            out = dst * col / 255.0
        elif mode == 'screen':
            out = 255.0 - (255.0 - dst) * (255.0 - col) / 255.0
        elif mode == 'add':
            out = dst + col
        else:
            raise ValueError(mode)
        self.a[ys, xs] = dst + (out - dst) * ma

    def full(self):
        return self.rect(0, 0, self.w, self.h)

    def shadow(self, m, dx, dy, blur, alpha=0.5, color=(0, 0, 0), clip=None):
        self.paint(self.shift(m, dx, dy), color, alpha, blur, clip=clip)

    def bevel(self, m, d=1.0, light=(255, 255, 255), dark=(0, 0, 0), la=0.45, da=0.45, blur=0.6, ang=-45):
        a = math.radians(ang)
        ox, oy = -math.cos(a) * d, -math.sin(a) * d
        hi = self.sub(m, self.shift(m, -ox, -oy))
        lo = self.sub(m, self.shift(m, ox, oy))
        if la:
            self.paint(hi, light, la, blur, clip=m)
        if da:
            self.paint(lo, dark, da, blur, clip=m)

    def vignette(self, strength=0.25, cx=None, cy=None, r=None, power=2.0):
        cx = self.w / 2 if cx is None else cx
        cy = self.h / 2 if cy is None else cy
        r = r or math.hypot(self.w, self.h) / 2
        X = (np.arange(self.W, dtype=np.float32) + 0.5) / self.s
        Y = (np.arange(self.H, dtype=np.float32) + 0.5) / self.s
        d = np.sqrt(((X[None, :] - cx) / r) ** 2 + ((Y[:, None] - cy) / r) ** 2)
        self.a *= (1 - strength * np.clip(d, 0, 1.5) ** power)[..., None]

    # noise ---------------------------------------------------------------------------
    def noise(self, cell_x, cell_y=None, seed=None):
        """Smooth value noise 0..1 at supersampled size; cell sizes in picture pixels."""
        cell_y = cell_x if cell_y is None else cell_y
        rng = np.random.default_rng(seed) if seed is not None else self.rng
        cx, cy = cell_x * self.s, cell_y * self.s
        gw, gh = int(self.W / cx) + 4, int(self.H / cy) + 4
        g = rng.random((gh, gw)).astype(np.float32)
        im = Image.fromarray(g, 'F').resize((int(gw * cx), int(gh * cy)), Image.BICUBIC)
        ox, oy = int(cx), int(cy)
        return np.asarray(im, np.float32)[oy:oy + self.H, ox:ox + self.W]

    def fbm(self, cell, octaves=4, aspect=1.0, seed=None, gain=0.5):
        tot = np.zeros((self.H, self.W), np.float32)
        amp, norm = 1.0, 0.0
        for i in range(octaves):
            cs = max(cell / (2 ** i), 0.7)
            tot += amp * self.noise(cs * aspect, cs, None if seed is None else seed + i)
            norm += amp
            amp *= gain
        t = tot / norm
        lo, hi = np.percentile(t[::7, ::7], [1, 99])
        return np.clip((t - lo) / (hi - lo + 1e-6), 0, 1)

    # output --------------------------------------------------------------------------
    def image(self, grain=2, sigma=0.8, seed=7):
        ch = [np.asarray(Image.fromarray(np.ascontiguousarray(self.a[..., k]), 'F')
                         .resize((self.w, self.h), Image.LANCZOS)) for k in range(3)]
        arr = np.stack(ch, -1)
        if grain:
            rng = np.random.default_rng(seed)
            n = np.clip(np.round(rng.normal(0, sigma, (self.h, self.w, 1))), -grain, grain)
            arr = arr + n
        return Image.fromarray(np.clip(arr + 0.5, 0, 255).astype(np.uint8), 'RGB')


def save_jpg(img, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    img.save(path, 'JPEG', quality=86, progressive=False, optimize=True, subsampling=2)


# ----------------------------------------------------------------------------------------
# shared materials

BRASS = [(0.0, (92, 62, 24)), (0.22, (186, 140, 62)), (0.42, (248, 218, 146)), (0.55, (200, 156, 74)),
         (0.78, (120, 84, 32)), (1.0, (212, 170, 92))]
STEEL = [(0.0, (120, 126, 134)), (0.35, (228, 232, 236)), (0.6, (160, 166, 174)), (1.0, (90, 96, 104))]


def brass(p0, p1, stops=BRASS):
    return lin(stops, p0, p1)


def wood_texture(c, base, dark, light, plank=None, vertical=False, seed=3, grain=1.0, stretch=1.0):
    """A wood texture array (supersampled) - grain runs horizontally (or vertically)."""
    rng = np.random.default_rng(seed)

    def nz(a, b, sd):
        return c.noise(b, a, seed=sd) if vertical else c.noise(a, b, seed=sd)
    g = (0.45 * nz(140 * stretch, 4.5, seed + 1) + 0.25 * nz(70 * stretch, 2.2, seed + 2) +
         0.3 * nz(320 * stretch, 16, seed + 3))
    warp = nz(260 * stretch, 70, seed + 5) * 60
    coord = (np.arange(c.W, dtype=np.float32)[None, :] if vertical else np.arange(c.H, dtype=np.float32)[:, None]) / c.s
    rings = np.sin((coord + warp) * 2 * math.pi / 23.0) * 0.5 + 0.5
    g = (g - g.mean()) * 2.0 * grain + 0.5 + (rings - 0.5) * 0.22 * grain
    big = c.noise(200, 200, seed=seed + 4)
    t = np.clip(g * 0.85 + (big - 0.5) * 0.3, 0, 1)
    arr = ramp(t, [(0, dark), (0.5, base), (1, light)])
    if plank:
        coords = np.arange(c.W if vertical else c.H, dtype=np.float32) / c.s
        idx = (coords // plank).astype(int)
        tint = (0.9 + 0.2 * rng.random(idx.max() + 2)).astype(np.float32)[idx]
        ph = coords % plank
        f = tint * (1 - 0.45 * np.exp(-(ph / 1.1) ** 2) - 0.12 * np.exp(-((ph - plank) / 2.5) ** 2))
        arr *= (f[None, :, None] if vertical else f[:, None, None])
    return arr


def ceramic(c, cx, cy, r, base=(246, 243, 236), shade=(196, 190, 182), light=(-0.35, -0.45)):
    return rad([(0, mix(base, (255, 255, 255), 0.5)), (0.7, base), (1.15, shade)],
               (cx + light[0] * r, cy + light[1] * r), r * 1.35)


# ========================================================================================
# museum


def draw_sailboat(c, x, wl, s, hull=(46, 36, 62), sail_lit=(252, 214, 182), sail_shade=(176, 130, 150),
                  reflect=True, sea_clip=None, face=1):
    def P(pts):
        return [(x + px * s * face, wl + py * s) for px, py in pts]
    hull_pts = P(spline([(-52, -12), (0, -9), (58, -15), (44, 2), (0, 7), (-40, 4)], True, 10))
    main = P(spline([(3, -150), (30, -80), (52, -20)], False, 10) + [(3, -18)])
    jib = P(spline([(-3, -140), (-26, -70), (-50, -17)], False, 10) + [(-3, -16)])

    def draw(alpha=1.0, flip=False, clip=None):
        def F(pts):
            return [(px, 2 * wl - py + 2) if flip else (px, py) for px, py in pts]
        lit = lin([(0, sail_lit), (1, sail_shade)], (x - 20 * s * face, 0), (x + 50 * s * face, 0))
        b = 2.5 if flip else 0
        c.paint(c.poly(F(main)), lit, alpha, b, clip=clip)
        c.paint(c.poly(F(jib)), lin([(0, sail_shade), (1, sail_lit)], (x - 50 * s * face, 0), (x, 0)), alpha, b, clip=clip)
        c.paint(c.line(F(P([(0, -10), (0, -156)])), max(1.2, 2.2 * s)), hull, alpha, b, clip=clip)
        c.paint(c.line(F(P([(0, -22), (50, -20)])), max(1, 1.6 * s)), hull, alpha, b, clip=clip)
        c.paint(c.poly(F(hull_pts)), hull, alpha * (2 if flip else 1), b, clip=clip)
        if not flip:
            c.paint(c.line(P([(-48, -11), (0, -8), (55, -14)]), max(0.8, 1.3 * s), cap=False), sail_lit, 0.5)
    if reflect:
        draw(0.16, True, sea_clip)
    draw()


def draw_lighthouse(c, cx, by, h, bw, tw, hy, body=(244, 236, 226), band=(196, 58, 54), nb=4,
                    shade_tint=(150, 150, 190), light_left=True, curve=0.08, lamp=(255, 232, 160),
                    details=True, dome=(120, 40, 44), metal=(40, 44, 54)):
    ty = by - h

    def half(y):
        return (bw + (tw - bw) * (by - np.asarray(y, np.float32)) / h) / 2

    def k(y):
        return float(np.clip(curve * (y - hy) / max(1, h), -curve, curve))

    def edge(y, n=30):
        hw = float(half(y))
        kk = k(y)
        return [(cx - hw + 2 * hw * i / n, y + kk * hw * (1 - (2 * i / n - 1) ** 2)) for i in range(n + 1)]

    tower = edge(ty)[::1] + edge(by)[::-1]
    tm = c.poly(tower)
    c.paint(tm, body)
    seg = h / (2 * nb + 1)
    for j in range(nb):
        y0 = ty + seg * (2 * j + 1)
        y1 = y0 + seg
        c.paint(c.poly(edge(y0) + edge(y1)[::-1]), band, clip=tm)
    if details:
        # small windows, a door
        for j, wy in enumerate(np.linspace(ty + seg * 1.5, by - seg * 2.2, 3)):
            ww = float(half(wy)) * 0.16
            c.paint(c.rrect(cx - ww, wy - ww * 1.6, cx + ww, wy + ww * 1.6, ww * 0.9), metal, 0.9)
        dw = float(half(by)) * 0.28
        c.paint(c.poly(ell_pts(cx, by - dw * 2.6, dw, dw, 0, 180, 360) + [(cx + dw, by + dw * 0.2), (cx - dw, by + dw * 0.2)]), metal, clip=tm)
    sgn = 1 if light_left else -1

    def shade(X, Y):
        t = np.clip(sgn * (X - cx) / half(Y), -1, 1)
        return np.interp(t, [-1, -0.8, -0.35, 0.25, 0.7, 1], [0.8, 0.97, 1.0, 0.84, 0.7, 0.64])
    sh = shadefill(shade)

    def tint(X, Y, ys, xs):
        base = sh(X, Y, ys, xs)
        t = (np.clip(sgn * (X - cx) / half(Y), -1, 1)[..., None] + 1) / 2
        tt = np.asarray(shade_tint, np.float32) / 255
        return base * (1 - t * (1 - tt) * 0.6)
    c.paint(tm, tint, mode='multiply')
    # gallery, lantern, dome
    gw = tw * 0.72
    gy = ty
    c.paint(c.rect(cx - gw, gy - tw * 0.12, cx + gw, gy + tw * 0.04), metal)
    rail_h = tw * 0.34
    c.paint(c.rect(cx - gw, gy - tw * 0.12 - rail_h, cx + gw, gy - tw * 0.12 - rail_h + max(1.2, tw * 0.04)), metal)
    posts = [[(px, gy - tw * 0.12), (px, gy - tw * 0.12 - rail_h)] for px in np.linspace(cx - gw, cx + gw, 9)]
    c.paint(c.lines(posts, max(0.8, tw * 0.025)), metal)
    lw = tw * 0.38
    ly1 = gy - tw * 0.12
    ly0 = ly1 - tw * 0.72
    c.paint(c.rect(cx - lw, ly0, cx + lw, ly1), lin([(0, mul(lamp, 0.85)), (0.5, lamp), (1, mul(lamp, 0.8))], (cx - lw, 0), (cx + lw, 0)))
    for px in np.linspace(cx - lw, cx + lw, 4):
        c.paint(c.line([(px, ly0), (px, ly1)], max(0.8, tw * 0.03)), metal, 0.85)
    c.paint(c.rect(cx - lw * 1.08, ly0 - tw * 0.05, cx + lw * 1.08, ly0 + tw * 0.02), metal)
    dm = c.poly(ell_pts(cx, ly0 - tw * 0.04, lw * 1.02, tw * 0.36, 0, 180, 360))
    c.paint(dm, lin([(0, mul(dome, 1.25)), (0.45, dome), (1, mul(dome, 0.6))], (cx - lw, 0), (cx + lw, 0)))
    c.paint(c.line([(cx, ly0 - tw * 0.38), (cx, ly0 - tw * 0.56)], max(0.8, tw * 0.035)), metal)
    c.paint(c.ellipse(cx, ly0 - tw * 0.57, max(1.0, tw * 0.05)), metal)
    return (cx, (ly0 + ly1) / 2, lw)


def harbour(path):
    W, H, hy = 1200, 800, 470
    c = Canvas(W, H, 3, seed=11)
    rng = np.random.default_rng(5)
    sky = [(0, (36, 40, 84)), (0.32, (78, 64, 122)), (0.6, (164, 98, 132)), (0.82, (230, 144, 122)), (1, (252, 196, 140))]
    c.paint(c.rect(0, 0, W, hy + 2), lin(sky, (0, 0), (0, hy)))
    sunx, suny = 780, 458
    # clouds: long thin strips, lit from below
    clouds = [(260, 120, 460, 13, (118, 86, 140), (196, 126, 152)), (930, 96, 380, 10, (112, 82, 138), (180, 118, 150)),
              (640, 214, 560, 14, (160, 100, 140), (236, 150, 146)), (170, 300, 320, 10, (190, 112, 128), (246, 170, 144)),
              (1040, 286, 360, 11, (192, 112, 128), (248, 174, 146)), (560, 368, 300, 7, (222, 136, 124), (255, 198, 156)),
              (1000, 396, 200, 5, (230, 146, 124), (255, 204, 160))]
    for cx, cy, L, th, top, bot in clouds:
        m = c.mask()
        c.ellipse(cx, cy, L / 2, th * 0.55, m=m)
        n = max(3, int(L / (th * 5)))
        for i in range(n):
            t = (i + 0.5) / n + rng.uniform(-0.3, 0.3) / n
            x = cx - L * 0.42 + L * 0.84 * t
            rr = th * (0.5 + 0.9 * math.sin(math.pi * t) ** 1.5) * rng.uniform(0.7, 1.25)
            c.ellipse(x, cy - rr * 0.2, rr * rng.uniform(1.8, 3.2), rr, m=m)
        m = c.both(m, c.rect(0, 0, W, cy + th * 0.3))
        c.paint(m, lin([(0, top), (1, bot)], (0, cy - th * 1.4), (0, cy + th * 0.3)), 0.8, blur=1.0)
    # sun and its glow
    c.paint(c.full(), rad([(0, (70, 44, 18)), (0.3, (36, 20, 8)), (0.7, (10, 5, 2)), (1, (0, 0, 0))], (sunx, suny), 560, 330), mode='add')
    c.paint(c.ellipse(sunx, suny, 50), (60, 30, 10), 0.9, blur=14, mode='add')
    c.paint(c.ellipse(sunx, suny, 27), lin([(0, (255, 244, 206)), (1, (255, 196, 120))], (0, suny - 27), (0, hy)), clip=c.rect(0, 0, W, hy))
    # far coast on the left with a few lights
    coast = spline([(-20, hy + 2), (-20, hy - 44), (70, hy - 58), (160, hy - 46), (250, hy - 34), (330, hy - 30),
                    (420, hy - 16), (520, hy - 6), (600, hy + 2)], False, 10)
    cm = c.poly(coast)
    c.paint(cm, lin([(0, (104, 70, 110)), (1, (150, 92, 118))], (0, hy - 60), (0, hy)))
    lights = c.mask()
    for i in range(16):
        lx = 30 + rng.random() * 420
        c.ellipse(lx, hy - 6 - rng.random() * 16 * (1 - lx / 520), 1.1, m=lights)
    c.paint(lights, (255, 214, 150), 0.9)
    c.paint(lights, (255, 180, 110), 0.5, blur=3, mode='add')
    # sea
    sea = [(0, (236, 160, 130)), (0.1, (200, 122, 128)), (0.35, (120, 82, 122)), (1, (34, 38, 80))]
    seam = c.rect(0, hy, W, H)
    c.paint(seam, lin(sea, (0, hy), (0, H)))
    c.paint(seam, rad([(0, (70, 44, 16)), (0.5, (20, 12, 4)), (1, (0, 0, 0))], (sunx, hy), 300, 260), mode='add')
    # reflection of the coast
    refl = c.poly([(x, 2 * hy - y) for x, y in coast])
    c.paint(refl, (96, 66, 108), 0.35, blur=2, clip=seam)
    # sun glitter column
    glit = c.mask()
    for i in range(90):
        t = (i / 90) ** 1.5
        y = hy + 3 + 300 * t
        w = (6 + 80 * t) * rng.uniform(0.25, 1.0)
        x = sunx + rng.normal(0, 3 + 26 * t)
        c.ellipse(x, y, w, 0.8 + 2.2 * t, m=glit)
    c.paint(glit, lin([(0, (255, 214, 160)), (1, (190, 110, 90))], (0, hy), (0, hy + 320)), 0.7, blur=0.5)
    # wave dashes, denser near the horizon
    for col, a, cnt in (((244, 176, 150), 0.22, 420), ((30, 28, 68), 0.22, 360)):
        m = c.mask()
        for i in range(cnt):
            f = rng.random() ** 1.7
            y = hy + 4 + (H - hy) * f
            L = 5 + 70 * f * rng.uniform(0.4, 1.2)
            c.ellipse(rng.uniform(-20, W + 20), y, L, 0.35 + 1.6 * f, m=m)
        c.paint(m, col, a, blur=0.4)
    # headland and lighthouse on the right
    head = spline([(860, hy + 4), (900, hy - 8), (960, hy - 22), (1030, hy - 32), (1110, hy - 40), (1230, hy - 46), (1230, hy + 8)], True, 10)
    hm = c.poly(head)
    c.paint(c.poly([(x, 2 * hy - y + 4) for x, y in head]), (50, 40, 74), 0.45, blur=2.5, clip=seam)
    lhx = 1060
    beam = c.poly([(lhx, 262), (560, 215), (560, 300)])
    c.paint(beam, lin([(0, (120, 96, 50)), (1, (0, 0, 0))], (lhx, 0), (560, 0)), 0.55, blur=8, mode='add')
    beam2 = c.poly([(lhx, 262), (1260, 240), (1260, 286)])
    c.paint(beam2, (70, 56, 30), 0.5, blur=6, mode='add')
    draw_lighthouse(c, lhx, hy - 30, 196, 46, 31, hy, body=(238, 208, 196), band=(184, 66, 72), nb=3,
                    shade_tint=(120, 110, 180), light_left=True, curve=0.0, lamp=(255, 236, 176), details=False,
                    dome=(110, 46, 66), metal=(46, 40, 66))
    c.paint(c.ellipse(lhx, 262, 26), (140, 110, 60), 0.7, blur=10, mode='add')
    c.paint(hm, lin([(0, (72, 54, 88)), (1, (42, 34, 62))], (0, hy - 46), (0, hy + 6)))
    c.bevel(hm, 1.5, (255, 176, 140), (0, 0, 0), 0.5, 0.0, 1.0, ang=-100)
    # lighthouse reflection
    c.paint(c.rect(lhx - 14, hy + 6, lhx + 14, hy + 130), lin([(0, (200, 150, 130)), (1, (40, 40, 80))], (0, hy), (0, hy + 130)), 0.18, blur=4)
    # the boats
    draw_sailboat(c, 368, hy + 34, 0.46, hull=(58, 44, 76), sail_lit=(250, 206, 176), sail_shade=(182, 128, 148), sea_clip=seam, face=-1)
    draw_sailboat(c, 620, hy + 92, 0.92, hull=(40, 32, 58), sail_lit=(255, 218, 184), sail_shade=(170, 120, 146), sea_clip=seam)
    # the pier, foreground left
    pc = (34, 28, 48)
    deck_y = 626
    pier = c.mask()
    c.rect(-10, deck_y, 470, deck_y + 14, m=pier)
    c.rect(-10, deck_y + 14, 470, deck_y + 22, m=pier)
    for i in range(10):
        px = 8 + 50 * i
        c.rect(px, deck_y + 14, px + 11, 742, m=pier)
    for i in range(10):
        px = 12 + 50 * i
        c.rect(px, deck_y - 34, px + 5, deck_y, m=pier)
    c.rect(-10, deck_y - 36, 468, deck_y - 31, m=pier)
    c.rect(-10, deck_y - 19, 468, deck_y - 16, m=pier)
    # lamp post
    c.rect(428, deck_y - 120, 433, deck_y, m=pier)
    c.poly([(420, deck_y - 120), (441, deck_y - 120), (436, deck_y - 128), (425, deck_y - 128)], m=pier)
    pref = c.mask()
    for i in range(10):
        px = 8 + 50 * i
        c.rect(px - 1, 742, px + 12, 800, m=pref)
    c.paint(pref, (30, 26, 60), 0.5, blur=3)
    c.paint(c.rect(-10, 734, 480, 745), (200, 140, 150), 0.25, blur=2)
    c.paint(pier, pc)
    c.bevel(pier, 1.4, (255, 170, 130), (0, 0, 0), 0.55, 0.0, 0.6, ang=-60)
    c.paint(c.rect(422, deck_y - 140, 439, deck_y - 128), (255, 220, 160))
    c.paint(c.ellipse(430, deck_y - 134, 40), (150, 100, 40), 0.8, blur=14, mode='add')
    # gulls
    g = c.mask()
    for gx, gy, s in ((430, 206, 1.0), (462, 224, 0.8), (508, 196, 0.6)):
        c.line([(gx - 10 * s, gy - 3 * s), (gx - 4 * s, gy - 2 * s), (gx, gy + 1.5 * s), (gx + 4 * s, gy - 2 * s), (gx + 10 * s, gy - 3 * s)], 1.7 * s, m=g)
    c.paint(g, (50, 40, 76), 0.9)
    c.vignette(0.22)
    save_jpg(c.image(), path)


# ----------------------------------------------------------------------------------------
# instruments shared by several pictures


def draw_compass(c, cx, cy, R, needle=-14.0, surface_shadow=0.5, card=(244, 236, 214), ink=(44, 58, 86)):
    # shadow on the surface, brass case with a bevelled rim
    case = c.ellipse(cx, cy, R)
    c.shadow(case, R * 0.05, R * 0.08, R * 0.07, surface_shadow)
    c.paint(case, brass((cx - R, cy - R), (cx + R, cy + R)))
    c.paint(c.ring(cx, cy, R * 0.955, R * 0.905), brass((cx + R, cy + R), (cx - R, cy - R)))
    c.paint(c.ring(cx, cy, R, R * 0.985), (70, 48, 18), 0.5)
    knurl = c.mask()
    for i in range(120):
        a = i * 3
        c.line([polar(cx, cy, R * 0.962, a), polar(cx, cy, R * 0.996, a)], max(0.6, R * 0.006), m=knurl, cap=False)
    c.paint(knurl, (90, 62, 24), 0.35)
    # the card
    cm = c.ellipse(cx, cy, R * 0.895)
    c.paint(cm, rad([(0, mix(card, (255, 255, 255), 0.35)), (0.75, card), (1.0, mul(card, 0.86))], (cx - R * 0.2, cy - R * 0.25), R * 1.1))
    c.paint(c.ring(cx, cy, R * 0.9, R * 0.86), (60, 40, 20), 0.22, blur=R * 0.02, clip=cm)
    ticks = c.mask()
    for i in range(72):
        a = i * 5
        r0 = R * (0.79 if i % 2 == 0 else 0.815)
        c.line([polar(cx, cy, r0, a - 90), polar(cx, cy, R * 0.855, a - 90)], max(0.7, R * (0.007 if i % 2 else 0.01)), m=ticks, cap=False)
    c.ring(cx, cy, R * 0.858, R * 0.852, m=ticks)
    c.ring(cx, cy, R * 0.786, R * 0.78, m=ticks)
    c.ring(cx, cy, R * 0.215, R * 0.208, m=ticks)
    c.paint(ticks, ink, 0.85)
    # north marker: a small red triangle on the rim
    c.paint(c.poly([polar(cx, cy, R * 0.77, -90), polar(cx, cy, R * 0.855, -94), polar(cx, cy, R * 0.855, -86)]), (184, 52, 42))

    def point(a, L, w, spread, c1, c2):
        tip = polar(cx, cy, L, a - 90)
        sl = polar(cx, cy, w, a - 90 - spread)
        sr = polar(cx, cy, w, a - 90 + spread)
        c.paint(c.poly([(cx, cy), sl, tip]), c1)
        c.paint(c.poly([(cx, cy), tip, sr]), c2)
    for i in range(8):
        point(22.5 + 45 * i, R * 0.5, R * 0.07, 11.25, (150, 160, 172), (96, 108, 126))
    for i in range(4):
        point(45 + 90 * i, R * 0.6, R * 0.12, 22.5, (214, 182, 112), (160, 122, 58))
    for i in range(4):
        point(90 * i, R * 0.76, R * 0.17, 45, (250, 246, 236), ink)
    edge = c.mask()
    for i in range(4):
        a = 90 * i
        c.line([polar(cx, cy, R * 0.17, a - 135), polar(cx, cy, R * 0.76, a - 90), polar(cx, cy, R * 0.17, a - 45)], max(0.7, R * 0.004), m=edge, cap=False)
    c.paint(edge, ink, 0.6)
    # needle
    nw = R * 0.036
    nm = c.poly([polar(cx, cy, R * 0.72, needle - 90), polar(cx, cy, nw, needle), polar(cx, cy, R * 0.72, needle + 90), polar(cx, cy, nw, needle + 180)])
    c.shadow(nm, R * 0.025, R * 0.04, R * 0.02, 0.35, (40, 30, 10))
    north = c.poly([polar(cx, cy, R * 0.72, needle - 90), polar(cx, cy, nw, needle), (cx, cy), polar(cx, cy, nw, needle + 180)])
    south = c.poly([polar(cx, cy, R * 0.72, needle + 90), polar(cx, cy, nw, needle), (cx, cy), polar(cx, cy, nw, needle + 180)])
    c.paint(north, lin([(0, (226, 70, 52)), (1, (150, 30, 26))], polar(cx, cy, R * 0.05, needle + 180), polar(cx, cy, R * 0.05, needle)))
    c.paint(south, lin([(0, (150, 158, 168)), (1, (70, 78, 90))], polar(cx, cy, R * 0.05, needle + 180), polar(cx, cy, R * 0.05, needle)))
    cap = c.ellipse(cx, cy, R * 0.06)
    c.shadow(cap, R * 0.01, R * 0.02, R * 0.01, 0.4)
    c.paint(cap, rad(BRASS[1:4], (cx - R * 0.02, cy - R * 0.02), R * 0.07))
    c.paint(c.ellipse(cx - R * 0.018, cy - R * 0.02, R * 0.018), (255, 246, 210), 0.9)
    # the glass: a soft crescent and a sharper glint
    glass = c.sub(c.ellipse(cx, cy, R * 0.88), c.ellipse(cx + R * 0.16, cy + R * 0.2, R * 0.9))
    c.paint(glass, (255, 255, 255), 0.16, blur=R * 0.01)
    c.paint(c.ellipse(cx - R * 0.42, cy - R * 0.5, R * 0.1, R * 0.035, rot=-40), (255, 255, 255), 0.5, blur=R * 0.01)


def draw_sextant(c, px, py, R, ang=0.0, shadow=(10, 14, 30), detail=1.0):
    """A sextant lying flat: pivot at (px, py), arc radius R, rotated by ang degrees."""
    def T(pts):
        return xform([(x * R, y * R) for x, y in pts], ang, (0, 0), 1.0, (px, py))

    def P(r, a):
        return polar(0, 0, r, a)

    def Tp(x, y):
        return T([(x, y)])[0]
    lw = max(0.7, R * 0.004)
    # the wooden handle on the back
    handle = c.poly(T(rrect_pts(0.07, 0.2, 0.21, 0.78, 0.07)))
    # frame
    fm = c.mask()
    c.poly(T(band_pts(0, 0, 0.84, 1.0, 55, 125)), m=fm)
    c.poly(T(thick_pts(P(0.0, 124), P(0.9, 123), 0.085, 0.075)), m=fm)
    c.poly(T(thick_pts(P(0.0, 56), P(0.9, 57), 0.085, 0.075)), m=fm)
    c.poly(T(band_pts(0, 0, 0.5, 0.565, 57, 123)), m=fm)
    c.poly(T(thick_pts((0, 0), P(0.53, 90), 0.06)), m=fm)
    holes = c.mask()
    for a in (73, 90, 107):
        x, y = P(0.70, a)
        c.ellipse(*Tp(x, y), R * 0.14, m=fm)
        c.ellipse(*Tp(x, y), R * 0.095, m=holes)
    for a in (73, 107):
        x, y = P(0.34, a)
        c.ellipse(*Tp(x, y), R * 0.085, m=fm)
        c.ellipse(*Tp(x, y), R * 0.052, m=holes)
    c.ellipse(px, py, R * 0.12, m=fm)
    fm = c.sub(fm, holes)
    allm = c.either(fm, handle)
    c.shadow(allm, R * 0.03, R * 0.05, R * 0.035, 0.6, shadow)
    c.paint(handle, lin([(0, (70, 40, 26)), (0.5, (120, 74, 44)), (1, (52, 30, 20))], Tp(0.2, 0.5), Tp(0.36, 0.5)))
    c.paint(handle, (0, 0, 0), 0.35, clip=c.shift(fm, R * 0.01, R * 0.02), blur=R * 0.01)
    c.paint(fm, brass(Tp(-0.9, 0.0), Tp(0.9, 1.0)))
    c.bevel(fm, max(1.0, R * 0.006), (255, 240, 190), (60, 36, 10), 0.55, 0.5, 0.5)
    # inner ring lines around the holes
    rl = c.mask()
    for a, r0, rr in ((73, 0.7, 0.115), (90, 0.7, 0.115), (107, 0.7, 0.115), (73, 0.34, 0.068), (107, 0.34, 0.068)):
        x, y = P(r0, a)
        c.ring(*Tp(x, y), R * rr + lw, R * rr - lw * 0.2, m=rl)
    c.paint(rl, (110, 76, 28), 0.5)
    # silver scale with graduations
    sc = c.poly(T(band_pts(0, 0, 0.885, 0.975, 58, 122)))
    c.paint(sc, lin(STEEL, Tp(-0.6, 0.9), Tp(0.6, 0.95)))
    tk = c.mask()
    for i in range(0, 61):
        a = 60 + i
        L = 0.945 if i % 10 == 0 else (0.93 if i % 5 == 0 else 0.91)
        c.line(T([P(0.888, a), P(L, a)]), lw * (1.3 if i % 5 == 0 else 0.9), m=tk, cap=False)
        if detail > 0.8 and i < 60:
            c.line(T([P(0.888, a + 0.5), P(0.9, a + 0.5)]), lw * 0.7, m=tk, cap=False)
    c.paint(tk, (40, 40, 46), 0.85)
    c.paint(c.poly(T(band_pts(0, 0, 0.96, 0.962, 58, 122))), (40, 40, 46), 0.5)
    # telescope
    t0, t1 = P(0.50, 63), P(0.44, 104)
    tw = 0.075
    tube = c.poly(T(thick_pts(t0, t1, tw, tw * 0.85)))
    c.shadow(tube, R * 0.015, R * 0.03, R * 0.02, 0.45)
    dx, dy = t1[0] - t0[0], t1[1] - t0[1]
    L = math.hypot(dx, dy)
    nx, ny = -dy / L * tw / 2, dx / L * tw / 2
    ca = Tp(t0[0] + nx, t0[1] + ny)
    cb = Tp(t0[0] - nx, t0[1] - ny)
    c.paint(tube, brass(ca, cb, [(0, (110, 76, 28)), (0.3, (250, 226, 160)), (0.6, (190, 144, 64)), (1, (90, 60, 22))]))
    rings = c.mask()
    for f in (0.04, 0.09, 0.5, 0.9):
        q = (t0[0] + dx * f, t0[1] + dy * f)
        c.poly(T(thick_pts((q[0] - dx * 0.012, q[1] - dy * 0.012), (q[0] + dx * 0.012, q[1] + dy * 0.012), tw * 1.15)), m=rings)
    c.paint(rings, brass(ca, cb, [(0, (80, 54, 20)), (0.35, (220, 190, 120)), (1, (70, 46, 16))]))
    eye = c.poly(T(thick_pts((t0[0] - dx * 0.1, t0[1] - dy * 0.1), t0, tw * 0.8)))
    c.paint(eye, (30, 26, 24))
    # horizon mirror (half silvered) on the left bar
    hmx, hmy = P(0.44, 121)
    hmir = T(rrect_pts(hmx - 0.02, hmy - 0.085, hmx + 0.02, hmy + 0.085, 0.006))
    hm = c.poly(xform(hmir, 35, Tp(hmx, hmy)))
    c.shadow(hm, R * 0.01, R * 0.02, R * 0.01, 0.5)
    c.paint(hm, (50, 46, 40))
    hin = c.poly(xform(T(rrect_pts(hmx - 0.013, hmy - 0.075, hmx + 0.013, hmy + 0.075, 0.004)), 35, Tp(hmx, hmy)))
    c.paint(hin, lin([(0, (170, 190, 210)), (0.5, (240, 246, 250)), (1, (120, 140, 170))], Tp(hmx, hmy - 0.08), Tp(hmx, hmy + 0.08)))
    c.paint(c.both(hin, c.poly(xform(T([(hmx - 0.1, hmy), (hmx + 0.1, hmy), (hmx + 0.1, hmy + 0.1), (hmx - 0.1, hmy + 0.1)]), 35, Tp(hmx, hmy)))), (90, 130, 140), 0.6)
    # shade glasses, fanned out
    for k, col in enumerate(((150, 40, 36), (50, 112, 72), (54, 74, 124), (120, 90, 40))):
        gx, gy = P(0.24, 114)
        g = c.poly(xform(T(rrect_pts(gx - 0.075, gy - 0.028, gx + 0.075, gy + 0.028, 0.012)), 28 + k * 9, Tp(gx - 0.06, gy)))
        c.shadow(g, R * 0.008, R * 0.014, R * 0.008, 0.35)
        c.paint(g, col, 0.78)
        c.bevel(g, max(0.8, R * 0.004), (255, 255, 255), (0, 0, 0), 0.45, 0.3, 0.3)
    # index arm, vernier, drum and magnifier
    ia = 97
    arm = c.mask()
    c.poly(T(thick_pts((0, 0), P(1.05, ia), 0.075, 0.05)), m=arm)
    c.poly(T(band_pts(0, 0, 0.84, 1.0, ia - 3.2, ia + 3.2)), m=arm)
    c.shadow(arm, R * 0.015, R * 0.03, R * 0.02, 0.5)
    c.paint(arm, brass(Tp(-0.3, 0.1), Tp(0.4, 1.0), [(0, (210, 170, 90)), (0.4, (255, 232, 170)), (0.7, (190, 146, 66)), (1, (120, 84, 30))]))
    c.bevel(arm, max(1.0, R * 0.005), (255, 244, 200), (60, 36, 10), 0.6, 0.5, 0.4)
    vern = c.poly(T(band_pts(0, 0, 0.885, 0.94, ia - 2.6, ia + 2.6)))
    c.paint(vern, lin(STEEL, Tp(-0.1, 0.9), Tp(0.1, 0.95)))
    vt = c.mask()
    for j in range(11):
        a = ia - 2.2 + j * 0.44
        c.line(T([P(0.9, a), P(0.94 if j % 5 == 0 else 0.925, a)]), lw * 0.8, m=vt, cap=False)
    c.paint(vt, (40, 40, 46), 0.8)
    dx_, dy_ = P(0.99, ia + 9)
    dc = Tp(dx_, dy_)
    drum = c.ellipse(*dc, R * 0.07)
    c.paint(c.poly(T(thick_pts(P(0.98, ia), (dx_, dy_), 0.035))), brass(Tp(0.0, 0.9), Tp(0.2, 1.0)))
    c.shadow(drum, R * 0.012, R * 0.025, R * 0.015, 0.5)
    c.paint(drum, rad([(0, (250, 224, 150)), (0.6, (196, 152, 70)), (1, (110, 76, 28))], (dc[0] - R * 0.02, dc[1] - R * 0.025), R * 0.08))
    kn = c.mask()
    for i in range(48):
        c.line([polar(dc[0], dc[1], R * 0.058, i * 7.5), polar(dc[0], dc[1], R * 0.07, i * 7.5)], lw * 0.9, m=kn, cap=False)
    c.paint(kn, (80, 54, 20), 0.55)
    c.paint(c.ellipse(*dc, R * 0.025), (120, 84, 30))
    mg = Tp(*P(0.78, ia - 6))
    c.paint(c.poly(T(thick_pts(P(0.86, ia - 2), P(0.78, ia - 6), 0.02))), (160, 118, 50))
    mm = c.ellipse(*mg, R * 0.052)
    c.shadow(mm, R * 0.012, R * 0.02, R * 0.015, 0.45)
    c.paint(mm, brass((mg[0] - R * 0.05, mg[1] - R * 0.05), (mg[0] + R * 0.05, mg[1] + R * 0.05)))
    c.paint(c.ellipse(*mg, R * 0.038), rad([(0, (210, 226, 230)), (1, (70, 96, 110))], (mg[0] - R * 0.012, mg[1] - R * 0.014), R * 0.05))
    c.paint(c.ellipse(mg[0] - R * 0.013, mg[1] - R * 0.014, R * 0.011), (255, 255, 255), 0.8)
    # index mirror on the pivot
    im = c.poly(xform(T(rrect_pts(-0.11, -0.105, 0.11, -0.045, 0.01)), ia - 90, (px, py)))
    c.shadow(im, R * 0.012, R * 0.03, R * 0.015, 0.55)
    c.paint(im, (52, 46, 40))
    imi = c.poly(xform(T(rrect_pts(-0.1, -0.097, 0.1, -0.053, 0.006)), ia - 90, (px, py)))
    c.paint(imi, lin([(0, (120, 150, 180)), (0.45, (236, 244, 250)), (1, (110, 130, 160))], Tp(-0.1, -0.1), Tp(0.1, -0.05)))
    piv = c.ellipse(px, py, R * 0.05)
    c.paint(piv, rad([(0, (255, 236, 180)), (1, (130, 92, 36))], (px - R * 0.015, py - R * 0.015), R * 0.06))
    c.paint(c.line([Tp(-0.03, 0.0), Tp(0.03, 0.0)], max(1.0, R * 0.008)), (80, 54, 20))
    # little screw heads
    sc = c.mask()
    for r0, a in ((0.53, 90), (0.9, 124), (0.9, 56), (0.53, 122), (0.53, 58)):
        c.ellipse(*Tp(*P(r0, a)), R * 0.014, m=sc)
    c.paint(sc, (120, 84, 30))
    c.bevel(sc, max(0.7, R * 0.003), (255, 240, 190), (50, 30, 10), 0.7, 0.6, 0.3)


def compass_pic(path):
    S = 800
    c = Canvas(S, S, 3, seed=21)
    n = c.fbm(180, 4, seed=4)
    c.paint(c.full(), graytex(n, (226, 210, 176), (242, 230, 204)))
    # a faded chart: rhumb lines and a coastline
    cx, cy = 400, 400
    rl = c.mask()
    for i in range(32):
        c.line([polar(cx, cy, 330, i * 11.25), polar(cx, cy, 1200, i * 11.25)], 1.0, m=rl, cap=False)
    c.paint(rl, (150, 120, 84), 0.35)
    grid = c.lines([[(x, 0), (x, S)] for x in range(40, S, 120)] + [[(0, y), (S, y)] for y in range(70, S, 120)], 1.0)
    c.paint(grid, (120, 130, 130), 0.18)
    coast = spline([(-20, 520), (60, 560), (90, 640), (150, 660), (180, 740), (260, 760), (300, 820), (-20, 820)], True, 10)
    c.paint(c.poly(coast), (206, 190, 150), 0.7)
    c.paint(c.line(spline([(-20, 520), (60, 560), (90, 640), (150, 660), (180, 740), (260, 760), (300, 820)], False, 10), 1.4), (130, 104, 70), 0.6)
    c.paint(c.full(), rad([(0, (255, 255, 255)), (0.6, (255, 250, 240)), (1.0, (170, 140, 110))], (cx, cy - 40), 620), mode='multiply')
    draw_compass(c, cx, cy, 300, needle=-12, surface_shadow=0.45)
    c.vignette(0.18)
    save_jpg(c.image(), path)


def velvet(c, base=(28, 38, 84), seed=9):
    folds = c.fbm(220, 3, aspect=1.6, seed=seed)
    fine = c.noise(1.2, 1.2, seed=seed + 10)
    t = folds * 0.85 + fine * 0.15
    arr = ramp(t, [(0, mul(base, 0.45)), (0.5, base), (0.82, mix(base, (110, 130, 200), 0.35)), (1, mix(base, (150, 170, 230), 0.5))])
    return arr


def sextant_pic(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=31)
    c.paint(c.full(), tex(velvet(c)))
    c.paint(c.full(), rad([(0, (255, 255, 255)), (0.7, (220, 220, 235)), (1.2, (90, 90, 120))], (380, 250), 560, 460), mode='multiply')
    draw_sextant(c, 418, 84, 440, ang=12, shadow=(4, 6, 20))
    c.vignette(0.2)
    save_jpg(c.image(), path)


def instruments(path):
    W, H = 900, 600
    c = Canvas(W, H, 3, seed=41)
    c.paint(c.full(), tex(wood_texture(c, (84, 50, 30), (44, 24, 14), (122, 78, 46), plank=150, seed=5)))
    c.paint(c.full(), rad([(0, (255, 236, 200)), (0.6, (200, 170, 140)), (1.2, (60, 44, 36))], (380, 220), 700, 520), mode='multiply')
    # a pair of dividers lying diagonally
    dv = c.mask()
    hinge = (470, 470)
    for tip in ((700, 560), (724, 536)):
        c.poly(thick_pts(hinge, tip, 10, 2), m=dv)
    c.ellipse(*hinge, 12, m=dv)
    c.shadow(dv, 5, 9, 5, 0.55)
    c.paint(dv, brass((600, 60), (660, 340)))
    c.bevel(dv, 1.0, (255, 240, 190), (50, 30, 10), 0.6, 0.4, 0.4)
    draw_compass(c, 250, 300, 185, needle=-20, surface_shadow=0.6)
    draw_sextant(c, 660, 90, 280, ang=-8, shadow=(10, 4, 0), detail=0.5)
    c.vignette(0.25)
    save_jpg(c.image(), path)


def hull(pts):
    pts = sorted(set(pts))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lo, up = [], []
    for p in pts:
        while len(lo) >= 2 and cross(lo[-2], lo[-1], p) <= 0:
            lo.pop()
        lo.append(p)
    for p in reversed(pts):
        while len(up) >= 2 and cross(up[-2], up[-1], p) <= 0:
            up.pop()
        up.append(p)
    return lo[:-1] + up[:-1]


def galleries(path):
    W, H = 1200, 800
    c = Canvas(W, H, 3, seed=51)
    rng = np.random.default_rng(52)
    F, CX, CY = 600, 600, 392

    def P(x, y, z):
        return (CX + F * x / z, CY - F * y / z)

    def Q(pts):
        return [P(*p) for p in pts]
    XL, XR, YF, YC, ZB, Z0 = -5.0, 5.0, -1.6, 3.4, 12.5, 1.2
    # ceiling, walls, back wall
    c.paint(c.poly(Q([(XL, YC, Z0), (XR, YC, Z0), (XR, YC, ZB), (XL, YC, ZB)])), lin([(0, (196, 190, 182)), (1, (222, 216, 206))], (0, 0), (0, P(0, YC, ZB)[1])))
    lw = c.poly(Q([(XL, YF, Z0), (XL, YC, Z0), (XL, YC, ZB), (XL, YF, ZB)]))
    c.paint(lw, lin([(0, (206, 196, 182)), (1, (234, 227, 215))], (0, 0), (P(XL, 0, ZB)[0], 0)))
    rw = c.poly(Q([(XR, YF, Z0), (XR, YC, Z0), (XR, YC, ZB), (XR, YF, ZB)]))
    c.paint(rw, lin([(0, (214, 202, 186)), (1, (236, 228, 216))], (W, 0), (P(XR, 0, ZB)[0], 0)))
    bx0, by0 = P(XL, YC, ZB)
    bx1, by1 = P(XR, YF, ZB)
    bw = c.rect(bx0, by0, bx1, by1)
    c.paint(bw, rad([(0, (246, 241, 232)), (1, (226, 218, 206))], ((bx0 + bx1) / 2, by0 + 60), 420, 300))
    # floor: oak planks running into the room
    fl = c.poly(Q([(XL, YF, Z0), (XR, YF, Z0), (XR, YF, ZB), (XL, YF, ZB)]))
    c.paint(fl, lin([(0, (150, 108, 70)), (1, (190, 150, 108))], (0, H), (0, by1)))
    pw = 0.32
    x = XL
    k = 0
    while x < XR:
        tint = rng.uniform(0.9, 1.08)
        pm = c.poly(Q([(x, YF, Z0), (x + pw, YF, Z0), (x + pw, YF, ZB), (x, YF, ZB)]))
        c.paint(pm, (255 * tint / 1.08,) * 3, 1.0, mode='multiply')
        x += pw
        k += 1
    seams = c.mask()
    x = XL
    while x <= XR + 1e-6:
        c.line(Q([(x, YF, Z0 + 0.6), (x, YF, ZB)]), 0.9, m=seams, cap=False)
        x += pw
    for i in range(120):
        px = XL + pw * rng.integers(0, int((XR - XL) / pw))
        z = rng.uniform(2.2, ZB)
        c.line(Q([(px, YF, z), (px + pw, YF, z)]), 0.8, m=seams, cap=False)
    c.paint(seams, (90, 62, 40), 0.45)
    # reflections of the back wall on the polished floor
    c.paint(c.poly(Q([(XL + 1, YF, ZB - 3.5), (XR - 1, YF, ZB - 3.5), (XR, YF, ZB), (XL, YF, ZB)])), (255, 240, 220), 0.18, blur=8)
    # skirting boards
    sk = c.mask()
    c.poly(Q([(XL, YF, Z0), (XL, YF + 0.14, Z0), (XL, YF + 0.14, ZB), (XL, YF, ZB)]), m=sk)
    c.poly(Q([(XR, YF, Z0), (XR, YF + 0.14, Z0), (XR, YF + 0.14, ZB), (XR, YF, ZB)]), m=sk)
    c.rect(bx0, P(0, YF + 0.14, ZB)[1], bx1, by1 + 0.5, m=sk)
    c.paint(sk, (104, 92, 82))
    # corner shading
    for poly in ([(XL, YF, ZB), (XL, YC, ZB)], [(XR, YF, ZB), (XR, YC, ZB)]):
        c.paint(c.line(Q(poly), 5), (120, 100, 80), 0.12, blur=5)
    # skylight in the ceiling
    sx0, sx1, sz0, sz1 = -1.7, 1.7, 2.6, 11.4
    sky = c.poly(Q([(sx0 - 0.15, YC, sz0 - 0.15), (sx1 + 0.15, YC, sz0 - 0.15), (sx1 + 0.15, YC, sz1 + 0.15), (sx0 - 0.15, YC, sz1 + 0.15)]))
    c.paint(sky, (170, 164, 156))
    glass = c.poly(Q([(sx0, YC, sz0), (sx1, YC, sz0), (sx1, YC, sz1), (sx0, YC, sz1)]))
    c.paint(glass, lin([(0, (236, 244, 250)), (1, (206, 224, 238))], (0, 0), (0, P(0, YC, sz1)[1])))
    mull = c.mask()
    nz = 8
    for i in range(nz + 1):
        z = sz0 + (sz1 - sz0) * i / nz
        c.line(Q([(sx0, YC, z), (sx1, YC, z)]), 3.0, m=mull, cap=False)
    c.line(Q([(0, YC, sz0), (0, YC, sz1)]), 3.5, m=mull, cap=False)
    c.paint(mull, (150, 146, 142))
    # light shafts: one per pane, slanting down and to the right
    dxs, dzs = 1.9, 2.2
    for i in range(nz):
        z0 = sz0 + (sz1 - sz0) * i / nz + 0.06
        z1 = sz0 + (sz1 - sz0) * (i + 1) / nz - 0.06
        for xa, xb in ((sx0, -0.06), (0.06, sx1)):
            top = [(xa, YC, z0), (xb, YC, z0), (xb, YC, z1), (xa, YC, z1)]
            bot = [(x_ + dxs, YF, z_ + dzs) for x_, _, z_ in top]
            if bot[0][2] > ZB:
                continue
            clipb = [(min(x_, XR), y_, min(z_, ZB)) for x_, y_, z_ in bot]
            sh = c.poly(hull(Q(top) + Q(clipb)))
            c.paint(sh, (255, 244, 220), 0.15, blur=5, mode='screen')
            c.paint(c.poly(Q(clipb)), (255, 228, 184), 0.5, blur=2.0, mode='screen', clip=fl)
    # paintings
    def frame(quad, inner, fill_fn, frame_col=(176, 138, 66), frame_dark=(110, 82, 36)):
        fm = c.poly(quad)
        c.shadow(fm, 3, 6, 6, 0.25, (60, 40, 20))
        c.paint(fm, lin([(0, frame_col), (1, frame_dark)], quad[0], quad[2]))
        c.bevel(fm, 1.5, (255, 236, 180), (40, 24, 10), 0.5, 0.5, 0.8)
        im = c.poly(inner)
        fill_fn(im)

    # back wall: a harbour at sunrise, in the style of a modern print
    ax0, ay0 = P(-1.8, 1.55, ZB)
    ax1, ay1 = P(1.8, -0.55, ZB)
    fr = 8

    def back_art(im):
        c.paint(im, lin([(0, (236, 190, 130)), (0.55, (242, 214, 170)), (1, (150, 178, 190))], (0, ay0), (0, ay1)))
        c.paint(c.both(c.ellipse((ax0 + ax1) / 2 + 60, ay0 + (ay1 - ay0) * 0.42, 26), im), (246, 132, 74))
        c.paint(c.both(c.rect(ax0, ay0 + (ay1 - ay0) * 0.56, ax1, ay1), im), lin([(0, (62, 112, 142)), (1, (30, 64, 98))], (0, ay0 + (ay1 - ay0) * 0.56), (0, ay1)))
        c.paint(c.both(c.poly(spline([(ax0, ay0 + (ay1 - ay0) * 0.56), (ax0 + 60, ay0 + (ay1 - ay0) * 0.42), (ax0 + 150, ay0 + (ay1 - ay0) * 0.5), (ax0 + 220, ay0 + (ay1 - ay0) * 0.57)], False, 8)), im), (96, 110, 120))
        yb = ay0 + (ay1 - ay0) * 0.6
        c.paint(c.both(c.poly([(ax0 + 260, yb - 70), (ax0 + 260, yb - 8), (ax0 + 300, yb - 8)]), im), (250, 244, 230))
        c.paint(c.both(c.poly([(ax0 + 238, yb - 6), (ax0 + 310, yb - 6), (ax0 + 300, yb + 2), (ax0 + 246, yb + 2)]), im), (40, 40, 52))
        c.paint(c.both(c.lines([[(ax0 + 20 + i * 37, yb + 14 + (i % 3) * 9), (ax0 + 44 + i * 37, yb + 14 + (i % 3) * 9)] for i in range(8)], 1.3), im), (200, 220, 230), 0.6)
    frame([(ax0 - fr, ay0 - fr), (ax1 + fr, ay0 - fr), (ax1 + fr, ay1 + fr), (ax0 - fr, ay1 + fr)],
          [(ax0, ay0), (ax1, ay0), (ax1, ay1), (ax0, ay1)], back_art, (48, 44, 42), (26, 24, 24))

    # side walls: perspective frames
    def wall_quad(xw, za, zb, ya, yb):
        return Q([(xw, yb, za), (xw, yb, zb), (xw, ya, zb), (xw, ya, za)])

    def side(xw, za, zb, ya, yb, art, fc, fd):
        e = 0.09
        outer = wall_quad(xw, za - e, zb + e, ya - e, yb + e)
        inner = wall_quad(xw, za, zb, ya, yb)

        def fill(im):
            art(im, xw, za, zb, ya, yb)
        frame(outer, inner, fill, fc, fd)

    def color_field(im, xw, za, zb, ya, yb):
        h = yb - ya
        c.paint(im, (214, 120, 74))
        c.paint(c.both(c.poly(wall_quad(xw, za + 0.12, zb - 0.12, ya + h * 0.52, yb - 0.12)), im), (236, 178, 96), blur=0.8)
        c.paint(c.both(c.poly(wall_quad(xw, za + 0.12, zb - 0.12, ya + 0.12, ya + h * 0.44)), im), (120, 44, 40), blur=0.8)

    def ship_art(im, xw, za, zb, ya, yb):
        h = yb - ya
        L = zb - za
        c.paint(im, lin([(0, (190, 210, 214)), (1, (236, 226, 200))], P(xw, yb, za), P(xw, ya, za)))
        c.paint(c.both(c.poly(wall_quad(xw, za, zb, ya, ya + h * 0.38)), im), (52, 92, 118))
        m0 = za + L * 0.5
        c.paint(c.both(c.poly(Q([(xw, ya + h * 0.42, m0 - 0.05), (xw, ya + h * 0.9, m0 - 0.05), (xw, ya + h * 0.42, m0 - 0.75)])), im), (250, 246, 236))
        c.paint(c.both(c.poly(Q([(xw, ya + h * 0.42, m0 + 0.05), (xw, ya + h * 0.8, m0 + 0.05), (xw, ya + h * 0.42, m0 + 0.55)])), im), (240, 232, 214))
        c.paint(c.both(c.poly(Q([(xw, ya + h * 0.4, m0 - 0.9), (xw, ya + h * 0.4, m0 + 0.8), (xw, ya + h * 0.32, m0 + 0.6), (xw, ya + h * 0.32, m0 - 0.75)])), im), (140, 60, 44))
    side(XL, 6.0, 9.4, -0.45, 1.35, color_field, (176, 138, 66), (120, 90, 40))
    side(XR, 6.0, 9.4, -0.45, 1.35, ship_art, (60, 50, 44), (30, 26, 24))
    # little label plates
    lab = c.mask()
    c.poly(wall_quad(XL, 9.75, 10.1, 0.05, 0.25), m=lab)
    c.poly(wall_quad(XR, 9.75, 10.1, 0.05, 0.25), m=lab)
    lx = P(1.95, 0, ZB)[0]
    c.rect(lx + 8, P(0, 0.25, ZB)[1], lx + 26, P(0, 0.1, ZB)[1], m=lab)
    c.paint(lab, (248, 246, 240))
    c.shadow(lab, 1, 2, 1.5, 0.15)
    # bench in the middle of the room
    by_, bt = -1.12, 0.09
    bxa, bxb, bza, bzb = -1.35, 1.35, 5.3, 5.95
    shadowm = c.poly(Q([(bxa + 0.5, YF, bza + 0.5), (bxb + 0.9, YF, bza + 0.6), (bxb + 0.9, YF, bzb + 0.9), (bxa + 0.5, YF, bzb + 0.7)]))
    c.paint(shadowm, (70, 44, 24), 0.35, blur=10)
    c.paint(c.poly(Q([(bxa, YF, bza), (bxb, YF, bza), (bxb, YF, bzb), (bxa, YF, bzb)])), (60, 40, 24), 0.4, blur=6)
    legs = c.mask()
    for lx_ in (bxa + 0.12, bxb - 0.2):
        c.poly(Q([(lx_, YF, bza + 0.06), (lx_ + 0.08, YF, bza + 0.06), (lx_ + 0.08, by_, bza + 0.06), (lx_, by_, bza + 0.06)]), m=legs)
        c.poly(Q([(lx_, YF, bzb - 0.06), (lx_ + 0.08, YF, bzb - 0.06), (lx_ + 0.08, by_, bzb - 0.06), (lx_, by_, bzb - 0.06)]), m=legs)
    c.paint(legs, (40, 36, 34))
    top = c.poly(Q([(bxa, by_ + bt, bza), (bxb, by_ + bt, bza), (bxb, by_ + bt, bzb), (bxa, by_ + bt, bzb)]))
    front = c.poly(Q([(bxa, by_, bza), (bxb, by_, bza), (bxb, by_ + bt, bza), (bxa, by_ + bt, bza)]))
    c.paint(top, lin([(0, (70, 104, 110)), (1, (52, 84, 92))], P(0, by_, bza), P(0, by_, bzb)))
    c.paint(front, (34, 56, 62))
    c.paint(c.line(Q([(bxa, by_ + bt, bza), (bxb, by_ + bt, bza)]), 1.5), (150, 180, 180), 0.6)
    c.vignette(0.2)
    save_jpg(c.image(), path)


def draw_tree(c, cx, cy, r, trunk_h, rng, dark=(54, 96, 58), mid=(84, 128, 70), light=(138, 170, 92), trunk=(92, 70, 54), shadow_on=None):
    tr = c.poly([(cx - r * 0.09, cy + trunk_h), (cx - r * 0.05, cy), (cx + r * 0.05, cy), (cx + r * 0.1, cy + trunk_h)])
    c.paint(tr, lin([(0, mul(trunk, 1.2)), (1, mul(trunk, 0.7))], (cx - r * 0.1, 0), (cx + r * 0.1, 0)))
    blobs = [(cx + rng.uniform(-0.62, 0.62) * r, cy + rng.uniform(-0.6, 0.25) * r, r * rng.uniform(0.3, 0.48)) for _ in range(16)]
    blobs += [(cx, cy - r * 0.15, r * 0.6)]
    blobs.sort(key=lambda b: -b[2])
    dm = c.ellipses([(x, y, rr) for x, y, rr in blobs])
    c.paint(dm, dark)
    for x, y, rr in sorted(blobs, key=lambda b: b[1] + b[2] * 0.0):
        t = (cy + 0.3 * r - y) / (0.9 * r)
        top = mix(mid, light, max(0.0, min(1.0, t)))
        c.paint(c.ellipse(x, y, rr), rad([(0, top), (0.6, mid), (1.0, dark)], (x - rr * 0.35, y - rr * 0.45), rr * 1.5), 0.95, blur=0.6)
    leaves = c.mask()
    for i in range(260):
        a = rng.uniform(0, 2 * math.pi)
        d = r * math.sqrt(rng.random()) * 0.85
        x, y = cx + math.cos(a) * d, cy - r * 0.15 + math.sin(a) * d * 0.9
        c.ellipse(x, y, r * 0.025, r * 0.016, rot=rng.uniform(0, 180), m=leaves)
    c.paint(c.both(leaves, dm), light, 0.35)
    return dm


def garden(path):
    W, H, hy = 1200, 800, 440
    c = Canvas(W, H, 3, seed=61)
    rng = np.random.default_rng(62)
    c.paint(c.rect(0, 0, W, hy + 10), lin([(0, (122, 172, 210)), (1, (214, 232, 236))], (0, 0), (0, hy)))
    for cx, cy, s in ((760, 90, 1.0), (1080, 150, 0.7), (560, 170, 0.55)):
        m = c.ellipses([(cx - 60 * s, cy + 8 * s, 44 * s), (cx, cy - 12 * s, 56 * s), (cx + 62 * s, cy + 6 * s, 40 * s), (cx + 10 * s, cy + 20 * s, 70 * s, 28 * s)])
        m = c.both(m, c.rect(0, 0, W, cy + 40 * s))
        c.paint(m, lin([(0, (255, 255, 255)), (1, (214, 226, 236))], (0, cy - 60 * s), (0, cy + 40 * s)), 0.85, blur=1.5)
    # museum wing on the left
    c.paint(c.rect(-10, 128, 500, 148), (88, 96, 110))
    wall = c.rect(-10, 148, 490, hy + 10)
    c.paint(wall, lin([(0, (236, 224, 202)), (1, (214, 198, 172))], (0, 148), (0, hy)))
    c.paint(c.rect(-10, 148, 494, 166), (244, 236, 220))
    c.paint(c.rect(-10, 166, 490, 171), (180, 166, 144), 0.7)
    for wx in (40, 150, 260, 370):
        wm = c.poly([(wx, 370)] + ell_pts(wx + 32, 232, 32, 32, 0, 180, 360) + [(wx + 64, 370)])
        c.paint(c.shift(wm, 5, 5), (160, 146, 124), 0.6)
        c.paint(wm, lin([(0, (130, 160, 184)), (0.5, (70, 94, 118)), (1, (52, 72, 92))], (wx, 200), (wx + 64, 370)))
        c.paint(c.lines([[(wx + 32, 205), (wx + 32, 370)], [(wx, 290), (wx + 64, 290)]], 3), (232, 224, 210))
        c.paint(c.rect(wx - 6, 370, wx + 70, 378), (246, 238, 224))
    # far trees, hedge
    far = c.ellipses([(x, hy - 30 - 40 * rng.random(), 46 + 30 * rng.random()) for x in np.arange(480, 1260, 55)])
    far = c.both(far, c.rect(0, 0, W, hy + 5))
    c.paint(far, lin([(0, (118, 156, 128)), (1, (92, 130, 104))], (0, hy - 120), (0, hy)))
    draw_tree(c, 1040, 210, 190, 260, rng)
    draw_tree(c, 610, 300, 90, 150, rng, dark=(70, 112, 78), mid=(96, 140, 90), light=(140, 176, 110))
    # lawn with mowing stripes
    lawn = c.rect(0, hy, W, H)
    c.paint(lawn, lin([(0, (128, 172, 86)), (1, (88, 140, 62))], (0, hy), (0, H)))
    vp = (600, 250)
    stripes = c.mask()
    for i in range(-12, 12, 2):
        a = (i * 0.11, (i + 1) * 0.11)
        pts = [vp] + [(vp[0] + 2000 * math.sin(t), vp[1] + 2000 * math.cos(t)) for t in a]
        c.poly(pts, m=stripes)
    c.paint(c.both(stripes, lawn), (255, 255, 255), 0.06)
    hedge = c.poly(spline([(-20, hy + 24), (-20, hy - 16), (200, hy - 22), (500, hy - 18), (800, hy - 24), (1220, hy - 18), (1220, hy + 24)], True, 8))
    c.paint(hedge, lin([(0, (86, 130, 70)), (1, (52, 92, 52))], (0, hy - 22), (0, hy + 24)))
    bumps = c.ellipses([(x, hy - 16, 22) for x in np.arange(0, 1220, 30)])
    c.paint(c.both(bumps, hedge), (100, 146, 80), 0.5, blur=2)
    fl = c.mask()
    fl2 = c.mask()
    for i in range(90):
        x = rng.uniform(0, 1200)
        if 420 < x < 820:
            continue
        y = hy + 22 + rng.uniform(-4, 10)
        c.ellipse(x, y, rng.uniform(2.5, 4.5), m=fl if rng.random() < 0.6 else fl2)
    c.paint(fl, (182, 150, 214))
    c.paint(fl2, (250, 236, 240))
    # gravel path
    left = [(330, 810), (430, 720), (520, 660), (560, 626)]
    right = [(690, 626), (720, 660), (780, 720), (860, 810)]
    gravel = c.poly(spline(left, False, 10) + spline(right, False, 10))
    gn = c.noise(1.0, 1.0, seed=7)
    c.paint(gravel, graytex(gn, (208, 192, 164), (232, 220, 196)))
    c.paint(c.line(spline(left, False, 10), 2.5), (110, 130, 80), 0.4)
    c.paint(c.line(spline(right, False, 10), 2.5), (110, 130, 80), 0.4)
    # plinth (3/4 view)
    px0, px1, ptop, pbot, d = 505, 735, 462, 640, 28
    sh = c.poly([(px1, pbot), (px1 + d, pbot - 14), (px1 + 230, pbot + 6), (px1 + 180, pbot + 28)])
    c.paint(sh, (40, 70, 30), 0.35, blur=10)
    c.paint(c.rect(px0 - 10, pbot - 4, px1 + 14, pbot + 8), (50, 70, 40), 0.35, blur=5)
    front = c.rect(px0, ptop, px1, pbot)
    c.paint(front, lin([(0, (222, 212, 194)), (1, (190, 178, 158))], (px0, ptop), (px1, pbot)))
    sidef = c.poly([(px1, ptop), (px1 + d, ptop - 14), (px1 + d, pbot - 14), (px1, pbot)])
    c.paint(sidef, (160, 148, 130))
    cap_f = c.rect(px0 - 10, ptop - 14, px1 + 10, ptop + 2)
    c.paint(cap_f, (232, 224, 208))
    cap_t = c.poly([(px0 - 10, ptop - 14), (px1 + 10, ptop - 14), (px1 + 10 + d, ptop - 28), (px0 - 10 + d, ptop - 28)])
    c.paint(cap_t, (244, 238, 226))
    c.paint(c.poly([(px1 + 10, ptop - 14), (px1 + 10 + d, ptop - 28), (px1 + 10 + d, ptop - 12), (px1 + 10, ptop + 2)]), (176, 164, 146))
    c.paint(c.sub(c.rect(px0 + 24, ptop + 30, px1 - 24, pbot - 24), c.rect(px0 + 26, ptop + 32, px1 - 22, pbot - 22)), (150, 138, 120), 0.6)
    c.paint(c.sub(c.rect(px0 + 26, ptop + 32, px1 - 22, pbot - 22), c.rect(px0 + 24, ptop + 30, px1 - 24, pbot - 24)), (250, 246, 236), 0.6)
    # the lighthouse lens
    cx, rx = 620 + d / 2, 98
    yb, yc, yt = ptop - 22, 300, 168       # base, cylinder top, dome top
    ry = yc - yt
    c.paint(c.rect(cx - rx - 10, yb - 14, cx + rx + 10, yb + 2), brass((cx - rx, 0), (cx + rx, 0)))
    c.paint(c.poly(ell_pts(cx, yb + 2, rx + 10, 6, 0, 0, 180)), (120, 86, 36))
    body = c.poly([(cx - rx, yb - 14), (cx - rx, yc)] + ell_pts(cx, yc, rx, ry, 0, 180, 360) + [(cx + rx, yb - 14)])
    c.paint(body, lin([(0, (66, 112, 114)), (0.18, (150, 196, 190)), (0.4, (214, 238, 232)), (0.62, (160, 204, 198)), (1, (58, 100, 104))], (cx - rx, 0), (cx + rx, 0)))
    kk = -0.08

    def hband(y0, y1, hw0, hw1, light=(246, 252, 248), deep=(96, 150, 150), alpha=0.6):
        pts = [(cx - hw0 + 2 * hw0 * i / 30, y0 + kk * hw0 * (1 - (2 * i / 30 - 1) ** 2)) for i in range(31)]
        pts2 = [(cx - hw1 + 2 * hw1 * i / 30, y1 + kk * hw1 * (1 - (2 * i / 30 - 1) ** 2)) for i in range(31)]
        m = c.both(c.poly(pts + pts2[::-1]), body)
        c.paint(m, lin([(0, light), (0.7, deep), (1, mul(deep, 0.8))], (0, y0 + kk * hw0), (0, y1 + kk * hw1)), alpha)
        return pts2
    yb0, yb1 = 330, yb - 44          # the bull's-eye belt
    edges = []
    for y0 in np.linspace(yc, yb0, 4)[:-1]:
        edges.append(hband(y0, y0 + (yb0 - yc) / 3, rx, rx))
    for y0 in np.linspace(yb1, yb - 14, 4)[:-1]:
        edges.append(hband(y0, y0 + (yb - 14 - yb1) / 3, rx, rx))
    for i in range(7):
        p0, p1 = i * 11.5, (i + 1) * 11.5
        y0 = yc - ry * math.sin(math.radians(p0))
        y1 = yc - ry * math.sin(math.radians(p1))
        edges.append(hband(y1, y0, rx * math.cos(math.radians(p1)), rx * math.cos(math.radians(p0)), alpha=0.55))
    # bull's-eyes: front panel and the two side panels
    bcy = (yb0 + yb1) / 2 + kk * rx
    for ox, sq, a in ((0, 1.0, 0.75), (-rx * 0.78, 0.42, 0.5), (rx * 0.78, 0.42, 0.5)):
        for j, r in enumerate(np.linspace(44, 6, 7)):
            e = c.both(c.ellipse(cx + ox, bcy, r * sq, r * 1.08), body)
            col = (250, 255, 252) if j % 2 == 0 else (110, 160, 160)
            c.paint(e, rad([(0, col), (1, mul(col, 0.82))], (cx + ox - r * 0.3 * sq, bcy - r * 0.3), r * 1.2), a)
    # vertical brass ribs following the dome's meridians, and the rings
    ribs = c.mask()
    for th in (-67.5, -22.5, 22.5, 67.5):
        sx = math.sin(math.radians(th))
        pts = [(cx + rx * sx, yb - 14), (cx + rx * sx, yc)]
        for ph in np.linspace(0, 88, 20):
            pr = math.radians(ph)
            pts.append((cx + rx * math.cos(pr) * sx, yc - ry * math.sin(pr)))
        c.line(pts, 2.6, m=ribs, cap=False)
    for y0 in (yc, yb0, yb1):
        c.line([(cx - rx + 2 * rx * i / 30, y0 + kk * rx * (1 - (2 * i / 30 - 1) ** 2)) for i in range(31)], 3.2, m=ribs, cap=False)
    c.paint(c.both(ribs, body), lin([(0, (120, 86, 34)), (0.4, (236, 200, 120)), (1, (100, 70, 26))], (cx - rx, 0), (cx + rx, 0)))
    # shading, a tall highlight and reflected greenery
    c.paint(body, shadefill(lambda X, Y: np.interp(np.clip((X - cx) / rx, -1, 1), [-1, -0.6, -0.2, 0.5, 1], [0.72, 0.95, 1.0, 0.86, 0.66])), mode='multiply')
    c.paint(c.both(c.rect(cx - rx * 0.58, yt, cx - rx * 0.42, yb), body), (255, 255, 255), 0.45, blur=4)
    c.paint(c.both(c.rect(cx + rx * 0.3, yc, cx + rx * 0.36, yb), body), (255, 255, 255), 0.25, blur=2)
    c.paint(c.both(c.rect(cx - rx, yb1, cx + rx, yb), body), (90, 150, 70), 0.25, blur=8, mode='multiply')
    c.bevel(body, 1.5, (255, 255, 255), (20, 50, 50), 0.35, 0.4, 1.0)
    gl = c.mask()
    for gx, gy, gr in ((cx - rx * 0.5, 236, 7), (cx - rx * 0.52, 352, 5), (cx + rx * 0.33, 316, 4), (cx - rx * 0.2, yb - 30, 4)):
        c.poly([(gx - gr * 2.2, gy), (gx, gy - gr * 0.35), (gx + gr * 2.2, gy), (gx, gy + gr * 0.35)], m=gl)
        c.poly([(gx, gy - gr * 2.2), (gx + gr * 0.35, gy), (gx, gy + gr * 2.2), (gx - gr * 0.35, gy)], m=gl)
    c.paint(gl, (255, 255, 255), 0.9)
    c.paint(c.ellipse(cx, bcy, 18), (255, 255, 240), 0.6, blur=6, mode='screen')
    # crown
    c.paint(c.poly(ell_pts(cx, yt + 8, 26, 9, 0, 180, 360) + [(cx + 26, yt + 10), (cx - 26, yt + 10)]), brass((cx - 26, 0), (cx + 26, 0)))
    c.paint(c.rect(cx - 4, yt - 22, cx + 4, yt), brass((cx - 4, 0), (cx + 4, 0)))
    c.paint(c.ellipse(cx, yt - 24, 8), rad([(0, (255, 236, 170)), (1, (140, 100, 40))], (cx - 3, yt - 27), 10))
    c.vignette(0.16)
    save_jpg(c.image(), path)


def lighthouse(path):
    W, H, hy = 600, 800, 560
    c = Canvas(W, H, 4, seed=71)
    rng = np.random.default_rng(72)
    c.paint(c.rect(0, 0, W, hy + 2), lin([(0, (106, 160, 204)), (0.7, (184, 214, 232)), (1, (226, 236, 236))], (0, 0), (0, hy)))
    for cx, cy, s in ((120, 140, 1.0), (470, 250, 0.8), (90, 420, 0.6), (520, 470, 0.45)):
        m = c.ellipses([(cx - 60 * s, cy + 8 * s, 40 * s), (cx - 10 * s, cy - 14 * s, 54 * s), (cx + 50 * s, cy + 2 * s, 42 * s), (cx, cy + 16 * s, 90 * s, 26 * s)])
        m = c.both(m, c.rect(0, 0, W, cy + 38 * s))
        c.paint(m, lin([(0, (255, 255, 255)), (1, (200, 214, 228))], (0, cy - 60 * s), (0, cy + 40 * s)), 0.9, blur=1.2)
    sea = c.rect(0, hy, W, H)
    c.paint(sea, lin([(0, (84, 140, 172)), (0.3, (50, 108, 146)), (1, (28, 74, 110))], (0, hy), (0, H)))
    wl = c.mask()
    for i in range(160):
        f = rng.random() ** 1.5
        c.ellipse(rng.uniform(0, W), hy + 4 + (H - hy) * f, 4 + 36 * f, 0.4 + 1.3 * f, m=wl)
    c.paint(wl, (200, 228, 236), 0.35)
    # tower
    cx, by = 300, 640
    draw_lighthouse(c, cx, by, 470, 132, 84, hy, body=(246, 242, 236), band=(200, 52, 50), nb=4,
                    shade_tint=(120, 140, 200), light_left=True, curve=0.05, lamp=(255, 240, 180),
                    details=True, dome=(176, 44, 44), metal=(44, 48, 58))
    # low-poly rocks: fan facets from a peak, shaded by which way each facet faces
    def rock(pts, col, peak):
        n = len(pts)
        base = c.poly(pts)
        c.paint(base, col)
        for i in range(n):
            p0, p1 = pts[i], pts[(i + 1) % n]
            ex, ey = p1[0] - p0[0], p1[1] - p0[1]
            L = math.hypot(ex, ey) or 1
            nx, ny = ey / L, -ex / L
            lit = max(0.0, -0.55 * nx - 0.83 * ny)
            f = 0.62 + 0.55 * lit
            c.paint(c.poly([peak, p0, p1]), mul(col, f), clip=base)
        c.paint(c.lines([[peak, p] for p in pts], 0.8), mul(col, 0.7), 0.35, clip=base)
        return base
    rocks = [
        ([(140, 700), (158, 640), (210, 606), (280, 598), (350, 610), (420, 600), (462, 640), (476, 700)], (128, 118, 110), (300, 628)),
        ([(30, 760), (50, 690), (100, 652), (170, 648), (226, 680), (246, 740), (190, 770)], (110, 102, 96), (130, 690)),
        ([(372, 760), (392, 690), (450, 648), (520, 640), (580, 668), (612, 720), (590, 770)], (106, 98, 94), (500, 680)),
        ([(-20, 820), (-20, 770), (60, 736), (150, 730), (250, 750), (330, 728), (420, 740), (520, 752), (620, 770), (640, 820)], (86, 80, 78), (260, 780)),
    ]
    for pts, col, peak in rocks:
        rock(pts, col, peak)
    # white water where waves break on the rocks
    wash = c.mask()
    for x0, x1, y in ((-10, 60, 742), (596, 620, 720), (560, 612, 760)):
        c.ellipse((x0 + x1) / 2, y, (x1 - x0) / 2 + 20, 14, m=wash)
    c.paint(wash, (150, 200, 214), 0.5, blur=4)
    foam = c.mask()
    for x0, x1, y, amp in ((-10, 56, 740, 8), (586, 620, 712, 8), (566, 620, 762, 6), (222, 246, 728, 4)):
        for i in range(14):
            t = i / 13
            c.ellipse(x0 + (x1 - x0) * t, y + math.sin(t * 9) * 3, amp * rng.uniform(0.6, 1.2), amp * 0.55, m=foam)
    c.paint(foam, (250, 252, 252), 0.95, blur=0.8)
    spray = c.mask()
    for i in range(40):
        side = -1 if rng.random() < 0.5 else 1
        x = (20 if side < 0 else 600) + rng.normal(0, 14)
        y = 712 - abs(rng.normal(0, 26))
        c.ellipse(x, y, rng.uniform(0.8, 2.4), m=spray)
    c.paint(spray, (255, 255, 255), 0.85, blur=0.4)
    crest = c.mask()
    for y in (600, 622, 650):
        for i in range(5):
            x = rng.uniform(-50, 650)
            c.line(spline([(x, y + 4), (x + 20, y - 2), (x + 50, y), (x + 80, y + 5)], False, 6), 2.0, m=crest)
    c.paint(c.sub(crest, c.rect(100, 590, 500, 700)), (240, 248, 250), 0.7, blur=0.8)
    g = c.mask()
    for gx, gy, s in ((470, 150, 1.2), (505, 175, 0.9), (120, 300, 0.8)):
        c.line([(gx - 10 * s, gy - 3 * s), (gx - 4 * s, gy - 2 * s), (gx, gy + 1.5 * s), (gx + 4 * s, gy - 2 * s), (gx + 10 * s, gy - 3 * s)], 1.8 * s, m=g)
    c.paint(g, (60, 70, 86), 0.85)
    save_jpg(c.image(), path)


def draw_ship(c, ox, oy, L, hull_dark=(60, 38, 28), strake=(196, 150, 70), copper=(172, 104, 62),
              sail=(238, 228, 204), sail_shade=(176, 164, 138), rig=(40, 34, 30), flag=(180, 50, 40), lw=1.0,
              ports=True, mast=1.0):
    """A three-masted ship in side view, bow to the right. (ox, oy) is the stern at deck level."""
    def T(pts):
        return [(ox + u * L, oy + v * L) for u, v in pts]
    bottom = spline([(0.02, -0.12), (0.04, 0.0), (0.1, 0.085), (0.35, 0.112), (0.65, 0.112), (0.85, 0.085), (0.96, 0.0), (1.0, -0.1)], False, 10)
    top = spline([(1.0, -0.1), (0.8, -0.062), (0.5, -0.052), (0.25, -0.065), (0.1, -0.1), (0.02, -0.12)], False, 10)
    hull = c.poly(T(bottom + top))

    def sheer(u):
        return float(np.interp(u, [0.02, 0.1, 0.25, 0.5, 0.8, 1.0], [-0.12, -0.1, -0.065, -0.052, -0.062, -0.1]))
    w = max(0.7, L * 0.0025) * lw
    # masts and yards, sails
    masts = ((0.26, 0.66 * mast), (0.5, 0.86 * mast), (0.74, 0.78 * mast))
    sails = c.mask()
    seams = c.mask()
    yards = c.mask()
    sp = c.mask()
    for u, h in masts:
        d = sheer(u)
        c.line(T([(u, d), (u, d - h)]), w * 2.4, m=yards, cap=False)
        lv = [0.2, 0.45, 0.67, 0.86]
        wd = [0.21, 0.18, 0.14, 0.1]
        k = h / 0.86 / mast ** 0.6
        for i in range(3):
            ya, yb = d - h * lv[i + 1], d - h * lv[i]
            wa, wb = wd[i + 1] * k / 2, wd[i] * k / 2
            pts = [(u - wa, ya), (u + wa, ya)] + spline([(u + wa, ya), (u + wb * 1.02, (ya + yb) / 2), (u + wb, yb)], False, 6)[1:]
            pts += [(u + wb - 2 * wb * t, yb + 0.018 * k * math.sin(math.pi * t)) for t in np.linspace(0, 1, 14)]
            pts += spline([(u - wb, yb), (u - wb * 1.02, (ya + yb) / 2), (u - wa, ya)], False, 6)[1:]
            c.poly(T(pts), m=sails)
            for t in (0.25, 0.5, 0.75):
                c.line(T([(u - wa + 2 * wa * t, ya), (u - wb + 2 * wb * t, yb + 0.012 * k)]), w * 0.6, m=seams, cap=False)
            c.line(T([(u - wa * 1.08, ya), (u + wa * 1.08, ya)]), w * 1.6, m=yards, cap=False)
        c.line(T([(u - wd[0] * k / 2 * 1.05, d - h * lv[0]), (u + wd[0] * k / 2 * 1.05, d - h * lv[0])]), w * 1.6, m=yards, cap=False)
    # spanker and jibs
    mu, mh = masts[0]
    md = sheer(mu)
    c.poly(T([(mu - 0.005, md - 0.06), (mu - 0.005, md - mh * 0.5), (mu - 0.15, md - mh * 0.36), (mu - 0.19, md - 0.02)]), m=sp)
    c.line(T([(mu, md - mh * 0.5), (mu - 0.16, md - mh * 0.35)]), w * 1.4, m=yards, cap=False)
    c.line(T([(mu, md - 0.03), (mu - 0.22, md)]), w * 1.4, m=yards, cap=False)
    fu, fh = masts[2]
    fd = sheer(fu)
    bs0, bs1 = (0.96, -0.095), (1.24, -0.2)
    c.line(T([bs0, bs1]), w * 2.4, m=yards)
    for a, b in ((0.62, 0.44), (0.5, 0.62), (0.38, 0.8)):
        tip = (fu + 0.005, fd - fh * a)
        foot = (bs0[0] + (bs1[0] - bs0[0]) * b, bs0[1] + (bs1[1] - bs0[1]) * b)
        c.poly(T([tip, foot, (fu + 0.02, fd - 0.03)]), m=sp)
    rigging = c.mask()
    for u, h in masts:
        d = sheer(u)
        for du in (-0.05, -0.03, 0.03, 0.05):
            c.line(T([(u, d - h * 0.6), (u + du, d + 0.005)]), w * 0.55, m=rigging, cap=False)
    c.line(T([(fu, fd - fh), bs1]), w * 0.6, m=rigging, cap=False)
    c.line(T([(masts[1][0], sheer(0.5) - masts[1][1]), (fu, fd - fh * 0.7)]), w * 0.6, m=rigging, cap=False)
    c.line(T([(mu, md - mh), (0.04, -0.12)]), w * 0.6, m=rigging, cap=False)
    c.line(T([(masts[1][0], sheer(0.5) - masts[1][1] * 0.95), (mu, md - mh * 0.8)]), w * 0.6, m=rigging, cap=False)
    c.paint(rigging, rig, 0.7)
    x0, x1 = ox, ox + L
    c.paint(sp, lin([(0, sail), (1, sail_shade)], (x0 - 0.1 * L, 0), (x1 + 0.2 * L, 0)))
    c.paint(sails, lin([(0, sail), (0.6, mix(sail, sail_shade, 0.4)), (1, sail_shade)], (x0, oy - L * 0.8), (x1, oy)))
    c.paint(sails, shadefill(lambda X, Y: 0.92 + 0.08 * np.cos((X - ox) / L * 60.0)), mode='multiply')
    c.paint(seams, mul(sail_shade, 0.8), 0.4)
    c.paint(yards, hull_dark)
    # hull with a painted strake, gun ports and copper bottom
    c.paint(hull, lin([(0, mul(hull_dark, 1.35)), (1, mul(hull_dark, 0.8))], (0, oy - 0.1 * L), (0, oy + 0.1 * L)))
    band = c.poly(T([(u, sheer(u) + 0.03) for u in np.linspace(0, 1.02, 30)] + [(u, sheer(u) + 0.058) for u in np.linspace(1.02, 0, 30)]))
    c.paint(band, strake, clip=hull)
    wl = c.poly(T([(u, 0.058 + 0.01 * (u - 0.5) ** 2) for u in np.linspace(-0.05, 1.05, 20)] + [(1.05, 0.3), (-0.05, 0.3)]))
    c.paint(wl, lin([(0, mul(copper, 1.2)), (1, mul(copper, 0.75))], (0, oy + 0.05 * L), (0, oy + 0.12 * L)), clip=hull)
    if ports:
        pm = c.mask()
        for u in np.arange(0.18, 0.88, 0.055):
            y = sheer(u) + 0.044
            c.rect(*T([(u - 0.011, y - 0.009)])[0], *T([(u + 0.011, y + 0.009)])[0], m=pm)
        c.paint(pm, (30, 22, 18))
    c.paint(c.line(T(top), w * 1.6, cap=False), mul(strake, 1.1), 0.8)
    c.paint(hull, shadefill(lambda X, Y: np.interp((Y - oy) / L, [-0.12, -0.04, 0.05, 0.12], [1.0, 1.0, 0.9, 0.6])), mode='multiply')
    # pennant
    tu, th = masts[1]
    tp = T([(tu, sheer(tu) - th)])[0]
    c.paint(c.poly([tp, (tp[0] + L * 0.09, tp[1] + L * 0.012), (tp[0], tp[1] + L * 0.025)]), flag)
    return hull


def maritime(path):
    W, H = 900, 600
    c = Canvas(W, H, 3, seed=81)
    c.paint(c.full(), rad([(0, (40, 96, 100)), (0.5, (22, 62, 68)), (1.0, (10, 30, 36))], (450, 250), 560, 420))
    table_y = 500
    c.paint(c.rect(0, table_y, W, H), lin([(0, (52, 40, 34)), (1, (24, 18, 16))], (0, table_y), (0, H)))
    c.paint(c.rect(0, table_y, W, table_y + 3), (110, 90, 70), 0.6)
    c.paint(c.ellipse(450, table_y + 16, 260, 18), (0, 0, 0), 0.45, blur=10)
    # stand
    st = c.mask()
    c.rrect(280, 478, 620, 500, 4, m=st)
    for x in (370, 530):
        c.poly([(x - 10, 478), (x - 6, 432), (x + 6, 432), (x + 10, 478)], m=st)
        c.poly(ell_pts(x, 428, 30, 10, 0, 0, 180) + [(x - 30, 418), (x + 30, 418)], m=st)
    c.paint(st, lin([(0, (132, 86, 52)), (1, (70, 42, 26))], (0, 410), (0, 500)))
    c.paint(c.ellipse(450, 250, 330, 230), (60, 130, 130), 0.35, blur=40, mode='screen')
    c.bevel(st, 1.2, (230, 180, 130), (0, 0, 0), 0.5, 0.4, 0.5)
    c.paint(c.rect(420, 484, 480, 494), brass((420, 484), (480, 494)))
    draw_ship(c, 240, 378, 396, lw=1.0)
    # the stand's cradles in front of the hull
    cr = c.mask()
    for x in (370, 530):
        c.poly([(x - 30, 430), (x - 27, 414), (x - 21, 410), (x - 21, 430)], m=cr)
        c.poly([(x + 30, 430), (x + 27, 414), (x + 21, 410), (x + 21, 430)], m=cr)
    c.paint(cr, (96, 60, 36))
    c.vignette(0.25)
    save_jpg(c.image(), path)


def ship_in_bottle(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=91)
    rng = np.random.default_rng(92)
    c.paint(c.full(), lin([(0, (70, 88, 84)), (1, (40, 52, 52))], (0, 0), (0, 420)))
    c.paint(c.full(), rad([(0, (255, 246, 226)), (1, (150, 150, 150))], (380, 220), 520, 360), mode='multiply')
    # shelf
    sy = 440
    wood = wood_texture(c, (132, 88, 56), (88, 56, 34), (170, 122, 80), seed=8)
    c.paint(c.rect(0, sy, W, 500), tex(wood))
    c.paint(c.rect(0, sy, W, 500), lin([(0, (255, 255, 255)), (1, (190, 190, 190))], (0, sy), (0, 500)), mode='multiply')
    c.paint(c.rect(0, 500, W, 536), tex(wood))
    c.paint(c.rect(0, 500, W, 536), (120, 100, 90), mode='multiply')
    c.paint(c.rect(0, 498, W, 501), (255, 230, 190), 0.35)
    c.paint(c.rect(0, 536, W, H), lin([(0, (24, 30, 30)), (1, (36, 44, 44))], (0, 536), (0, H)))
    c.paint(c.rect(0, 536, W, 560), (0, 0, 0), 0.4, blur=8)
    # bottle geometry
    bx0, bx1, cy, r = 110, 560, 302, 124
    neck0, neck1, nr = 650, 718, 36
    shape = [(bx0 + 40, cy - r)] + [(bx1, cy - r)] + spline([(bx1, cy - r), (bx1 + 50, cy - r + 8), (neck0 - 10, cy - nr - 6), (neck0, cy - nr)], False, 8)[1:] + \
        [(neck1, cy - nr), (neck1 + 6, cy - nr - 6), (neck1 + 14, cy - nr - 6), (neck1 + 14, cy + nr + 6), (neck1 + 6, cy + nr + 6), (neck1, cy + nr)] + \
        spline([(neck0, cy + nr), (neck0 - 10, cy + nr + 6), (bx1 + 50, cy + r - 8), (bx1, cy + r)], False, 8)[1:] + [(bx0 + 40, cy + r)] + \
        ell_pts(bx0 + 40, cy, 40, r, 0, 90, 270)
    bottle = c.poly(shape)
    # shadow on the shelf and two little wooden chocks
    c.paint(c.ellipse(440, sy + 12, 330, 12), (20, 14, 8), 0.45, blur=8)
    for x in (220, 480):
        ch = c.poly([(x - 36, sy + 8), (x - 30, cy + r - 10), (x + 30, cy + r - 10), (x + 36, sy + 8)])
        c.paint(ch, lin([(0, (150, 100, 60)), (1, (90, 58, 34))], (0, cy + r - 20), (0, sy + 8)))
    # inside: the sea and the ship, seen through glass
    inner = c.poly(xform(shape, 0, (bx0 + 300, cy), 0.96))
    wave = [(x, cy + 44 + 6 * math.sin(x / 23.0) + 4 * math.sin(x / 9.0)) for x in np.linspace(bx0, bx1 + 60, 60)]
    sea = c.poly([(bx0, cy + 44)] + wave + [(bx1 + 60, cy + r + 10), (bx0, cy + r + 10)])
    sea = c.both(sea, inner)
    draw_ship(c, 170, cy + 34, 270, hull_dark=(70, 46, 34), strake=(210, 170, 90), copper=(60, 50, 46), lw=0.8, ports=True, mast=0.56)
    c.paint(sea, lin([(0, (60, 120, 150)), (1, (30, 70, 100))], (0, cy + 20), (0, cy + r)))
    foam = c.lines([wave], 2.0)
    c.paint(c.both(foam, inner), (230, 240, 240), 0.7)
    # glass tint, rims and highlights
    c.paint(bottle, (170, 210, 190), 0.12)
    edge = c.sub(bottle, c.poly(xform(shape, 0, (bx0 + 300, cy), 0.975)))
    c.paint(edge, (40, 80, 70), 0.35, blur=1.5)
    c.paint(c.sub(bottle, inner), (200, 230, 220), 0.25, blur=2)
    hl = c.rrect(bx0 + 40, cy - r + 14, bx1 + 10, cy - r + 26, 6)
    c.paint(hl, (255, 255, 255), 0.75, blur=1.5)
    c.paint(c.rrect(bx0 + 90, cy - r + 34, bx1 - 40, cy - r + 40, 3), (255, 255, 255), 0.3, blur=1.5)
    c.paint(c.rrect(bx0 + 60, cy + r - 18, bx1 - 20, cy + r - 12, 3), (255, 255, 255), 0.3, blur=2)
    c.paint(c.rrect(neck0 - 4, cy - nr + 6, neck1, cy - nr + 12, 3), (255, 255, 255), 0.6, blur=1)
    c.paint(c.line(ell_pts(bx0 + 44, cy, 26, r - 22, 0, 130, 230), 4), (255, 255, 255), 0.45, blur=1.5)
    # cork
    ck = c.rrect(neck1 + 10, cy - nr + 4, neck1 + 62, cy + nr - 4, 8)
    c.paint(ck, lin([(0, (206, 158, 104)), (0.4, (180, 130, 80)), (1, (120, 80, 46))], (0, cy - nr), (0, cy + nr)))
    dots = c.mask()
    for i in range(70):
        c.ellipse(rng.uniform(neck1 + 12, neck1 + 60), rng.uniform(cy - nr + 6, cy + nr - 6), rng.uniform(0.6, 1.5), m=dots)
    c.paint(c.both(dots, ck), (90, 60, 34), 0.6)
    c.paint(c.line([(neck1 + 62, cy - nr + 12), (neck1 + 62, cy + nr - 12)], 2), (90, 60, 34), 0.5)
    c.vignette(0.25)
    save_jpg(c.image(), path)


def chronometer(path):
    W, H = 600, 800
    c = Canvas(W, H, 4, seed=101)
    felt = c.fbm(60, 3, seed=5)
    c.paint(c.full(), graytex(felt, (28, 50, 44), (40, 66, 58)))
    c.paint(c.full(), rad([(0, (255, 255, 255)), (1, (120, 120, 120))], (300, 400), 520, 560), mode='multiply')
    mahog = wood_texture(c, (120, 52, 30), (72, 28, 16), (156, 76, 44), seed=12, stretch=0.6)
    # lid, opened back and seen foreshortened above the box
    lx0, lx1, ly0, ly1 = 70, 530, 48, 250
    lid = c.rrect(lx0, ly0, lx1, ly1, 10)
    c.shadow(lid, 6, 10, 10, 0.5)
    c.paint(lid, tex(mahog))
    c.paint(lid, lin([(0, (200, 200, 200)), (1, (255, 255, 255))], (0, ly0), (0, ly1)), mode='multiply')
    pad = c.rrect(lx0 + 22, ly0 + 18, lx1 - 22, ly1 - 14, 6)
    c.paint(pad, lin([(0, (150, 40, 48)), (1, (110, 26, 34))], (0, ly0), (0, ly1)))
    c.paint(c.sub(pad, c.shift(pad, 0, 3)), (0, 0, 0), 0.45, blur=1.5)
    c.paint(c.rrect(250, 120, 350, 160, 4), brass((250, 120), (350, 160)))
    c.bevel(c.rrect(250, 120, 350, 160, 4), 1.0, (255, 244, 200), (60, 40, 10), 0.6, 0.5, 0.3)
    # box
    bx0, bx1, by0, by1 = 60, 540, 262, 742
    box = c.rrect(bx0, by0, bx1, by1, 14)
    c.shadow(box, 8, 14, 14, 0.6)
    c.paint(box, tex(mahog))
    c.paint(box, lin([(0, (255, 255, 255)), (1, (170, 170, 170))], (bx0, by0), (bx1, by1)), mode='multiply')
    c.bevel(box, 2.0, (255, 210, 170), (0, 0, 0), 0.4, 0.5, 1.0)
    rim = c.rrect(bx0 + 24, by0 + 24, bx1 - 24, by1 - 24, 6)
    c.paint(c.sub(c.rrect(bx0 + 20, by0 + 20, bx1 - 20, by1 - 20, 8), rim), (40, 16, 8), 0.5)
    c.paint(rim, (40, 14, 8), 0.35)
    hinges = c.mask()
    for x in (150, 420):
        c.rect(x, by0 - 10, x + 32, by0 + 8, m=hinges)
    for x, y in ((bx0 + 2, by0 + 2), (bx1 - 34, by0 + 2), (bx0 + 2, by1 - 34), (bx1 - 34, by1 - 34)):
        c.rrect(x, y, x + 32, y + 32, 4, m=hinges)
    c.paint(hinges, brass((bx0, by0), (bx1, by1)))
    c.bevel(hinges, 1.0, (255, 240, 190), (60, 40, 10), 0.6, 0.5, 0.3)
    # gimbal ring, bezel, dial
    cx, cy = 300, 502
    g = c.ring(cx, cy, 214, 196)
    c.shadow(g, 3, 6, 5, 0.5)
    c.paint(g, brass((cx - 214, cy - 214), (cx + 214, cy + 214)))
    for a in (0, 180):
        px, py = polar(cx, cy, 206, a)
        piv = c.ellipse(px, py, 10)
        c.paint(piv, rad(BRASS[1:4], (px - 3, py - 3), 12))
    bez = c.ellipse(cx, cy, 184)
    c.shadow(bez, 4, 8, 8, 0.55)
    c.paint(bez, brass((cx + 184, cy + 184), (cx - 184, cy - 184)))
    c.paint(c.ring(cx, cy, 176, 168), brass((cx - 184, cy - 184), (cx + 184, cy + 184)))
    dial = c.ellipse(cx, cy, 164)
    c.paint(dial, rad([(0, (252, 250, 244)), (0.8, (242, 238, 228)), (1.0, (214, 206, 190))], (cx - 30, cy - 40), 200))
    ink = (34, 34, 40)
    tk = c.mask()
    for i in range(60):
        a = i * 6 - 90
        if i % 5:
            c.line([polar(cx, cy, 146, a), polar(cx, cy, 154, a)], 1.4, m=tk, cap=False)
    c.ring(cx, cy, 155.5, 154, m=tk)
    c.ring(cx, cy, 145.5, 144.5, m=tk)
    c.paint(tk, ink, 0.9)
    hm = c.mask()
    for i in range(12):
        a = i * 30 - 90
        if i in (0, 6):
            continue
        c.poly(thick_pts(polar(cx, cy, 112, a), polar(cx, cy, 140, a), 7.5, 5), m=hm)
    c.poly([polar(cx, cy, 140, -95), polar(cx, cy, 140, -85), polar(cx, cy, 110, -90)], m=hm)
    c.paint(hm, ink)
    # subsidiary seconds (6 o'clock) and up-and-down (12 o'clock) dials
    sx, sy_ = cx, cy + 70
    sub = c.mask()
    c.ring(sx, sy_, 36, 35, m=sub)
    for i in range(60):
        a = i * 6 - 90
        c.line([polar(sx, sy_, 30 if i % 5 else 27, a), polar(sx, sy_, 35, a)], 0.9 if i % 5 else 1.5, m=sub, cap=False)
    ux, uy = cx, cy - 62
    c.line(ell_pts(ux, uy + 30, 44, 44, 0, 220, 320), 1.2, m=sub, cap=False)
    for a in np.linspace(220, 320, 9):
        c.line([polar(ux, uy + 30, 44, a), polar(ux, uy + 30, 50 if a in (220, 270, 320) else 47, a)], 1.2, m=sub, cap=False)
    c.paint(sub, ink, 0.85)
    c.paint(c.ellipse(sx, sy_, 34), (0, 0, 0), 0.04)
    # hands: blued steel, 10:09
    blue = (34, 46, 96)

    def hand(a, L, w, tail, spade):
        pts = [polar(cx, cy, tail, a + 180), polar(cx, cy, w * 0.7, a - 90), polar(cx, cy, L * 0.74, a - 2.2 * 60 / L),
               polar(cx, cy, L * 0.8, a - spade), polar(cx, cy, L, a), polar(cx, cy, L * 0.8, a + spade), polar(cx, cy, L * 0.74, a + 2.2 * 60 / L),
               polar(cx, cy, w * 0.7, a + 90)]
        return c.poly(pts)
    hh = hand(10 * 30 + 9 * 0.5 - 90, 92, 8, 18, 7)
    mh = hand(9 * 6 - 90, 138, 6, 24, 4)
    for m in (hh, mh):
        c.shadow(m, 3, 5, 2.5, 0.3)
    c.paint(hh, blue)
    c.paint(mh, blue)
    c.bevel(hh, 1.0, (120, 150, 230), (0, 0, 0), 0.5, 0.0, 0.4)
    c.bevel(mh, 1.0, (120, 150, 230), (0, 0, 0), 0.5, 0.0, 0.4)
    sa = 32 * 6 - 90
    c.paint(c.line([polar(sx, sy_, 8, sa + 180), polar(sx, sy_, 31, sa)], 1.2), blue)
    c.paint(c.ellipse(sx, sy_, 3), blue)
    c.paint(c.line([(ux, uy + 30), polar(ux, uy + 30, 42, 250)], 1.4), blue)
    c.paint(c.ellipse(ux, uy + 30, 3), blue)
    c.paint(c.ellipse(cx, cy, 7), blue)
    c.paint(c.ellipse(cx, cy, 3), brass((cx - 3, cy - 3), (cx + 3, cy + 3)))
    # glass reflections
    c.paint(c.sub(c.ellipse(cx, cy, 164), c.ellipse(cx + 40, cy + 50, 170)), (255, 255, 255), 0.2)
    c.paint(c.ellipse(cx - 84, cy - 96, 22, 8, rot=-40), (255, 255, 255), 0.6, blur=2)
    c.vignette(0.2)
    save_jpg(c.image(), path)


def photography(path):
    W, H = 900, 600
    c = Canvas(W, H, 3, seed=111)
    fy = 470
    c.paint(c.rect(0, 0, W, fy), rad([(0, (214, 190, 152)), (0.6, (168, 136, 100)), (1.2, (96, 72, 50))], (420, 200), 640, 440))
    c.paint(c.rect(0, fy - 16, W, fy), (120, 92, 64))
    c.paint(c.rect(0, fy - 17, W, fy - 15), (226, 204, 168), 0.6)
    c.paint(c.rect(0, fy, W, H), tex(wood_texture(c, (118, 88, 60), (80, 58, 40), (146, 112, 78), plank=32, seed=14)))
    c.paint(c.rect(0, fy, W, H), lin([(0, (150, 130, 110)), (1, (230, 220, 200))], (0, fy), (0, H)), mode='multiply')
    c.paint(c.rect(0, fy, W, fy + 30), (40, 26, 16), 0.3, blur=8)
    # framed print on the wall
    fx0, fy0, fx1, fy1 = 560, 96, 820, 350
    fr = c.rect(fx0, fy0, fx1, fy1)
    c.paint(c.line([(640, fy0), (690, 62), (740, fy0)], 1.3), (70, 50, 34), 0.8)
    c.paint(c.ellipse(690, 62, 3), (60, 42, 28))
    c.shadow(fr, 8, 12, 10, 0.4, (50, 30, 16))
    c.paint(fr, lin([(0, (98, 66, 40)), (1, (60, 38, 22))], (fx0, fy0), (fx1, fy1)))
    c.bevel(fr, 3.0, (200, 160, 110), (20, 10, 4), 0.5, 0.5, 1.2)
    mat = c.rect(fx0 + 16, fy0 + 16, fx1 - 16, fy1 - 16)
    c.paint(mat, (238, 228, 206))
    c.paint(c.sub(mat, c.shift(mat, 3, 3)), (60, 40, 20), 0.35, blur=1.5)
    px0, py0, px1, py1 = fx0 + 44, fy0 + 44, fx1 - 44, fy1 - 54
    pr = c.rect(px0, py0, px1, py1)
    c.paint(pr, lin([(0, (226, 208, 176)), (1, (196, 170, 132))], (0, py0), (0, py1)))
    hz = py0 + (py1 - py0) * 0.58
    c.paint(c.both(c.poly(spline([(px0, hz), (px0 + 30, hz - 34), (px0 + 70, hz - 50), (px0 + 100, hz - 26), (px0 + 130, hz)], False, 8)), pr), (132, 104, 74))
    c.paint(c.both(c.rect(px0, hz, px1, py1), pr), lin([(0, (160, 132, 98)), (1, (104, 80, 56))], (0, hz), (0, py1)))
    c.paint(c.both(c.poly([(px0 + 118, hz - 4), (px0 + 118, hz - 50), (px0 + 146, hz - 4)]), pr), (236, 222, 196))
    c.paint(c.both(c.poly([(px0 + 106, hz - 2), (px0 + 152, hz - 2), (px0 + 146, hz + 4), (px0 + 112, hz + 4)]), pr), (70, 52, 36))
    c.paint(c.both(c.ellipse(px1 - 40, py0 + 30, 12), pr), (244, 232, 208))
    c.paint(pr, rad([(0, (255, 255, 255)), (1, (170, 150, 120))], ((px0 + px1) / 2, (py0 + py1) / 2), 120, 90), mode='multiply')
    # a second print leaning on the floor
    lx0, ly0, lx1, ly1 = 660, 380, 860, 500
    lf = c.poly([(lx0 + 10, ly0), (lx1 + 6, ly0 + 6), (lx1, ly1), (lx0, ly1 - 2)])
    c.shadow(lf, -12, 4, 8, 0.35, (40, 24, 12))
    c.paint(lf, (70, 46, 28))
    c.bevel(lf, 2.0, (190, 150, 100), (10, 6, 2), 0.5, 0.4, 0.8)
    c.paint(c.poly([(lx0 + 24, ly0 + 14), (lx1 - 8, ly0 + 19), (lx1 - 12, ly1 - 13), (lx0 + 16, ly1 - 14)]), lin([(0, (220, 200, 168)), (1, (170, 140, 104))], (0, ly0), (0, ly1)))
    ov = c.ellipse(lx0 + 100, ly0 + 58, 44, 36)
    c.paint(ov, (232, 216, 186), 0.9, blur=3)
    pm = c.mask()
    c.ellipse(lx0 + 100, ly0 + 48, 11, 14, m=pm)
    c.poly(spline([(lx0 + 70, ly0 + 96), (lx0 + 78, ly0 + 72), (lx0 + 100, ly0 + 64), (lx0 + 122, ly0 + 72), (lx0 + 130, ly0 + 96)], False, 8), m=pm)
    c.paint(c.both(pm, ov), (96, 70, 46), 0.85, blur=1.6)
    # tripod
    hx, hy_ = 330, 318
    leg = (116, 80, 48)
    legs = [((hx - 12, hy_ + 6), (196, 548), 12, 8), ((hx + 12, hy_ + 6), (470, 540), 12, 8)]
    for a, b, w0, w1 in legs:
        m = c.poly(thick_pts(a, b, w0, w1))
        c.paint(m, lin([(0, mul(leg, 1.2)), (1, mul(leg, 0.8))], a, b))
    c.paint(c.ellipse(330, 568, 160, 10), (30, 20, 10), 0.35, blur=8)
    fl = c.poly(thick_pts((hx, hy_ + 8), (344, 574), 14, 10))
    c.paint(fl, lin([(0, (150, 108, 68)), (1, (90, 62, 38))], (hx - 8, 0), (hx + 8, 0)))
    tips = c.mask()
    for b in ((196, 548), (470, 540), (344, 574)):
        c.ellipse(b[0], b[1], 6, 4, m=tips)
    c.paint(tips, (50, 40, 30))
    c.paint(c.rrect(hx - 30, hy_ - 6, hx + 30, hy_ + 12, 4), brass((hx - 30, hy_), (hx + 30, hy_ + 12), [(0, (110, 84, 50)), (0.4, (214, 184, 130)), (1, (90, 66, 40))]))
    # camera: rail, rear standard, bellows, front standard, lens
    c.paint(c.rrect(200, 302, 440, 318, 3), lin([(0, (150, 108, 66)), (1, (96, 64, 38))], (0, 302), (0, 318)))
    rear = c.rrect(214, 176, 256, 306, 4)
    c.paint(rear, lin([(0, (160, 116, 70)), (1, (104, 70, 40))], (214, 0), (256, 0)))
    c.paint(c.rect(222, 188, 248, 294), (60, 46, 34))
    c.paint(c.rect(226, 192, 244, 290), lin([(0, (150, 140, 120)), (1, (96, 88, 76))], (0, 192), (0, 290)), 0.8)
    # bellows with folds
    b0, b1 = 256, 380
    bel = c.poly([(b0, 186), (b1, 206), (b1, 290), (b0, 298)])
    c.paint(bel, (44, 32, 26))
    folds = c.mask()
    n = 9
    for i in range(n):
        x = b0 + (b1 - b0) * (i + 0.5) / n
        t = (x - b0) / (b1 - b0)
        c.line([(x, 186 + 20 * t), (x + 4, 242), (x, 298 - 8 * t)], 3.2, m=folds, cap=False)
    c.paint(c.both(folds, bel), (110, 88, 70), 0.75)
    c.paint(bel, lin([(0, (255, 255, 255)), (1, (150, 150, 150))], (0, 190), (0, 298)), mode='multiply')
    front = c.rrect(378, 196, 402, 300, 4)
    c.paint(front, lin([(0, (160, 116, 70)), (1, (104, 70, 40))], (378, 0), (402, 0)))
    lens = c.rrect(400, 226, 448, 270, 6)
    c.paint(lens, brass((0, 226), (0, 270), [(0, (120, 92, 56)), (0.3, (236, 210, 160)), (0.6, (170, 134, 84)), (1, (96, 72, 44))]))
    rings = c.lines([[(412, 226), (412, 270)], [(430, 224), (430, 272)]], 2.0)
    c.paint(rings, (90, 66, 40), 0.8)
    c.paint(c.rrect(444, 230, 456, 266, 4), (36, 30, 26))
    c.paint(c.ellipse(452, 238, 2.5, 6), (230, 220, 200), 0.6)
    # overall sepia grade
    a = c.a
    lum = (a[..., 0] * 0.3 + a[..., 1] * 0.55 + a[..., 2] * 0.15) / 255
    sep = ramp(lum, [(0, (30, 20, 12)), (0.35, (104, 76, 50)), (0.7, (196, 164, 120)), (1, (246, 232, 206))])
    c.a = a * 0.35 + sep * 0.65
    c.vignette(0.3)
    save_jpg(c.image(), path)


def harbour_1890(path):
    W, H, hy = 800, 600, 352
    c = Canvas(W, H, 3, seed=121)
    rng = np.random.default_rng(122)
    g = lambda v: (v, v, v)
    c.paint(c.rect(0, 0, W, hy + 2), lin([(0, g(176)), (1, g(228))], (0, 0), (0, hy)))
    cl = c.fbm(120, 4, aspect=3.0, seed=3)
    c.paint(c.rect(0, 0, W, hy), graytex(cl, g(170), g(236)), 0.35)
    # far shore: warehouses, a spire, cranes
    town = c.mask()
    x = -10
    while x < W + 10:
        w = rng.uniform(30, 70)
        h = rng.uniform(18, 46)
        c.rect(x, hy - h, x + w, hy + 1, m=town)
        if rng.random() < 0.6:
            c.poly([(x, hy - h), (x + w / 2, hy - h - w * 0.3), (x + w, hy - h)], m=town)
        x += w
    c.rect(520, hy - 96, 534, hy, m=town)
    c.poly([(518, hy - 96), (527, hy - 150), (536, hy - 96)], m=town)
    for cx_ in (150, 660):
        c.line([(cx_, hy), (cx_, hy - 80), (cx_ + 50, hy - 96)], 3, m=town)
        c.line([(cx_, hy - 60), (cx_ + 50, hy - 96)], 1.5, m=town)
    c.paint(town, g(150))
    c.paint(c.rect(0, hy - 6, W, hy + 2), g(180), 0.5, blur=4)
    # water
    sea = c.rect(0, hy, W, H)
    c.paint(sea, lin([(0, g(196)), (1, g(120))], (0, hy), (0, H)))
    rip = c.mask()
    for i in range(260):
        f = rng.random() ** 1.6
        c.ellipse(rng.uniform(0, W), hy + 3 + (H - hy) * f, 4 + 40 * f, 0.4 + 1.3 * f, m=rip)
    c.paint(rip, g(90), 0.3)
    rip2 = c.mask()
    for i in range(200):
        f = rng.random() ** 1.6
        c.ellipse(rng.uniform(0, W), hy + 3 + (H - hy) * f, 4 + 30 * f, 0.4 + 1.0 * f, m=rip2)
    c.paint(rip2, g(230), 0.3)
    # distant sailing ships' masts
    ms = c.mask()
    for x in (60, 84, 110, 700, 720):
        c.line([(x, hy + 2), (x, hy - 90 - rng.uniform(0, 30))], 1.6, m=ms)
        for yy in (hy - 40, hy - 62, hy - 80):
            c.line([(x - 12, yy), (x + 12, yy)], 1.0, m=ms)
    c.paint(ms, g(120))

    def steamer(x0, wl, L, tone, smoke_dir=-1):
        h = L * 0.09
        hull = c.poly(spline([(x0, wl - h), (x0 + L * 0.02, wl + h * 0.1), (x0 + L * 0.1, wl + h * 0.5)], False, 6) +
                      [(x0 + L * 0.92, wl + h * 0.5), (x0 + L, wl - h * 1.2)])
        c.paint(c.poly([(x0 + L * 0.05, wl + h * 0.5), (x0 + L * 0.95, wl + h * 0.5), (x0 + L * 0.95, wl + h * 2.5), (x0 + L * 0.05, wl + h * 2.5)]), g(tone + 40), 0.25, blur=3, clip=sea)
        # masts and rigging
        mm = c.mask()
        for u, hh in ((0.2, 1.0), (0.78, 1.1)):
            c.line([(x0 + L * u, wl - h), (x0 + L * u, wl - h - L * 0.28 * hh)], max(1.2, L * 0.006), m=mm)
            c.line([(x0 + L * (u - 0.06), wl - h - L * 0.2 * hh), (x0 + L * (u + 0.06), wl - h - L * 0.2 * hh)], max(1, L * 0.004), m=mm)
        c.line([(x0 + L * 0.2, wl - h - L * 0.28), (x0 + L * 0.78, wl - h - L * 0.3)], 0.9, m=mm)
        c.line([(x0 + L * 0.78, wl - h - L * 0.3), (x0 + L * 1.02, wl - h * 1.2)], 0.9, m=mm)
        c.line([(x0 + L * 0.2, wl - h - L * 0.28), (x0 + L * 0.0, wl - h)], 0.9, m=mm)
        c.paint(mm, g(tone))
        # smoke from the funnel
        fx = x0 + L * 0.5
        ftop = wl - h - L * 0.22
        sm = c.mask()
        for i in range(14):
            t = i / 13
            c.ellipse(fx + smoke_dir * L * 0.55 * t ** 1.2, ftop - 8 - L * 0.1 * t - 10 * math.sin(t * 3), 6 + L * 0.06 * t, 5 + L * 0.04 * t, m=sm)
        c.paint(sm, g(tone + 40), 0.55, blur=5)
        c.paint(sm, g(tone + 10), 0.3, blur=2)
        # superstructure and funnel
        c.paint(c.rect(x0 + L * 0.34, wl - h - L * 0.05, x0 + L * 0.66, wl - h + 1), g(tone + 120))
        c.paint(c.rect(x0 + L * 0.34, wl - h - L * 0.05, x0 + L * 0.66, wl - h - L * 0.04), g(tone + 30))
        win = c.mask()
        for u in np.arange(0.36, 0.65, 0.03):
            c.rect(x0 + L * u, wl - h - L * 0.035, x0 + L * (u + 0.012), wl - h - L * 0.02, m=win)
        c.paint(win, g(tone + 20))
        c.paint(c.poly([(fx - L * 0.025, wl - h - L * 0.05), (fx - L * 0.02 + 3, ftop), (fx + L * 0.025 + 3, ftop), (fx + L * 0.03, wl - h - L * 0.05)]), g(tone + 8))
        c.paint(c.rect(fx - L * 0.026, ftop + L * 0.03, fx + L * 0.03 + 2, ftop + L * 0.05), g(tone + 130))
        c.paint(hull, g(tone))
        c.paint(c.line([(x0 + L * 0.03, wl - h * 0.55), (x0 + L * 0.97, wl - h * 0.75)], max(1, L * 0.005)), g(tone + 110))
        ports = c.mask()
        for u in np.arange(0.1, 0.9, 0.04):
            c.ellipse(x0 + L * u, wl - h * 0.2, max(1, L * 0.004), m=ports)
        c.paint(ports, g(tone + 80))
    steamer(560, hy + 28, 190, 70, -1)
    steamer(90, hy + 96, 440, 40, -1)
    # the quay in the foreground
    qy = 520
    c.paint(c.rect(0, qy, W, H), lin([(0, g(110)), (1, g(70))], (0, qy), (0, H)))
    stones = c.mask()
    for row, y in enumerate(range(qy, H, 22)):
        c.line([(0, y), (W, y)], 1.2, m=stones, cap=False)
        off = 0 if row % 2 else 30
        for x in range(off, W, 60):
            c.line([(x, y), (x, y + 22)], 1.2, m=stones, cap=False)
    c.paint(stones, g(50), 0.5)
    c.paint(c.rect(0, qy - 4, W, qy + 2), g(160))
    bol = c.mask()
    for x in (180, 620):
        c.rrect(x - 12, qy - 30, x + 12, qy, 5, m=bol)
        c.ellipse(x, qy - 30, 16, 6, m=bol)
    c.paint(bol, g(40))
    # ageing: sepia, softness, uneven exposure, vignette, grain, scratches and dust
    a = c.a
    lum = np.clip(a[..., 0] / 255, 0, 1)
    uneven = c.fbm(260, 2, seed=9)
    lum = lum * (0.92 + 0.16 * uneven)
    lum = 0.12 + 0.8 * lum
    c.a = ramp(lum, [(0, (38, 26, 16)), (0.35, (108, 78, 50)), (0.7, (188, 156, 112)), (1, (240, 224, 190))])
    c.vignette(0.5, power=2.2)
    sc = c.mask()
    for i in range(5):
        x = rng.uniform(40, W - 40)
        y0 = rng.uniform(-50, H * 0.5)
        L = rng.uniform(100, 380)
        bend = rng.uniform(-8, 8)
        c.line(spline([(x, y0), (x + bend, y0 + L / 2), (x + bend * 0.3, y0 + L)], False, 8), rng.uniform(0.5, 0.9), m=sc, cap=False)
    c.paint(sc, (250, 238, 210), 0.22)
    hair = c.line(spline([(610, 120), (630, 140), (622, 170), (640, 190)], False, 8), 0.7)
    c.paint(hair, (40, 28, 18), 0.3)
    dust = c.mask()
    for i in range(60):
        c.ellipse(rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.5, 1.6), m=dust)
    c.paint(dust, (40, 28, 18), 0.5)
    img = c.image(grain=0)
    img = img.filter(ImageFilter.GaussianBlur(0.55))
    arr = np.asarray(img, np.float32)
    n = np.clip(np.random.default_rng(3).normal(0, 2.0, arr.shape[:2] + (1,)), -4, 4)
    img = Image.fromarray(np.clip(arr + n + 0.5, 0, 255).astype(np.uint8), 'RGB')
    save_jpg(img, path)


# ----------------------------------------------------------------------------------------


def floor_plan(path):
    W, H = 1600, 700
    bg = (247, 243, 235)
    c = Canvas(W, H, 3, bg=bg)
    X0, Y0, X1, Y1 = 70, 60, 1530, 600
    MX, YM, IX, SX, EX = 560, 330, 1060, 830, 1190
    ink = (50, 52, 62)
    rooms = {
        'Maritime': ((X0, Y0, MX, Y1), (214, 230, 241)),
        'Instruments': ((MX, Y0, IX, YM), (246, 234, 204)),
        'Photography': ((IX, Y0, X1, YM), (232, 224, 243)),
        'Shop': ((MX, YM, SX, Y1), (215, 237, 222)),
        'Entrance': ((SX, YM, EX, Y1), (240, 236, 228)),
        'Café': ((EX, YM, X1, Y1), (250, 223, 208)),
    }
    c.paint(c.rect(X0 + 16, Y0 + 16, X1 + 16, Y1 + 16), (0, 0, 0), 0.07, blur=10)
    for name, (r, col) in rooms.items():
        c.paint(c.rect(*r), col)
    # furniture, drawn in a deeper tint of each room
    def fur(name, m):
        col = rooms[name][1]
        c.paint(m, mul(col, 0.9))
        c.paint(c.sub(m, c.shift(c.sub(m, c.shift(m, 0, 0)), 0, 0)), mul(col, 0.9))
    m = c.mask()
    c.rrect(180, 170, 450, 230, 8, m=m)       # ship model plinth
    c.rrect(130, 330, 180, 520, 4, m=m)
    c.rrect(260, 330, 310, 520, 4, m=m)
    c.rrect(390, 330, 440, 520, 4, m=m)
    fur('Maritime', m)
    m = c.mask()
    for x in (640, 770, 900):
        c.rrect(x, 150, x + 80, 230, 6, m=m)
    fur('Instruments', m)
    m = c.mask()
    c.rect(1110, 110, 1122, 290, m=m)
    c.rect(1250, 130, 1340, 142, m=m)
    c.rect(1250, 240, 1340, 252, m=m)
    c.rrect(1400, 140, 1470, 250, 6, m=m)
    fur('Photography', m)
    m = c.mask()
    for cx, cy in ((1270, 420), (1400, 420), (1270, 530), (1400, 530)):
        c.ellipse(cx, cy, 22, m=m)
        for a in (0, 180):
            c.ellipse(*polar(cx, cy, 34, a), 9, m=m)
    c.rect(1480, 380, 1514, 560, m=m)
    fur('Café', m)
    m = c.mask()
    c.rect(600, 360, 790, 374, m=m)
    c.rect(600, 450, 790, 464, m=m)
    c.rrect(640, 530, 760, 566, 5, m=m)
    fur('Shop', m)
    # stairs
    sx0, sy0, sx1, sy1 = 1085, 350, 1170, 500
    c.paint(c.rect(sx0, sy0, sx1, sy1), (226, 222, 214))
    treads = [[(sx0, y), (sx1, y)] for y in np.arange(sy0 + 12, sy1, 12.5)]
    c.paint(c.lines(treads, 1.6), (120, 118, 124))
    c.paint(c.sub(c.rect(sx0, sy0, sx1, sy1), c.rect(sx0 + 2, sy0 + 2, sx1 - 2, sy1 - 2)), (100, 100, 110))
    mxs = (sx0 + sx1) / 2
    c.paint(c.line([(mxs, sy1 - 12), (mxs, sy0 + 22)], 2.2), (90, 90, 100))
    c.paint(c.poly([(mxs, sy0 + 10), (mxs - 9, sy0 + 26), (mxs + 9, sy0 + 26)]), (90, 90, 100))
    # walls
    walls = c.sub(c.rect(X0 - 8, Y0 - 8, X1 + 8, Y1 + 8), c.rect(X0 + 8, Y0 + 8, X1 - 8, Y1 - 8))
    t = 4
    for r in ((MX - t, Y0, MX + t, Y1), (MX, YM - t, X1, YM + t), (IX - t, Y0, IX + t, YM),
              (SX - t, YM, SX + t, Y1), (EX - t, YM, EX + t, Y1)):
        c.rect(*r, m=walls)
    doors = [  # (gap rect, hinge, leaf end, arc start, arc end)
        ((960, Y1 - 10, 1060, Y1 + 10), None),
        ((MX - 10, 140, MX + 10, 220), ((MX, 140), 80, 0, 90)),
        ((MX - 10, 430, MX + 10, 500), ((MX, 500), 70, 270, 360, 0)),
        ((870, YM - 10, 950, YM + 10), ((870, YM), 80, 270, 360)),
        ((1120, YM - 10, 1180, YM + 10), ((1180, YM), 60, 180, 270, 270)),
        ((SX - 10, 520, SX + 10, 580), ((SX, 580), 60, 180, 270)),
        ((EX - 10, 420, EX + 10, 490), ((EX, 420), 70, 0, 90)),
    ]
    for gap, sw in doors:
        walls = c.sub(walls, c.rect(*gap))
    windows = [(150, Y0 - 10, 260, Y0 + 10), (350, Y0 - 10, 460, Y0 + 10), (700, Y0 - 10, 900, Y0 + 10),
               (1180, Y0 - 10, 1420, Y0 + 10), (X0 - 10, 260, X0 + 10, 420), (X1 - 10, 130, X1 + 10, 260),
               (X1 - 10, 400, X1 + 10, 540), (1250, Y1 - 10, 1450, Y1 + 10), (160, Y1 - 10, 300, Y1 + 10)]
    for w in windows:
        walls = c.sub(walls, c.rect(*w))
    c.paint(walls, ink)
    win = c.mask()
    for x0, y0, x1, y1 in windows:
        if x1 - x0 > y1 - y0:
            ym = (y0 + y1) / 2
            c.rect(x0, ym - 7, x1, ym + 7, m=win)
        else:
            xm = (x0 + x1) / 2
            c.rect(xm - 7, y0, xm + 7, y1, m=win)
    c.paint(win, (255, 255, 255))
    gl = c.mask()
    for x0, y0, x1, y1 in windows:
        if x1 - x0 > y1 - y0:
            ym = (y0 + y1) / 2
            c.lines([[(x0, ym - 2.5), (x1, ym - 2.5)], [(x0, ym + 2.5), (x1, ym + 2.5)], [(x0, ym - 7), (x1, ym - 7)], [(x0, ym + 7), (x1, ym + 7)]], 1.3, m=gl)
        else:
            xm = (x0 + x1) / 2
            c.lines([[(xm - 2.5, y0), (xm - 2.5, y1)], [(xm + 2.5, y0), (xm + 2.5, y1)], [(xm - 7, y0), (xm - 7, y1)], [(xm + 7, y0), (xm + 7, y1)]], 1.3, m=gl)
    c.paint(gl, (110, 130, 150))
    sw_m = c.mask()
    for gap, sw in doors:
        if not sw:
            continue
        (hx, hy_), r, a0, a1 = sw[:4]
        leaf = sw[4] if len(sw) > 4 else a0
        c.line(ell_pts(hx, hy_, r, r, 0, a0, a1), 1.3, m=sw_m, cap=False)
        c.line([(hx, hy_), polar(hx, hy_, r, leaf)], 2.4, m=sw_m)
    c.paint(sw_m, (120, 120, 130))
    # entrance arrow
    ac = (38, 112, 124)
    c.paint(c.rect(1003, 628, 1017, 690), ac)
    c.paint(c.poly([(1010, 612), (986, 640), (1034, 640)]), ac)
    # you are here
    yx, yy = 1010, 556
    c.paint(c.ellipse(yx, yy, 20), (214, 52, 46), 0.18)
    c.paint(c.ellipse(yx, yy, 9.5), (255, 255, 255))
    c.paint(c.ellipse(yx, yy, 7.5), (214, 52, 46))
    img = c.image(grain=0)
    d = ImageDraw.Draw(img)
    fb = ImageFont.truetype(FONT_BOLD, 26)
    fr = ImageFont.truetype(FONT, 19)
    label = (54, 58, 70)
    centers = {'Maritime': (315, 285), 'Instruments': (810, 285), 'Photography': (1230, 195), 'Shop': (695, 412),
               'Entrance': (960, 460), 'Café': (1335, 475)}
    for name, (x, y) in centers.items():
        d.text((x, y), name, font=fb, fill=label, anchor='mm')
    d.text((yx + 18, yy), 'You are here', font=fr, fill=(184, 44, 40), anchor='lm')
    img.save(path, 'PNG', optimize=True)


# ========================================================================================
# café


def slate(c, base=(50, 54, 60), seed=4):
    mott = c.fbm(110, 4, seed=seed)
    fine = c.noise(0.9, 0.9, seed=seed + 9)
    t = np.clip(mott * 0.75 + fine * 0.25, 0, 1)
    return ramp(t, [(0, mul(base, 0.72)), (0.5, base), (1, mix(base, (120, 128, 136), 0.35))])


def draw_bean(c, x, y, L, ang):
    m = c.ellipse(x, y, L / 2, L * 0.36, rot=ang)
    c.shadow(m, 3, 5, 3, 0.45)
    c.paint(m, rad([(0, (132, 78, 44)), (0.6, (92, 52, 28)), (1, (48, 26, 14))], polar(x, y, L * 0.18, ang + 200), L * 0.55))
    cr = [polar(x, y, L * 0.42 * t, ang) for t in (-1, -0.4, 0.0, 0.4, 1)]
    off = [(-0.05, 0.0), (0.05, 0.06), (0.0, 0.0), (-0.05, -0.06), (0.05, 0.0)]
    a = math.radians(ang + 90)
    cr = [(px + math.cos(a) * o[1] * L, py + math.sin(a) * o[1] * L) for (px, py), o in zip(cr, off)]
    c.paint(c.line(spline(cr, False, 6), max(1.0, L * 0.07)), (34, 18, 10), 0.85)
    c.paint(c.ellipse(*polar(x, y, L * 0.2, ang + 215), L * 0.12, L * 0.05, rot=ang), (255, 240, 220), 0.22, blur=1)


def draw_leaf(c, base, tip, w, light=(126, 168, 74), dark=(70, 118, 50), vein=(190, 214, 140), shadow=0.35, curl=0.0):
    bx, by = base
    tx, ty = tip
    dx, dy = tx - bx, ty - by
    L = math.hypot(dx, dy)
    ux, uy = dx / L, dy / L
    nx, ny = -uy, ux
    left, right, mid = [], [], []
    for t in np.linspace(0, 1, 28):
        hw = w * math.sin(math.pi * t) ** 0.85 * (1 - 0.25 * t)
        bend = curl * L * math.sin(math.pi * t) * 0.12
        cx, cy = bx + dx * t + nx * bend, by + dy * t + ny * bend
        mid.append((cx, cy))
        left.append((cx + nx * hw, cy + ny * hw))
        right.append((cx - nx * hw, cy - ny * hw))
    m = c.poly(left + right[::-1])
    if shadow:
        c.shadow(m, 4, 6, 4, shadow)
    c.paint(m, lin([(0, light), (1, dark)], (bx + nx * w, by + ny * w), (bx - nx * w, by - ny * w)))
    c.paint(c.poly(right + mid[::-1]), (0, 0, 0), 0.12)
    v = c.mask()
    c.line(mid[:-2], max(0.9, w * 0.06), m=v)
    for i in range(3, 24, 3):
        j = min(27, i + 3)
        c.line([mid[i], left[j]], max(0.6, w * 0.035), m=v, cap=False)
        c.line([mid[i], right[j]], max(0.6, w * 0.035), m=v, cap=False)
    c.paint(c.both(v, m), vein, 0.45)
    return m


def saucer_top(c, cx, cy, R, base=(248, 246, 240)):
    m = c.ellipse(cx, cy, R)
    c.shadow(m, R * 0.07, R * 0.1, R * 0.08, 0.5)
    c.paint(m, ceramic(c, cx, cy, R, base))
    c.paint(c.ring(cx, cy, R * 0.66, R * 0.56), (150, 140, 130), 0.12, blur=R * 0.03)
    c.paint(c.ring(cx, cy, R, R * 0.965), (120, 110, 100), 0.18, blur=1)
    return m


def cup_top(c, cx, cy, R, handle=None, base=(248, 246, 240), inner=0.9, liquid=0.8, handle_w=0.24):
    m = c.ellipse(cx, cy, R)
    hm = None
    if handle is not None:
        hm = c.line([polar(cx, cy, R * 0.8, handle), polar(cx, cy, R * 1.42, handle)], R * handle_w)
    both = m if hm is None else c.either(m, hm)
    c.shadow(both, R * 0.08, R * 0.12, R * 0.07, 0.35)
    if hm is not None:
        c.paint(hm, lin([(0, base), (1, mul(base, 0.8))], polar(cx, cy, R, handle - 90), polar(cx, cy, R, handle + 90)))
        c.paint(c.line([polar(cx, cy, R * 1.08, handle), polar(cx, cy, R * 1.3, handle)], R * 0.035), (120, 110, 100), 0.5)
    c.paint(m, ceramic(c, cx, cy, R, base))
    im = c.ellipse(cx, cy, R * inner)
    c.paint(im, lin([(0, mul(base, 0.74)), (0.55, mul(base, 0.92)), (1, base)], (cx - R * 0.7, cy - R * 0.7), (cx + R * 0.7, cy + R * 0.7)))
    return c.ellipse(cx + R * 0.02, cy + R * 0.02, R * liquid)


def espresso(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=201)
    c.paint(c.full(), tex(slate(c, (48, 52, 58))))
    c.paint(c.full(), rad([(0, (255, 250, 240)), (1, (140, 140, 150))], (380, 260), 560, 440), mode='multiply')
    for x, y, a in ((640, 130, 30), (676, 176, -24), (610, 196, 80), (150, 470, 60), (196, 510, 10), (660, 500, -40), (120, 150, 20)):
        draw_bean(c, x, y, 30, a)
    cx, cy = 396, 300
    saucer_top(c, cx, cy, 188)
    # spoon on the saucer
    sp_b = (262, 398)
    bowl = c.ellipse(*sp_b, 26, 16, rot=-52)
    stem = c.line([(276, 376), (344, 272), (350, 258)], 8)
    sp = c.either(bowl, stem)
    c.shadow(sp, 4, 6, 3, 0.4)
    c.paint(sp, lin(STEEL, (250, 260), (350, 400)))
    c.bevel(sp, 1.0, (255, 255, 255), (40, 40, 50), 0.6, 0.4, 0.4)
    lq = cup_top(c, cx, cy, 104, handle=32)
    c.paint(lq, rad([(0, (214, 150, 84)), (0.55, (186, 116, 58)), (0.88, (128, 72, 34)), (1.0, (74, 40, 20))], (cx - 10, cy - 14), 86))
    mot = c.fbm(16, 3, seed=17)
    c.paint(lq, graytex(mot, (226, 214, 204), (255, 255, 255)), mode='multiply')
    sw = c.line([polar(cx, cy, 44 - 10 * t, 200 + 240 * t) for t in np.linspace(0, 1, 30)], 10)
    c.paint(c.both(sw, lq), (236, 176, 110), 0.35, blur=5)
    fl = c.mask()
    rng = np.random.default_rng(203)
    for i in range(50):
        r_ = 80 * math.sqrt(rng.random())
        a = rng.uniform(0, 360)
        c.ellipse(*polar(cx, cy, r_, a), rng.uniform(0.8, 2.2), m=fl)
    c.paint(c.both(fl, lq), (110, 60, 30), 0.4, blur=0.6)
    c.paint(c.both(c.sub(c.ellipse(cx - 20, cy - 24, 60), c.ellipse(cx - 8, cy - 10, 62)), lq), (255, 240, 220), 0.35, blur=2)
    c.vignette(0.22)
    save_jpg(c.image(), path)


def cappuccino(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=211)
    c.paint(c.full(), tex(wood_texture(c, (176, 128, 86), (132, 90, 56), (206, 162, 116), plank=124, seed=21, grain=0.7)))
    c.paint(c.full(), rad([(0, (255, 250, 240)), (1, (170, 160, 150))], (380, 260), 600, 460), mode='multiply')
    cx, cy = 390, 300
    saucer_top(c, cx, cy, 214)
    # a small round biscuit and a spoon on the saucer
    bx, by = polar(cx, cy, 180, 140)
    bm = c.ellipse(bx, by, 25)
    c.shadow(bm, 3, 5, 3, 0.4)
    c.paint(bm, rad([(0, (226, 170, 96)), (0.7, (196, 132, 62)), (1, (150, 92, 40))], (bx - 6, by - 8), 30))
    cracks = c.lines([[(bx - 16, by + 2), (bx - 6, by - 3), (bx + 2, by + 4), (bx + 14, by - 1)], [(bx - 4, by - 14), (bx - 6, by - 3)], [(bx + 2, by + 4), (bx + 4, by + 16)]], 1.5)
    c.paint(c.both(cracks, bm), (150, 92, 42), 0.55, blur=0.4)
    sp = c.either(c.ellipse(*polar(cx, cy, 178, 40), 22, 14, rot=130), c.line([polar(cx, cy, 168, 48), polar(cx, cy, 186, 82)], 7))
    c.shadow(sp, 4, 6, 3, 0.35)
    c.paint(sp, lin(STEEL, (cx + 100, cy + 100), (cx + 200, cy + 200)))
    c.bevel(sp, 1.0, (255, 255, 255), (40, 40, 50), 0.6, 0.4, 0.4)
    lq = cup_top(c, cx, cy, 150, handle=-8, inner=0.91, liquid=0.85)
    lcx, lcy = cx + 3, cy + 3
    c.paint(lq, rad([(0, (192, 130, 76)), (0.7, (166, 104, 56)), (1.0, (120, 72, 38))], (lcx, lcy), 128))
    mot = c.fbm(10, 3, seed=23)
    c.paint(lq, graytex(mot, (222, 212, 200), (255, 255, 255)), mode='multiply')
    foam = c.ring(lcx, lcy, 130, 110)
    c.paint(c.both(foam, lq), (240, 226, 202), 0.9, blur=4)
    # latte-art heart with a pull-through
    hx, hy = lcx - 4, lcy - 2
    heart = c.mask()
    c.ellipse(hx - 28, hy - 16, 34, 32, m=heart)
    c.ellipse(hx + 28, hy - 16, 34, 32, m=heart)
    c.poly([(hx - 60, hy - 6), (hx + 60, hy - 6), (hx + 30, hy + 38), (hx, hy + 70), (hx - 30, hy + 38)], m=heart)
    c.paint(heart, (160, 104, 58), 0.5, blur=6)
    c.paint(heart, (250, 242, 228), 1.0, blur=1.8)
    inner = c.mask()
    c.ellipse(hx - 20, hy - 10, 18, 16, m=inner)
    c.ellipse(hx + 20, hy - 10, 18, 16, m=inner)
    c.poly([(hx - 36, hy - 4), (hx + 36, hy - 4), (hx, hy + 40)], m=inner)
    c.paint(c.line([(hx, hy - 44), (hx, hy - 18), (hx + 1, hy + 30), (hx, hy + 76)], 3.2), (150, 96, 52), 0.75, blur=0.8)
    cocoa = c.mask()
    rng = np.random.default_rng(213)
    for i in range(120):
        r_ = 124 * math.sqrt(rng.random())
        c.ellipse(*polar(lcx, lcy, r_, rng.uniform(0, 360)), rng.uniform(0.5, 1.2), m=cocoa)
    c.paint(c.both(cocoa, lq), (100, 60, 34), 0.45)
    c.paint(c.both(c.sub(c.ellipse(lcx - 30, lcy - 36, 90), c.ellipse(lcx - 14, lcy - 18, 94)), lq), (255, 250, 240), 0.3, blur=2)
    c.vignette(0.2)
    save_jpg(c.image(), path)


def latte(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=221)
    rng = np.random.default_rng(222)
    ty = 430
    c.paint(c.rect(0, 0, W, ty + 2), lin([(0, (58, 42, 32)), (1, (96, 70, 50))], (0, 0), (0, ty)))
    bok = c.mask()
    for i in range(18):
        c.ellipse(rng.uniform(0, W), rng.uniform(40, 330), rng.uniform(14, 40), m=bok)
    c.paint(bok, (90, 60, 26), 0.6, blur=5, mode='add')
    bok2 = c.mask()
    for i in range(10):
        c.ellipse(rng.uniform(0, W), rng.uniform(60, 300), rng.uniform(6, 14), m=bok2)
    c.paint(bok2, (140, 100, 50), 0.5, blur=3, mode='add')
    table = c.rect(0, ty, W, H)
    c.paint(table, tex(wood_texture(c, (142, 98, 62), (98, 64, 40), (176, 128, 86), plank=None, seed=24)))
    c.paint(table, lin([(0, (150, 140, 130)), (1, (255, 250, 240))], (0, ty), (0, H)), mode='multiply')
    c.paint(c.rect(0, ty - 2, W, ty + 3), (30, 20, 14), 0.5, blur=2)
    for x, y, a in ((610, 540, 20), (648, 520, -30), (180, 560, 60)):
        draw_bean(c, x, y, 26, a)
    cx = 400
    # saucer
    sm = c.ellipse(cx, 506, 170, 36)
    c.paint(c.ellipse(cx + 10, 516, 176, 36), (20, 12, 6), 0.5, blur=10)
    c.paint(sm, lin([(0, (250, 248, 242)), (1, (200, 194, 186))], (0, 470), (0, 542)))
    c.paint(c.ellipse(cx, 500, 120, 24), (180, 172, 164), 0.35, blur=3)
    c.paint(c.ellipse(cx + 4, 504, 84, 14), (60, 40, 20), 0.4, blur=5)
    # glass and its contents
    top, bot, rt, rb = 96, 500, 94, 78
    kt, kb = 0.17, 0.17

    def outline(y0, y1, r0, r1, k0, k1):
        return ell_pts(cx, y0, r0, r0 * k0, 0, 180, 360) + [(cx + r1, y1)] + ell_pts(cx, y1, r1, r1 * k1, 0, 0, 180) + [(cx - r0, y0)]
    glass = c.poly(outline(top, bot, rt, rb, kt, kb))
    lvl = 134

    def r_at(y):
        return rt + (rb - rt) * (y - top) / (bot - top) - 5
    inner = c.poly(ell_pts(cx, lvl, r_at(lvl), r_at(lvl) * kt, 0, 180, 360) + [(cx + r_at(488), 488)] + ell_pts(cx, 488, r_at(488), r_at(488) * kb, 0, 0, 180) + [(cx - r_at(lvl), lvl)])

    def layers(X, Y, ys, xs):
        hw = r_at(Y)
        u = np.clip((X - cx) / hw, -1, 1)
        yy = Y - 15 * np.sqrt(1 - u * u)
        col = ramp(yy, [(lvl - 20, (250, 247, 240)), (196, (246, 240, 228)), (212, (214, 176, 126)), (236, (172, 110, 58)),
                        (292, (146, 88, 44)), (318, (196, 150, 104)), (346, (232, 218, 196)), (470, (238, 228, 210)), (500, (222, 208, 186))])
        side = np.interp(u, [-1, -0.75, -0.2, 0.5, 1], [0.78, 0.95, 1.0, 0.92, 0.74])
        return col * side[..., None]
    c.paint(inner, layers)
    foamtop = c.ellipse(cx, lvl, r_at(lvl), r_at(lvl) * kt)
    c.paint(foamtop, rad([(0, (255, 253, 248)), (1, (226, 218, 204))], (cx - 20, lvl - 4), 100, 18))
    cocoa = c.mask()
    for i in range(70):
        a = rng.uniform(0, 2 * math.pi)
        rr = math.sqrt(rng.random())
        c.ellipse(cx + math.cos(a) * rr * 78, lvl + math.sin(a) * rr * 12, rng.uniform(0.5, 1.1), m=cocoa)
    c.paint(cocoa, (120, 74, 40), 0.6)
    # long spoon
    sp = c.either(c.line([(cx + 38, lvl + 2), (cx + 140, 30)], 7), c.ellipse(cx + 146, 26, 9, 6, rot=-38))
    c.paint(sp, lin(STEEL, (cx + 30, 40), (cx + 60, 60)))
    c.paint(c.line([(cx + 40, lvl - 2), (cx + 138, 28)], 1.4), (255, 255, 255), 0.6)
    # glass tint, edges, highlights, base
    c.paint(glass, (210, 226, 226), 0.08)
    edges = c.sub(glass, c.poly(outline(top + 3, bot - 4, rt - 4, rb - 4, kt, kb)))
    c.paint(edges, (230, 236, 236), 0.45, blur=0.6)
    c.paint(c.line(ell_pts(cx, top, rt - 1, (rt - 1) * kt, 0, 0, 360), 2.0), (255, 255, 255), 0.65)
    c.paint(c.both(c.poly([(cx - 66, top + 20), (cx - 52, top + 20), (cx - 44, bot - 20), (cx - 56, bot - 20)]), glass), (255, 255, 255), 0.4, blur=2)
    c.paint(c.both(c.poly([(cx + 60, top + 30), (cx + 66, top + 30), (cx + 58, bot - 30), (cx + 53, bot - 30)]), glass), (255, 255, 255), 0.25, blur=1.5)
    c.paint(c.both(c.rect(cx - 100, 488, cx + 100, 520), glass), (250, 250, 248), 0.35)
    c.paint(c.line(ell_pts(cx, 490, rb - 6, (rb - 6) * kb, 0, 0, 180), 1.5), (255, 255, 255), 0.6)
    c.vignette(0.25)
    save_jpg(c.image(), path)


def green_tea(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=231)
    rng = np.random.default_rng(232)
    c.paint(c.full(), tex(wood_texture(c, (214, 192, 158), (186, 160, 124), (232, 216, 188), plank=112, vertical=True, seed=31, grain=0.8)))
    nap = c.poly(xform(rrect_pts(-200, -190, 200, 190, 10), 10, (0, 0), 1.0, (372, 300)))
    c.shadow(nap, 6, 10, 10, 0.3)
    weave = (c.noise(0.7, 6, seed=5) + c.noise(6, 0.7, seed=6)) * 0.5
    c.paint(nap, graytex(weave, (230, 226, 214), (246, 244, 236)))
    c.paint(c.sub(nap, c.poly(xform(rrect_pts(-184, -174, 184, 174, 6), 10, (0, 0), 1.0, (372, 300)))), (190, 196, 176), 0.5)
    # loose dried leaves
    for i in range(9):
        x, y = rng.uniform(600, 760), rng.uniform(60, 200)
        a = rng.uniform(0, 180)
        m = c.ellipse(x, y, rng.uniform(6, 10), 2.2, rot=a)
        c.shadow(m, 1.5, 2, 1, 0.3)
        c.paint(m, (70, 86, 44))
    # sprig of fresh leaves
    stem = c.line(spline([(520, 520), (560, 470), (600, 420), (650, 380)], False, 8), 3.2)
    c.shadow(stem, 3, 4, 2, 0.3)
    c.paint(stem, (110, 130, 70))
    draw_leaf(c, (560, 470), (500, 400), 26, curl=0.4)
    draw_leaf(c, (600, 420), (690, 440), 24, curl=-0.3)
    draw_leaf(c, (650, 380), (700, 310), 18, light=(150, 190, 90), dark=(92, 140, 60))
    cx, cy = 360, 290
    base = (208, 222, 200)
    m = c.ellipse(cx, cy, 136)
    c.shadow(m, 10, 16, 10, 0.4)
    c.paint(m, ceramic(c, cx, cy, 136, base, mul(base, 0.78)))
    c.paint(c.ring(cx, cy, 136, 124), (255, 255, 255), 0.35)
    im = c.ellipse(cx, cy, 124)
    c.paint(im, lin([(0, (196, 200, 186)), (0.5, (232, 234, 222)), (1, (246, 246, 238))], (cx - 90, cy - 90), (cx + 90, cy + 90)))
    lq = c.ellipse(cx + 2, cy + 3, 108)
    c.paint(lq, rad([(0, (214, 212, 120)), (0.6, (186, 188, 88)), (0.95, (146, 156, 62)), (1, (120, 130, 50))], (cx + 10, cy + 14), 112))
    c.paint(c.both(c.ring(cx + 2, cy + 3, 108, 100), lq), (236, 236, 190), 0.4, blur=2)
    c.paint(c.both(c.ellipse(cx - 40, cy - 46, 42, 18, rot=-35), lq), (255, 255, 240), 0.35, blur=6)
    draw_leaf(c, (cx + 22, cy + 40), (cx - 24, cy - 20), 15, light=(128, 170, 70), dark=(84, 128, 48), shadow=0.25, curl=0.3)
    c.vignette(0.18)
    save_jpg(c.image(), path)


def croissant(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=241)
    rng = np.random.default_rng(242)
    c.paint(c.full(), tex(wood_texture(c, (96, 64, 42), (60, 38, 24), (128, 88, 58), plank=140, seed=41, grain=0.6)))
    c.paint(c.full(), rad([(0, (255, 250, 240)), (1, (150, 140, 130))], (380, 260), 620, 460), mode='multiply')
    # jam in a small ramekin
    jx, jy = 700, 112
    jm = c.ellipse(jx, jy, 62)
    c.shadow(jm, 6, 9, 7, 0.45)
    c.paint(jm, ceramic(c, jx, jy, 62, (240, 236, 228)))
    c.paint(c.ellipse(jx, jy, 52), lin([(0, (200, 190, 180)), (1, (246, 242, 236))], (jx - 40, jy - 40), (jx + 40, jy + 40)))
    jam = c.ellipse(jx + 1, jy + 2, 45)
    c.paint(jam, rad([(0, (240, 150, 50)), (0.8, (214, 108, 30)), (1, (170, 70, 20))], (jx + 6, jy + 8), 48))
    c.paint(c.ellipse(jx - 14, jy - 16, 12, 6, rot=-30), (255, 240, 210), 0.6, blur=2)
    cx, cy = 392, 304
    pm = c.ellipse(cx, cy, 250)
    c.shadow(pm, 16, 22, 16, 0.5)
    c.paint(pm, ceramic(c, cx, cy, 250, (246, 244, 238)))
    c.paint(c.ring(cx, cy, 196, 180), (150, 140, 130), 0.12, blur=5)
    c.paint(c.ring(cx, cy, 250, 244), (120, 110, 100), 0.15, blur=1)
    # the croissant: a crescent cut into rolled segments, lit from the top left
    ac = (cx, cy + 136)
    R = 164
    a0, a1 = 194, 346

    def cpt(t, off):
        return polar(ac[0], ac[1], R + off, a0 + (a1 - a0) * t)

    def wid(t):
        return 6 + 112 * math.sin(math.pi * min(1, max(0, t))) ** 0.7
    ts = np.linspace(0, 1, 80)
    outline = [cpt(t, wid(t) * 0.55) for t in ts] + [cpt(t, -wid(t) * 0.45) for t in ts[::-1]]
    whole = c.poly(outline)
    c.shadow(whole, 10, 14, 9, 0.5, (60, 36, 16))
    n = 7
    bounds = [0.5 + 0.5 * math.copysign(abs(2 * k / n - 1) ** 0.85, 2 * k / n - 1) for k in range(n + 1)]

    def seam(tk):
        bow = 0.05 * (1 if tk < 0.5 else -1) * min(1, abs(tk - 0.5) * 4)
        if tk <= 0 or tk >= 1:
            bow, tk = 0.0, (-0.05 if tk <= 0 else 1.05)
        out = []
        for sv in np.linspace(-1, 1, 16):
            t = tk + bow * (1 - sv * sv)
            off = (wid(t) * 0.55 if sv > 0 else wid(t) * 0.45) * sv * 1.15
            out.append(cpt(t, off))
        return out
    seams = [seam(b) for b in bounds]
    order = sorted(range(n), key=lambda i: -abs(i - (n - 1) / 2))
    for i in order:
        seg = c.both(c.poly(seams[i] + seams[i + 1][::-1]), whole)
        tm = (bounds[i] + bounds[i + 1]) / 2
        L = R * math.radians(a1 - a0) * (bounds[i + 1] - bounds[i])
        mx, my = cpt(tm, wid(tm) * 0.12)
        c.paint(seg, rad([(0, (246, 196, 116)), (0.45, (220, 146, 66)), (0.85, (168, 94, 38)), (1.0, (124, 64, 26))], (mx - 6, my - 10), L * 0.62 + 8, wid(tm) * 0.62 + 4))
        hl = c.line([cpt(tm - (bounds[i + 1] - bounds[i]) * 0.25, wid(tm) * 0.3), cpt(tm, wid(tm) * 0.36), cpt(tm + (bounds[i + 1] - bounds[i]) * 0.25, wid(tm) * 0.3)], max(1.5, wid(tm) * 0.05))
        c.paint(c.both(hl, seg), (255, 234, 190), 0.35, blur=1.5)
    sl = c.mask()
    for k in range(1, n):
        c.line(seams[k], 1.6, m=sl, cap=False)
    c.paint(c.both(sl, whole), (110, 56, 20), 0.4, blur=0.8)
    flake = c.noise(2.5, 2.5, seed=9)
    c.paint(whole, graytex(flake, (244, 238, 230), (255, 255, 255)), mode='multiply')
    c.bevel(whole, 1.5, (255, 230, 180), (90, 44, 14), 0.2, 0.4, 1.0)
    crumbs = c.mask()
    for i in range(26):
        a = rng.uniform(0, 360)
        r_ = rng.uniform(150, 215)
        px, py = polar(cx, cy, r_, a)
        c.poly([(px + rng.uniform(-3, 3), py + rng.uniform(-3, 3)) for _ in range(4)], m=crumbs)
    c.paint(crumbs, (196, 132, 62), 0.9)
    c.vignette(0.2)
    save_jpg(c.image(), path)


def cinnamon_bun(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=251)
    rng = np.random.default_rng(252)
    c.paint(c.full(), tex(wood_texture(c, (150, 104, 68), (106, 70, 44), (182, 134, 92), plank=118, seed=51, grain=0.65)))
    c.paint(c.full(), rad([(0, (255, 250, 240)), (1, (160, 150, 140))], (380, 260), 620, 460), mode='multiply')
    pp = c.poly(xform(rrect_pts(-226, -214, 226, 214, 4), -7, (0, 0), 1.0, (392, 300)))
    c.shadow(pp, 6, 10, 10, 0.3)
    cr = c.fbm(40, 3, seed=13)
    c.paint(pp, graytex(cr, (222, 210, 186), (244, 236, 218)))
    # cinnamon sticks and a star anise on the wood
    for off in (0, 22):
        st = c.poly(xform(rrect_pts(600, 40 + off, 790, 62 + off, 10), 28, (700, 60)))
        c.shadow(st, 4, 6, 3, 0.4)
        c.paint(st, lin([(0, (170, 96, 52)), (0.5, (140, 74, 38)), (1, (96, 48, 24))], (0, 40 + off), (0, 62 + off)))
        c.paint(c.poly(xform([(600, 50 + off), (790, 50 + off), (790, 52 + off), (600, 52 + off)], 28, (700, 60))), (80, 40, 20), 0.6)
    ax, ay = 112, 500
    sm = c.mask()
    for i in range(8):
        c.ellipse(*polar(ax, ay, 20, i * 45 + 10), 20, 8.5, rot=i * 45 + 10, m=sm)
    c.ellipse(ax, ay, 9, m=sm)
    c.shadow(sm, 3, 5, 3, 0.45)
    c.paint(sm, rad([(0, (120, 62, 30)), (0.7, (150, 82, 42)), (1, (92, 46, 22))], (ax, ay), 40))
    for i in range(8):
        c.paint(c.ellipse(*polar(ax, ay, 22, i * 45 + 10), 6, 3.2, rot=i * 45 + 10), (200, 140, 80))
        c.paint(c.line([polar(ax, ay, 8, i * 45 + 10), polar(ax, ay, 36, i * 45 + 10)], 1.0), (70, 34, 14), 0.6)
    cx, cy, R = 392, 298, 174
    rim = [polar(cx, cy, R * (1 + 0.025 * math.sin(a * 5 * math.pi / 180) + 0.015 * math.sin(a * 11 * math.pi / 180)), a) for a in range(0, 360, 4)]
    bun = c.poly(rim)
    c.shadow(bun, 10, 14, 12, 0.5, (60, 36, 16))
    c.paint(bun, rad([(0, (226, 170, 100)), (0.7, (204, 140, 72)), (0.92, (160, 98, 46)), (1.0, (118, 68, 30))], (cx - 20, cy - 24), R * 1.05))
    turns = 3.4
    pts, pts_in = [], []
    for th in np.linspace(0.3, 2 * math.pi * turns, 420):
        r_ = 14 + (R - 22) * th / (2 * math.pi * turns)
        pts.append((cx + r_ * math.cos(th), cy + r_ * math.sin(th)))
        ri = r_ - 14
        pts_in.append((cx + ri * math.cos(th), cy + ri * math.sin(th)))
    c.paint(c.both(c.line(pts, 18), bun), (150, 78, 36), 0.4, blur=4)
    c.paint(c.both(c.line(pts, 6), bun), (96, 48, 22), 0.85, blur=1.2)
    c.paint(c.both(c.line(pts_in[40:], 9), bun), (246, 204, 140), 0.4, blur=3)
    # icing drizzle
    ic = c.mask()
    for k in range(7):
        y0 = cy - 150 + k * 48 + rng.uniform(-6, 6)
        xs = np.linspace(cx - 190, cx + 190, 60)
        ph = rng.uniform(0, 6)
        line = [(x, y0 + 14 * math.sin((x - cx) / 21 + ph) + 5 * math.sin((x - cx) / 9 + ph) + (x - cx) * 0.22) for x in xs]
        w0 = rng.uniform(4.5, 7.5)
        for j in range(0, 59, 6):
            c.line(line[j:j + 7], w0 * (0.75 + 0.5 * math.sin(j * 0.3 + k)), m=ic)
    ic = c.both(ic, c.poly([polar(cx, cy, R * (1.02 + 0.025 * math.sin(a * 0.087 * 5)), a) for a in range(0, 360, 4)]))
    c.shadow(ic, 1.5, 3, 1.5, 0.3, (80, 40, 10))
    c.paint(ic, (250, 246, 236), 0.95)
    c.paint(c.sub(ic, c.shift(ic, 1.5, 2)), (255, 255, 255), 0.8, blur=0.6)
    c.vignette(0.2)
    save_jpg(c.image(), path)


def lemon_cake(path):
    W, H = 800, 600
    c = Canvas(W, H, 4, seed=261)
    rng = np.random.default_rng(262)
    ty = 300
    c.paint(c.rect(0, 0, W, ty + 2), lin([(0, (186, 200, 198)), (1, (214, 222, 218))], (0, 0), (0, ty)))
    veins = c.fbm(90, 5, aspect=2.0, seed=19)
    marble = np.exp(-((veins - 0.5) / 0.012) ** 2) * 0.8 + c.fbm(60, 3, seed=29) * 0.2
    c.paint(c.rect(0, ty, W, H), graytex(marble, (240, 238, 232), (206, 206, 204)))
    c.paint(c.rect(0, ty, W, H), lin([(0, (210, 210, 206)), (1, (255, 255, 255))], (0, ty), (0, H)), mode='multiply')
    c.paint(c.rect(0, ty - 1, W, ty + 2), (150, 150, 146), 0.4)
    # a lemon behind the plate
    lm = c.ellipse(666, 318, 66, 46, rot=-14)
    c.shadow(lm, 8, 10, 8, 0.3)
    c.paint(lm, rad([(0, (255, 240, 120)), (0.6, (246, 206, 40)), (1, (200, 150, 20))], (646, 300), 80, 60))
    c.paint(c.ellipse(*polar(666, 318, 66, 166), 8, 6), (210, 170, 30))
    dots = c.mask()
    for i in range(160):
        a = rng.uniform(0, 2 * math.pi)
        r_ = math.sqrt(rng.random())
        c.ellipse(666 + math.cos(a) * r_ * 60, 318 + math.sin(a) * r_ * 40, 0.8, m=dots)
    c.paint(c.both(dots, lm), (200, 150, 20), 0.4)
    draw_leaf(c, (706, 296), (760, 250), 18, light=(110, 156, 70), dark=(62, 110, 46), curl=0.3)
    # plate
    pcx, pcy = 392, 430
    pm = c.ellipse(pcx, pcy, 282, 104)
    c.paint(c.ellipse(pcx + 10, pcy + 14, 286, 104), (60, 60, 60), 0.35, blur=12)
    c.paint(pm, lin([(0, (252, 252, 250)), (1, (214, 214, 212))], (0, pcy - 104), (0, pcy + 104)))
    c.paint(c.ellipse(pcx, pcy + 2, 210, 74), (200, 200, 198), 0.45, blur=3)
    c.paint(c.ellipse(pcx, pcy + 6, 200, 68), lin([(0, (230, 230, 228)), (1, (250, 250, 248))], (0, pcy - 60), (0, pcy + 70)))
    # fork
    fk = c.mask()
    c.line([(560, 480), (700, 452)], 8, m=fk)
    for k in range(4):
        c.line([(498, 478 + k * 5 - 8), (540, 478 + k * 3.4 - 5)], 2.6, m=fk)
    c.poly([(536, 470), (566, 476), (566, 484), (536, 488)], m=fk)
    c.shadow(fk, 4, 7, 3, 0.35)
    c.paint(fk, lin(STEEL, (0, 450), (0, 490)))
    # the slice: top face, left cut face (lit), right cut face (shade)
    A, B, C = (232, 296), (578, 286), (392, 382)
    h = 108
    arc = spline([A, (300, 268), (410, 258), (520, 264), B], False, 8)
    c.paint(c.poly([(A[0], A[1] + h), (C[0], C[1] + h), (B[0], B[1] + h), (B[0] + 10, B[1] + h + 10), (A[0] - 10, A[1] + h + 10)]), (80, 70, 50), 0.3, blur=8)

    def face(P0, P1, shade):
        fm = c.poly([P0, P1, (P1[0], P1[1] + h), (P0[0], P0[1] + h)])

        def band(v0, v1):
            return c.poly([(P0[0], P0[1] + v0), (P1[0], P1[1] + v0), (P1[0], P1[1] + v1), (P0[0], P0[1] + v1)])
        c.paint(fm, (244, 218, 146))
        c.paint(band(52, 60), (252, 246, 226))
        c.paint(band(60, 72), (250, 206, 62))
        c.paint(band(0, 15), (252, 250, 244))
        c.paint(band(15, 18), (236, 206, 120), 0.7)
        c.paint(band(h - 8, h), (190, 140, 70))
        holes = c.mask()
        for i in range(160):
            u, v = rng.random(), rng.uniform(20, h - 10)
            if 50 < v < 74:
                continue
            c.ellipse(P0[0] + (P1[0] - P0[0]) * u, P0[1] + (P1[1] - P0[1]) * u + v, rng.uniform(0.6, 1.7), m=holes)
        c.paint(c.both(holes, fm), (190, 150, 70), 0.5)
        c.paint(fm, (255 * shade,) * 3, mode='multiply')
        return fm
    face(A, C, 1.0)
    face(C, B, 0.8)
    topm = c.poly(arc + [C])
    c.paint(topm, lin([(0, (250, 248, 242)), (1, (255, 255, 252))], (0, 260), (0, 380)))
    # icing drips over the back edge, lemon slice, zest and a mint leaf
    c.paint(c.line([A, C, B], 1.6, cap=False), (220, 214, 200), 0.6)
    sl = c.ellipse(440, 306, 40, 17, rot=-4)
    c.shadow(sl, 2, 4, 2, 0.25)
    c.paint(sl, (240, 196, 36))
    c.paint(c.ellipse(440, 305, 36, 15, rot=-4), (252, 246, 214))
    c.paint(c.ellipse(440, 305, 32, 13, rot=-4), (250, 224, 96))
    seg = c.lines([[(440, 305), polar(440, 305, 40, a)] for a in range(0, 360, 40)], 1.2)
    c.paint(c.both(seg, c.ellipse(440, 305, 32, 13, rot=-4)), (252, 246, 214), 0.9)
    zest = c.mask()
    for i in range(14):
        x, y = rng.uniform(290, 530), rng.uniform(278, 336)
        a = rng.uniform(0, 360)
        c.line(ell_pts(x, y, 5, 3, a, 0, 200, 8), 1.3, m=zest)
    c.paint(c.both(zest, topm), (236, 190, 30))
    draw_leaf(c, (360, 310), (322, 290), 10, light=(100, 170, 90), dark=(50, 120, 60), shadow=0.2)
    c.vignette(0.16)
    save_jpg(c.image(), path)


def counter(path):
    W, H = 1200, 800
    c = Canvas(W, H, 3, seed=271)
    c.paint(c.full(), lin([(0, (52, 40, 32)), (1, (30, 22, 18))], (0, 0), (0, 520)))
    # blank board upper left
    bd = c.rect(70, 70, 420, 270)
    c.paint(c.rect(60, 60, 430, 280), (86, 60, 40))
    c.paint(bd, (34, 38, 36))
    sm = c.fbm(40, 3, seed=8)
    c.paint(bd, graytex(sm, (34, 38, 36), (58, 62, 60)), 0.7)
    # shelves with cups and jars on the right
    for sy in (206, 316):
        c.paint(c.rect(620, sy, 1200, sy + 10), (120, 84, 54))
        c.paint(c.rect(620, sy + 10, 1200, sy + 22), (0, 0, 0), 0.35, blur=6)
    for i, x in enumerate(range(650, 1170, 58)):
        cup = c.mask()
        c.poly([(x, 206), (x + 4, 172), (x + 38, 172), (x + 42, 206)], m=cup)
        c.paint(c.ring(x + 44, 188, 10, 5), (170, 160, 150))
        c.paint(cup, lin([(0, (170, 160, 150)), (0.35, (222, 214, 202)), (1, (120, 112, 104))], (x, 0), (x + 42, 0)))
    for i, x in enumerate(range(652, 1180, 90)):
        jar = c.rrect(x, 244, x + 56, 316, 8)
        c.paint(jar, (100, 70, 44))
        beans = c.noise(1.2, 1.2, seed=i + 40)
        c.paint(c.both(jar, c.rect(x, 262, x + 56, 316)), graytex(beans, (50, 30, 18), (110, 70, 40)))
        c.paint(jar, (200, 220, 220), 0.12)
        c.paint(c.rect(x + 8, 250, x + 14, 306), (255, 255, 255), 0.35, blur=1)
        c.paint(c.rect(x - 2, 236, x + 58, 246), (150, 110, 70))
    # pendant lamps with warm light
    for lx in (560, 820, 1080):
        c.paint(c.line([(lx, 0), (lx, 96)], 2), (20, 16, 14))
        c.paint(c.full(), rad([(0, (120, 80, 36)), (0.4, (40, 26, 12)), (1, (0, 0, 0))], (lx, 150), 420, 360), mode='add')
        sh = c.poly([(lx - 10, 96), (lx + 10, 96), (lx + 46, 146), (lx - 46, 146)])
        c.paint(sh, lin([(0, (60, 48, 40)), (0.4, (110, 92, 72)), (1, (40, 32, 28))], (lx - 46, 0), (lx + 46, 0)))
        c.paint(c.poly(ell_pts(lx, 146, 46, 7, 0, 0, 180)), (255, 226, 160))
        c.paint(c.ellipse(lx, 150, 30, 10), (255, 220, 150), 0.8, blur=8, mode='add')
    # counter top and front
    ct = 520
    c.paint(c.rect(0, ct, W, ct + 22), lin([(0, (70, 52, 40)), (0.6, (110, 82, 60)), (1, (150, 112, 80))], (0, 0), (W, 0)))
    c.paint(c.rect(0, ct, W, ct + 2), (220, 180, 130), 0.5)
    front = c.rect(0, ct + 22, W, H)
    c.paint(front, tex(wood_texture(c, (54, 38, 28), (38, 26, 20), (66, 48, 34), plank=60, vertical=True, seed=61, grain=0.5)))
    c.paint(c.rect(0, ct + 22, W, ct + 40), (0, 0, 0), 0.35, blur=6)
    # espresso machine
    mx0, mx1, my0 = 760, 1110, 352
    c.paint(c.ellipse((mx0 + mx1) / 2, ct + 2, 200, 10), (0, 0, 0), 0.5, blur=8)
    body = c.rrect(mx0, my0, mx1, ct, 12)
    c.paint(body, lin([(0, (90, 92, 96)), (0.2, (220, 222, 224)), (0.45, (150, 152, 156)), (0.7, (236, 232, 226)), (1, (96, 98, 102))], (mx0, 0), (mx1, 0)))
    c.paint(body, lin([(0, (255, 230, 190)), (1, (140, 130, 120))], (0, my0), (0, ct)), mode='multiply')
    c.paint(c.rect(mx0 + 16, my0 + 40, mx1 - 16, my0 + 84), (44, 40, 38))
    for gx in (880, 990):
        c.paint(c.ellipse(gx, my0 + 62, 10), (255, 190, 110), 0.8, blur=2)
        gh = c.rrect(gx - 30, my0 + 90, gx + 30, my0 + 118, 6)
        c.paint(gh, lin(STEEL, (gx - 30, 0), (gx + 30, 0)))
        c.paint(c.rrect(gx - 60, my0 + 118, gx + 30, my0 + 130, 5), (28, 24, 22))
    for gx in (804, 1066):
        d = c.ellipse(gx, my0 + 62, 16)
        c.paint(d, (240, 236, 226))
        c.paint(c.ring(gx, my0 + 62, 17, 14), lin(STEEL, (gx - 16, 0), (gx + 16, 0)))
        c.paint(c.line([(gx, my0 + 62), polar(gx, my0 + 62, 11, -40)], 1.5), (180, 40, 30))
    c.paint(c.line([(mx1 - 20, my0 + 110), (mx1 - 8, ct - 24)], 4), lin(STEEL, (mx1 - 20, 0), (mx1, 0)))
    c.paint(c.rect(mx0 + 30, ct - 28, mx1 - 30, ct - 16), (40, 36, 34))
    for gx in (870, 980):
        cup = c.poly([(gx - 16, ct - 28), (gx - 13, ct - 56), (gx + 13, ct - 56), (gx + 16, ct - 28)])
        c.paint(cup, lin([(0, (200, 190, 178)), (0.35, (250, 246, 238)), (1, (160, 150, 140))], (gx - 16, 0), (gx + 16, 0)))
    for i, gx in enumerate(range(790, 1090, 40)):
        cup = c.poly([(gx, my0), (gx + 4, my0 - 26), (gx + 30, my0 - 26), (gx + 34, my0)])
        c.paint(cup, lin([(0, (200, 190, 178)), (0.35, (250, 246, 238)), (1, (160, 150, 140))], (gx, 0), (gx + 34, 0)))
    c.paint(c.rect(mx0, my0 - 4, mx1, my0 + 2), lin(STEEL, (mx0, 0), (mx1, 0)))
    # grinder
    c.paint(c.rrect(1130, 410, 1190, ct, 6), (40, 36, 34))
    hop = c.poly([(1124, 330), (1196, 330), (1176, 410), (1144, 410)])
    c.paint(c.both(hop, c.rect(1120, 350, 1200, 412)), (80, 50, 30))
    c.paint(hop, (220, 230, 230), 0.18)
    # keep the lower left calm and dark for text
    c.paint(c.full(), shadefill(lambda X, Y: np.clip(0.55 + 0.45 * np.clip(np.hypot((X - 0) / 900, (Y - H) / 700), 0, 1) ** 1.5, 0, 1)), mode='multiply')
    c.vignette(0.2)
    save_jpg(c.image(), path)


# ========================================================================================
# tickets


def tram(path):
    W, H = 1200, 600
    c = Canvas(W, H, 3, seed=281)
    rng = np.random.default_rng(282)
    c.paint(c.full(), lin([(0, (170, 208, 226)), (0.65, (214, 234, 238)), (1, (232, 242, 240))], (0, 0), (0, 440)))
    c.paint(c.full(), rad([(0, (40, 36, 20)), (1, (0, 0, 0))], (980, 80), 420), mode='add')
    for col, hmin, hmax, wmin, seed in (((190, 216, 222), 100, 230, 50, 1), ((160, 196, 206), 50, 150, 40, 2)):
        m = c.mask()
        x = -20
        r2 = np.random.default_rng(seed)
        while x < W:
            w = r2.uniform(wmin, wmin * 2.2)
            hgt = r2.uniform(hmin, hmax)
            c.rect(x, 440 - hgt, x + w, 442, m=m)
            x += w + r2.uniform(0, 14)
        c.paint(m, col)
    trees = c.ellipses([(x, 420 - rng.uniform(0, 20), rng.uniform(26, 44)) for x in np.arange(-10, W + 20, 46)])
    c.paint(trees, lin([(0, (112, 170, 160)), (1, (82, 140, 136))], (0, 370), (0, 440)))
    # platform, track bed, rails
    c.paint(c.rect(0, 440, W, 470), (218, 226, 226))
    c.paint(c.rect(0, 462, W, 468), (250, 250, 246))
    c.paint(c.rect(0, 470, W, 484), (164, 178, 184))
    c.paint(c.rect(0, 484, W, H), lin([(0, (104, 124, 134)), (1, (76, 94, 106))], (0, 484), (0, H)))
    sl = c.lines([[(x, 548), (x - 14, 590)] for x in range(0, W + 20, 34)], 6)
    c.paint(sl, (70, 84, 94), 0.6)
    c.paint(c.lines([[(0, 552), (W, 552)], [(0, 584), (W, 584)]], 3.5), (196, 206, 212))
    # overhead wire and poles
    c.paint(c.line([(0, 118), (W, 118)], 1.6), (50, 70, 80))
    for px in (90, 1150):
        c.paint(c.rect(px - 4, 100, px + 4, 470), (80, 100, 112))
        c.paint(c.line([(px, 110), (px + (60 if px < 600 else -60), 118)], 2), (80, 100, 112))
    # shelter and stop sign on the left
    c.paint(c.rect(40, 300, 300, 312), (64, 96, 112))
    c.paint(c.rect(50, 312, 290, 440), (190, 226, 232), 0.45)
    c.paint(c.lines([[(50, 312), (50, 440)], [(290, 312), (290, 440)], [(170, 312), (170, 440)]], 4), (90, 118, 130))
    c.paint(c.rect(80, 400, 260, 408), (90, 118, 130))
    c.paint(c.rect(20, 240, 25, 470), (80, 100, 112))
    c.paint(c.ellipse(22.5, 236, 20), (30, 120, 140))
    c.paint(c.ring(22.5, 236, 16, 12), (255, 255, 255))
    # tram
    ty0, ty1 = 250, 548
    x0 = 330
    c.paint(c.rect(x0, ty1 - 4, W, ty1 + 12), (30, 40, 50), 0.5, blur=6)
    body = c.poly(spline([(x0 + 10, ty1), (x0 - 4, 470), (x0, 380), (x0 + 24, 300), (x0 + 70, ty0 + 4)], False, 10) + [(x0 + 90, ty0), (W + 20, ty0), (W + 20, ty1)])
    c.paint(body, lin([(0, (240, 246, 248)), (1, (214, 226, 232))], (0, ty0), (0, 440)))
    lower = c.both(body, c.rect(0, 440, W + 20, ty1))
    c.paint(lower, lin([(0, (36, 108, 160)), (1, (26, 76, 120))], (0, 440), (0, ty1)))
    c.paint(c.both(body, c.rect(0, 430, W + 20, 440)), (28, 164, 170))
    c.paint(c.both(body, c.rect(0, ty1 - 10, W + 20, ty1)), (20, 44, 66))
    # windows
    glass = (38, 72, 90)
    win = c.mask()
    c.poly(spline([(x0 + 8, 400), (x0 + 12, 340), (x0 + 40, 292), (x0 + 80, 272)], False, 8) + [(x0 + 130, 272), (x0 + 130, 400)], m=win)
    for wx in list(range(x0 + 150, W + 40, 104)):
        c.rrect(wx, 290, wx + 86, 392, 8, m=win)
    doors = (560, 840, 1120)
    for dx_ in doors:
        c.rect(dx_ - 40, 282, dx_ + 40, 530, m=win, v=0)
    c.paint(c.both(win, body), lin([(0, (56, 96, 114)), (1, glass)], (0, 280), (0, 400)))
    refl = c.mask()
    for k in range(0, W, 180):
        c.poly([(k, 400), (k + 40, 400), (k + 120, 280), (k + 80, 280)], m=refl)
    c.paint(c.both(refl, win), (255, 255, 255), 0.1)
    # doors
    dm = c.mask()
    for dx_ in doors:
        dr = c.rect(dx_ - 38, 284, dx_ + 38, ty1 - 12)
        c.paint(dr, (226, 236, 240))
        for s_ in (-1, 1):
            c.paint(c.rrect(dx_ + (4 if s_ > 0 else -32), 298, dx_ + (32 if s_ > 0 else -4), 490, 5), lin([(0, (60, 100, 118)), (1, glass)], (0, 298), (0, 490)))
        c.line([(dx_, 284), (dx_, ty1 - 12)], 2, m=dm)
        c.rect(dx_ - 40, 284, dx_ + 40, 286, m=dm)
    c.paint(dm, (60, 80, 90))
    # articulation joints
    for jx in (700, 980):
        c.paint(c.rect(jx - 7, ty0 + 4, jx + 7, ty1), (40, 54, 64))
        c.paint(c.lines([[(jx - 7, y), (jx + 7, y)] for y in range(ty0 + 10, ty1, 8)], 1.2), (80, 96, 106), 0.8)
    # front details: headlight and a blank route display
    c.paint(c.ellipse(x0 + 16, 486, 8, 5), (255, 252, 230))
    c.paint(c.ellipse(x0 + 10, 486, 30, 18), (255, 250, 210), 0.5, blur=8, mode='add')
    c.paint(c.rrect(x0 + 70, 258, x0 + 140, 270, 3), (30, 40, 46))
    c.paint(c.rect(x0 + 76, 262, x0 + 134, 266), (255, 190, 90), 0.7)
    # roof equipment and the pantograph
    c.paint(c.rrect(600, 232, 760, 252, 6), (190, 204, 210))
    c.paint(c.rrect(880, 236, 960, 252, 6), (190, 204, 210))
    pg = c.mask()
    c.line([(630, 234), (700, 176), (660, 124)], 3, m=pg)
    c.line([(730, 234), (700, 176)], 3, m=pg)
    c.line([(628, 121), (694, 121)], 4, m=pg)
    c.paint(pg, (50, 62, 72))
    c.bevel(body, 1.5, (255, 255, 255), (0, 0, 0), 0.5, 0.0, 0.6, ang=-90)
    c.vignette(0.08)
    save_jpg(c.image(), path)



def thanks(path):
    S, ss = 400, 4
    c = Canvas(S, S, ss)
    cm = c.ellipse(200, 200, 184)
    c.paint(cm, lin([(0, (70, 196, 120)), (1, (30, 150, 88))], (120, 40), (280, 360)))
    ck = c.line([(112, 206), (172, 264), (290, 140)], 34)
    # soft inner shadow of the check for a little depth
    c.paint(c.both(c.shift(ck, 0, 4), cm), (0, 70, 30), 0.18, blur=3)
    c.paint(ck, (255, 255, 255))
    a = c.a
    alpha = np.asarray(cm, np.float32)
    # premultiply, downsample, unpremultiply
    ch = []
    for k in range(3):
        ch.append(np.asarray(Image.fromarray(np.ascontiguousarray(a[..., k] * alpha / 255), 'F').resize((S, S), Image.LANCZOS)))
    al = np.asarray(Image.fromarray(alpha, 'F').resize((S, S), Image.LANCZOS))
    al = np.clip(al, 0, 255)
    rgb = np.stack(ch, -1) / np.maximum(al[..., None], 1e-3) * 255
    rgb = np.where(al[..., None] > 0.5, rgb, np.array([40, 160, 96], np.float32))
    out = np.dstack([np.clip(rgb + 0.5, 0, 255), np.clip(al + 0.5, 0, 255)]).astype(np.uint8)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    Image.fromarray(out, 'RGBA').save(path, 'PNG', optimize=True)


# ========================================================================================

JOBS = {}


def job(name, folder, fn, ext='jpg'):
    JOBS[name] = (os.path.join(folder, name + '.' + ext), fn)


def register():
    for name, fn in (('harbour', harbour), ('galleries', galleries), ('garden', garden), ('maritime', maritime),
                     ('instruments', instruments), ('photography', photography), ('sextant', sextant_pic),
                     ('ship-in-bottle', ship_in_bottle), ('chronometer', chronometer), ('compass', compass_pic),
                     ('harbour-1890', harbour_1890), ('lighthouse', lighthouse)):
        job(name, MUSEUM, fn)
    job('floor-plan', MUSEUM, floor_plan, 'png')
    for name, fn in (('espresso', espresso), ('cappuccino', cappuccino), ('latte', latte), ('green-tea', green_tea),
                     ('croissant', croissant), ('cinnamon-bun', cinnamon_bun), ('lemon-cake', lemon_cake), ('counter', counter)):
        job(name, CAFE, fn)
    job('tram', TICKETS, tram)
    job('thanks', TICKETS, thanks, 'png')


def main(argv):
    register()
    names = argv or list(JOBS)
    for n in names:
        if n not in JOBS:
            sys.exit('unknown picture: %s (known: %s)' % (n, ', '.join(JOBS)))
    for n in names:
        path, fn = JOBS[n]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fn(path)
    print('%-52s %11s %9s' % ('file', 'pixels', 'bytes'))
    for n in names:
        path = JOBS[n][0]
        with Image.open(path) as im:
            print('%-52s %11s %9d' % (os.path.relpath(path, ROOT), '%dx%d' % im.size, os.path.getsize(path)))


if __name__ == '__main__':
    main(sys.argv[1:])
