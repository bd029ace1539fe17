#!/usr/bin/env python3
"""Writes the `libinput record` files the scene replay tests play (run it from anywhere).

The device is the ELAN-style panel of Tests/VitrineInputTests/Recordings (0..4095 on both axes,
10 slots); events are protocol-B frames at 125 Hz. `flick-one-finger.yml` is a short flick left
across the middle of the screen; `flick-with-resting-finger.yml` is the same flick in slot 1
while slot 0 rests, unmoving, near the left edge from before the flick until after it: a
visitor's other hand on the glass. They must page the same way.
"""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("recordings", os.path.join(HERE, "..", "..", "VitrineInputTests", "Recordings", "make-recordings.py"))
base = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base)


class Here(base.Recording):
    def write(self, name, damage=None):
        with open(os.path.join(HERE, name), "w") as f:
            f.write("\n".join(self.lines) + "\n")


FLICK = [-64, -160, -240, -240, -160]  # device units per 8 ms frame: about 0.2 of the width in 40 ms


def flick(r, slot, tid, resting=None):
    x = 3200
    r.down(slot, tid, x, 2048)
    if resting is None:
        r.ev(1, 330, 1).ev(3, 0, x).ev(3, 1, 2048)
    r.syn()
    for dx in FLICK:
        x += dx
        r.move(slot, x=x)
        if resting is None:
            r.ev(3, 0, x)
        r.syn()
    r.up(slot)
    if resting is None:
        r.ev(1, 330, 0)
    r.syn()


one = Here(base.ELAN)
one.syn(200)  # nothing for 200 ms, as in the other file
flick(one, 0, 500)
one.write("flick-one-finger.yml")

two = Here(base.ELAN)
two.down(0, 400, 300, 3000).ev(1, 330, 1).ev(3, 0, 300).ev(3, 1, 3000).syn(200)
flick(two, 1, 401, resting=0)
two.syn(300)
two.up(0).ev(1, 330, 0).syn()
two.write("flick-with-resting-finger.yml")
