#!/usr/bin/env python3
"""Writes the JSON touch scripts the component tests replay (run it after changing a gesture).

Each script is what a finger does, sampled every 8 ms like a touchscreen at 125 Hz, in screen
points of the 1280x800 demo. The helpers say it in words: `drag` moves in a straight line at
constant speed, `hold` keeps the finger still — a touchscreen sends nothing while nothing
changes, so it is a pause without events, after which the release velocity is zero (the
"still release" of the originals) — and `tap` lands and lifts in place.
"""
import json
import os

STEP = 8


class Finger:
    def __init__(self, contact=0, start=0):
        self.events = []
        self.t = start
        self.id = contact
        self.x = self.y = None

    def down(self, x, y):
        self.x, self.y = x, y
        self.events.append({"t": self.t, "id": self.id, "phase": "down", "x": x, "y": y})
        return self

    def drag(self, x, y, ms):
        steps = max(1, ms // STEP)
        x0, y0 = self.x, self.y
        for i in range(1, steps + 1):
            self.t += STEP
            self.x = round(x0 + (x - x0) * i / steps, 2)
            self.y = round(y0 + (y - y0) * i / steps, 2)
            self.events.append({"t": self.t, "id": self.id, "phase": "move", "x": self.x, "y": self.y})
        return self

    def hold(self, ms):
        self.t += ms
        return self

    def up(self):
        self.t += STEP
        self.events.append({"t": self.t, "id": self.id, "phase": "up"})
        return self

    def wait(self, ms):
        self.t += ms
        return self


def tap(finger, x, y):
    return finger.down(x, y).hold(40).up()


def write(name, *fingers):
    events = sorted((e for f in fingers for e in f.events), key=lambda e: e["t"])
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".json"), "w") as f:
        f.write("[\n" + ",\n".join("  " + json.dumps(e) for e in events) + "\n]\n")


# Onboarding pager (1280 pt wide).
write("pager-fast-short-flick", Finger().down(1000, 400).drag(800, 400, 150).up())
write("pager-slow-to-40-percent", Finger().down(1100, 400).drag(588, 400, 800).hold(120).up())
# 930 pt = 0.73 of the width (a pan starts counting once past its slop, about 20 pt in).
write("pager-past-66-percent", Finger().down(1200, 400).drag(270, 400, 500).drag(620, 400, 500).hold(120).up())
f = Finger().down(1000, 400).drag(500, 400, 300).up().wait(700)
write("pager-forward-then-back", f.down(300, 400).drag(900, 400, 300).up())
f = Finger()
for _ in range(3):
    f.down(1100, 400).drag(500, 400, 250).up().wait(700)
f.down(1100, 400).drag(400, 400, 250).up().wait(700)   # on the completed page: nothing
f.down(200, 400).drag(900, 400, 250).up().wait(700)    # backwards from it: disabled too
write("pager-to-completed-and-start", tap(f, 640, 370))
write("pager-catch-settling", Finger().down(1000, 400).drag(700, 400, 600).hold(120).up().wait(60).down(700, 400).drag(200, 400, 200).up())

# Split sheet, from the main screen (buttons: Show sheet at y 336, Details at 400).
write("split-tap-show", tap(Finger(), 640, 336))
# The sheet follows the finger from where the pan began (past the ~20 pt slop): 278 pt of travel
# leaves it about 256 pt up, 144 from the shown detent; 258 pt leaves it 164 away.
write("split-still-release-below-snap", Finger().down(640, 700).drag(640, 422, 600).hold(120).up())
write("split-still-release-above-snap", Finger().down(640, 700).drag(640, 442, 600).hold(120).up())
write("split-flick-skips-shown", Finger().down(640, 700).drag(640, 500, 60).up())
f = tap(Finger(), 640, 336).wait(900)
write("split-reverse-flick", f.down(640, 500).drag(640, 560, 40).drag(640, 300, 100).drag(640, 560, 60).up())
write("split-catch-mid-settle", tap(Finger(), 640, 336).wait(90).down(640, 640).drag(640, 560, 300).hold(120).up())
f = tap(Finger(), 640, 336).wait(900)
write("split-tap-hide-while-shown", tap(f, 640, 136))

# Content sheet: Details at (640, 400) presents it collapsed (400 pt tall, header at y 400–444).
f = tap(Finger(), 640, 400).wait(900)
write("content-present-and-touch-outside", f.down(640, 100).hold(40).up())
f = tap(Finger(), 640, 400).wait(900)
write("content-flick-up-expands", f.down(640, 420).drag(640, 250, 80).up())
f = tap(Finger(), 640, 400).wait(900).down(640, 420).drag(640, 250, 80).up().wait(900)
write("content-drag-down-from-expanded-collapses", f.down(640, 120).drag(640, 700, 150).up())
f = tap(Finger(), 640, 400).wait(900)
write("content-flick-down-dismisses", f.down(640, 420).drag(640, 560, 60).up())
f = tap(Finger(), 640, 400).wait(900)
write("content-slow-release-outer-third", f.down(640, 420).drag(640, 480, 600).hold(150).up())
f = tap(Finger(), 640, 400).wait(900)
write("content-nested-scroll-up", f.down(640, 760).drag(640, 160, 600).hold(120).up())
f = tap(Finger(), 640, 400).wait(900).down(640, 760).drag(640, 160, 600).hold(120).up().wait(600)
write("content-nested-scroll-down", f.down(640, 300).drag(640, 780, 500).hold(120).up())
f = tap(Finger(), 640, 400).wait(900)
write("content-tap-done", tap(f, 1232, 422))
