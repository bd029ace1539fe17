#!/usr/bin/env python3
"""Guest side of the input system test: a virtual touchscreen, mouse or keyboard through /dev/uinput.

Runs in the test guest (python3-libevdev), copied there through the 9p share, not baked into
the image. Usage: uinput-device.py PLAN.json, where the plan is

  {"device": "touch" | "mouse" | "keyboard" | "headset", "ready": "/tmp/x.ready", "go": "/tmp/x.go" (optional),
   "done": "/tmp/x.done" (optional: after the steps, wait for it before destroying the device),
   "steps": [["frame", [{"slot": 0, "id": 12, "x": 1024, "y": 2048}, ...]],
             ["sleep", 0.05], ["wait", "/tmp/x.next"], ["rel", dx, dy], ["button", 1|0],
             ["key", 15, 1|0], ["switch", 1|0], ["destroy"]]}

The touchscreen is what udev classifies as one (research/input.md §3): INPUT_PROP_DIRECT,
BTN_TOUCH, ABS_X/Y and ABS_MT_SLOT/TRACKING_ID/POSITION_X/Y, 4096 units per axis with a
resolution of 16 and 26 units/mm (so ID_INPUT_TOUCHSCREEN and a size are set), 10 slots,
vendor 0x1234 product 0x5678. The keyboard is a USB one as udev classifies it (ID_INPUT_KEYBOARD:
every key from KEY_ESC to KEY_KPDOT and the navigation block, as make-keyboard-recordings.py
describes a full-size keyboard) with EV_REP, so the kernel adds its own repeats (value 2) to a held
key as it does for a real one; vendor 0x1234 product 0x4b42. A "key" step writes one EV_KEY
event (an evdev code from linux/input-event-codes.h, 1 pressed or 0 released) and SYN_REPORT:
the test spells out Shift around a capital. The headset is a headphone jack as a sound card's
driver reports one (an HDA codec's "… Headphone" device): EV_SW with SW_HEADPHONE_INSERT only, the
switch open at creation; a "switch" step writes SW_HEADPHONE_INSERT (1 plugged in, 0 pulled out)
and SYN_REPORT, and prints the guest's time.monotonic() at the write (`step switch 1 at 812.345`),
the clock alsa_capture.py stamps its blocks with. Each "frame" step writes protocol-B events for the slots it names
(a missing "id" keeps the contact, -1 lifts it), BTN_TOUCH when the first contact lands or the
last lifts, ABS_X/Y for the lowest active slot, then SYN_REPORT. The device is created, udev is
let settle, the ready file is written, the go file (if any) awaited, the steps played, and the
device destroyed on "destroy" or at the end — once the done file (if any) exists: the test
writes it when Vitrine has printed the last frame, because the kernel drops a destroyed
device's unread events, and a fixed pause loses them when a loaded host delays the reader. A
"wait" step waits (up to 120 s) for its file, which the test writes once the screen shows what
the steps before it did: no fixed pause between gestures.
"""
import json
import os
import subprocess
import sys
import time

import libevdev

NAME = {"touch": "vitrine-test-touch", "mouse": "vitrine-test-mouse", "keyboard": "vitrine-test-keyboard",
        "headset": "vitrine-test-headset"}
# The keys a full-size keyboard declares: KEY_ESC (1) to KEY_KPDOT (83) and the navigation block.
KEYBOARD_CODES = list(range(1, 84)) + [87, 88, 96, 97, 98, 99, 100, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 119, 125]


def make_touch(name=NAME["touch"], vendor=0x1234, product=0x5678):
    dev = libevdev.Device()
    dev.name = name
    dev.id = {"bustype": 0x06, "vendor": vendor, "product": product, "version": 1}
    dev.enable(libevdev.INPUT_PROP_DIRECT)
    dev.enable(libevdev.EV_KEY.BTN_TOUCH)
    for code, resolution in ((libevdev.EV_ABS.ABS_X, 16), (libevdev.EV_ABS.ABS_Y, 26),
                             (libevdev.EV_ABS.ABS_MT_POSITION_X, 16), (libevdev.EV_ABS.ABS_MT_POSITION_Y, 26)):
        dev.enable(code, libevdev.InputAbsInfo(minimum=0, maximum=4095, resolution=resolution))
    dev.enable(libevdev.EV_ABS.ABS_MT_SLOT, libevdev.InputAbsInfo(minimum=0, maximum=9))
    dev.enable(libevdev.EV_ABS.ABS_MT_TRACKING_ID, libevdev.InputAbsInfo(minimum=0, maximum=65535))
    return dev


