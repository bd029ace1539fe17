#!/usr/bin/env python3
"""QEMU system test for the components on a real display (issue 6).

Boots Debian 12 with the bochs DRM driver, starts `vitrine demo` on it with a uinput
touchscreen (python3-libevdev, uinput_device.py from the 9p share), and checks with screendumps,
printing one PASS/FAIL line each:
- the first onboarding page is on screen, equal to the headless render of the same screen;
- a uinput swipe left, through the real kernel, udev and libinput, moves the pager: the screen
  then equals the headless render of the second page;
- a swipe right brings the first page back (going back really goes back).
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import Picture, log, screen_matches, standalone, swipe_steps  # noqa: E402

VITRINE = "/mnt/host/vitrine"
WIDTH, HEIGHT = 1280, 800




TEST_NAME = "demo"
APPEND = "i8042.noaux"


def prepare(ctx):
    """The headless renders of the same screens, at the bochs mode's size."""
    renders = os.path.join(ctx.work, "headless")
    subprocess.run([ctx.binary, "demo", "--headless", "--out", renders, "--size", f"{WIDTH}x{HEIGHT}"], check=True, stdout=subprocess.DEVNULL)
    ctx.first = Picture.load_png(os.path.join(renders, "01-onboarding-1.png"))
    ctx.second = Picture.load_png(os.path.join(renders, "02-onboarding-2.png"))


def run(guest, checks, ctx):
    share, first, second = ctx.share, ctx.first, ctx.second
    plan = {"device": "touch", "ready": "/tmp/touch.ready", "go": "/tmp/touch.go",
            "steps": swipe_steps(1000, 400, 400, WIDTH, HEIGHT) + [["wait", "/tmp/touch.back"]] + swipe_steps(300, 900, 400, WIDTH, HEIGHT)
            + [["sleep", 600]]}
    with open(os.path.join(share, "swipes.json"), "w") as f:
        json.dump(plan, f)
    guest.spawn("python3 /mnt/host/uinput_device.py /mnt/host/swipes.json", "/tmp/touch.log")
    guest.wait_for("test -s /tmp/touch.ready", timeout=60)
    guest.spawn(f"{VITRINE} demo --seconds 300", "/tmp/demo.log")
    guest.wait_for("grep -q 'showing the kiosk' /tmp/demo.log", timeout=90)
    screen_matches(guest, first, "vitrine demo shows the first onboarding page on the bochs display", checks, timeout=60)
    # The swipe left; once the second page is on screen, the swipe right.
    guest.run("touch /tmp/touch.go")
    screen_matches(guest, second, "a uinput swipe left moves the pager to the second page", checks, timeout=60)
    guest.run("touch /tmp/touch.back")
    screen_matches(guest, first, "a swipe right brings the first page back", checks, timeout=60)
    status, output = guest.run("cat /tmp/demo.log")
    log(output[-800:])
    checks.check("the demo is still running", guest.run("pgrep -x vitrine")[0] == 0)


def main():
    return standalone(TEST_NAME, APPEND, prepare, run)


if __name__ == "__main__":
    sys.exit(main())