def make_mouse():
    dev = libevdev.Device()
    dev.name = NAME["mouse"]
    dev.id = {"bustype": 0x03, "vendor": 0x1234, "product": 0x9abc, "version": 1}
    for code in (libevdev.EV_REL.REL_X, libevdev.EV_REL.REL_Y, libevdev.EV_KEY.BTN_LEFT, libevdev.EV_KEY.BTN_RIGHT):
        dev.enable(code)
    return dev


def make_keyboard():
    dev = libevdev.Device()
    dev.name = NAME["keyboard"]
    dev.id = {"bustype": 0x03, "vendor": 0x1234, "product": 0x4b42, "version": 1}
    for code in KEYBOARD_CODES:
        dev.enable(libevdev.evbit(1, code))
    # EV_REP: the kernel repeats a held key itself (value 2), which libinput drops.
    dev.enable(libevdev.EV_REP.REP_DELAY, 250)
    dev.enable(libevdev.EV_REP.REP_PERIOD, 33)
    return dev


def make_headset():
    dev = libevdev.Device()
    dev.name = NAME["headset"]
    dev.id = {"bustype": 0x06, "vendor": 0x1234, "product": 0x4a4b, "version": 1}
    dev.enable(libevdev.EV_SW.SW_HEADPHONE_INSERT)
    return dev


class Touchscreen:
    def __init__(self, uinput):
        self.uinput = uinput
        self.active = {}  # slot -> (x, y)

    def frame(self, slots):
        was_touching = bool(self.active)
        events = []
        for s in slots:
            slot = s["slot"]
            events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_SLOT, slot))
            if "id" in s:
                events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_TRACKING_ID, s["id"]))
                if s["id"] < 0:
                    self.active.pop(slot, None)
                    continue
            x, y = self.active.get(slot, (0, 0))
            if "x" in s:
                x = s["x"]
                events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_X, x))
            if "y" in s:
                y = s["y"]
                events.append(libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_Y, y))
            self.active[slot] = (x, y)
        if self.active and not was_touching:
            events.append(libevdev.InputEvent(libevdev.EV_KEY.BTN_TOUCH, 1))
        if was_touching and not self.active:
            events.append(libevdev.InputEvent(libevdev.EV_KEY.BTN_TOUCH, 0))
        if self.active:
            x, y = self.active[min(self.active)]
            events += [libevdev.InputEvent(libevdev.EV_ABS.ABS_X, x), libevdev.InputEvent(libevdev.EV_ABS.ABS_Y, y)]
        events.append(libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0))
        self.uinput.send_events(events)


def main(path):
    plan = json.load(open(path))
    kind = plan["device"]
    uinput = {"touch": make_touch, "mouse": make_mouse, "keyboard": make_keyboard, "headset": make_headset}[kind]().create_uinput_device()
    subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
    print(f"created {NAME[kind]} at {uinput.devnode}", flush=True)
    with open(plan["ready"], "w") as f:
        f.write(uinput.devnode + "\n")
    go = plan.get("go")
    deadline = time.time() + 120
    while go and not os.path.exists(go):
        if time.time() > deadline:
            sys.exit("uinput-device: nobody said go")
        time.sleep(0.05)
    touch = Touchscreen(uinput) if kind == "touch" else None
    for step in plan["steps"]:
        action = step[0]
        if action == "frame":
            touch.frame(step[1])
        elif action == "sleep":
            time.sleep(step[1])
        elif action == "wait":
            deadline = time.time() + 120
            while not os.path.exists(step[1]):
                if time.time() > deadline:
                    sys.exit(f"uinput-device: nobody wrote {step[1]}")
                time.sleep(0.05)
        elif action == "rel":
            uinput.send_events([libevdev.InputEvent(libevdev.EV_REL.REL_X, step[1]), libevdev.InputEvent(libevdev.EV_REL.REL_Y, step[2]),
                                libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        elif action == "button":
            uinput.send_events([libevdev.InputEvent(libevdev.EV_KEY.BTN_LEFT, step[1]), libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        elif action == "key":
            uinput.send_events([libevdev.InputEvent(libevdev.evbit(1, step[1]), step[2]), libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        elif action == "switch":
            uinput.send_events([libevdev.InputEvent(libevdev.EV_SW.SW_HEADPHONE_INSERT, step[1]),
                                libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
            print(f"step switch {step[1]} at {time.monotonic():.3f}", flush=True)
            continue
        elif action == "destroy":
            break
        print(f"step {action} done", flush=True)
    done = plan.get("done")
    deadline = time.time() + 120
    while done and not os.path.exists(done) and time.time() < deadline:
        time.sleep(0.05)
    del uinput  # UI_DEV_DESTROY: the kernel removes the device, udev says "remove"
    print("destroyed", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
