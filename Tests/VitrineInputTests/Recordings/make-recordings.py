#!/usr/bin/env python3
"""Writes the touch recordings the replay tests use, in `libinput record` version-1 format.

The devices are described the way `libinput record` prints real ones: an ELAN-style USB panel
(10 slots, palm tool type, 4096 units per axis, 16 and 26 units/mm) and a resistive single-touch
controller (ABS_X/ABS_Y + BTN_TOUCH, no resolution). Events are protocol-B frames as the kernel
sends them at 125 Hz (one SYN_REPORT every 8 ms). Run it from this folder to regenerate; the
malformed and truncated files are written from the good ones and then damaged on purpose.
"""
import os

NAMES = {(0, 0): "SYN_REPORT", (1, 330): "BTN_TOUCH", (3, 0): "ABS_X", (3, 1): "ABS_Y", (3, 47): "ABS_MT_SLOT",
         (3, 53): "ABS_MT_POSITION_X", (3, 54): "ABS_MT_POSITION_Y", (3, 55): "ABS_MT_TOOL_TYPE", (3, 57): "ABS_MT_TRACKING_ID"}
TYPES = {0: "EV_SYN", 1: "EV_KEY", 3: "EV_ABS"}

ELAN = {
    "name": "ELAN Touchscreen", "id": [3, 1267, 10498, 273], "node": "/dev/input/event5",
    "codes": {0: [0, 1, 2, 3, 4], 1: [330], 3: [0, 1, 47, 53, 54, 55, 57]},
    "absinfo": {0: [0, 4095, 0, 0, 16], 1: [0, 4095, 0, 0, 26], 47: [0, 9, 0, 0, 0], 53: [0, 4095, 0, 0, 16],
                54: [0, 4095, 0, 0, 26], 55: [0, 2, 0, 0, 0], 57: [0, 65535, 0, 0, 0]},
    "properties": [1],
    "udev": ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1", "ID_INPUT_WIDTH_MM=255", "ID_INPUT_HEIGHT_MM=157", "ID_SERIAL=ELAN_Touchscreen"],
}
RESISTIVE = {
    "name": "eGalax Inc. USB TouchController", "id": [3, 3823, 1, 256], "node": "/dev/input/event3",
    "codes": {0: [0, 1, 3], 1: [330], 3: [0, 1]},
    "absinfo": {0: [0, 2047, 0, 0, 0], 1: [0, 2047, 0, 0, 0]},
    "properties": [1],
    "udev": ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"],
}


def header(device):
    lines = ["version: 1", "ndevices: 1", "libinput:", "  version: \"1.22.1\"", "system:",
             "  os: \"debian:12\"", "  kernel: \"6.1.0-18-amd64\"", "  dmi: \"dmi:bvnSeaBIOS:bvr1.16.2-debian-1.16.2-1:pnStandardPC\"",
             "devices:", f"- node: {device['node']}", "  evdev:", f"    # Name: {device['name']}",
             f"    name: \"{device['name']}\"", f"    id: {device['id']}".replace("'", ""), "    codes:"]
    for t, codes in device["codes"].items():
        lines.append(f"      {t}: {codes} # {TYPES[t]}")
    lines.append("    absinfo:")
    for code, info in device["absinfo"].items():
        lines.append(f"      {code}: {info}")
    lines += [f"    properties: {device['properties']}", "  hid: []", "  udev:", "    properties:"]
    lines += [f"    - {p}" for p in device["udev"]]
    lines += ["  quirks:", "  events:"]
    return lines


def event_line(t_us, etype, code, value):
    sec, usec = divmod(t_us, 1_000_000)
    name = NAMES.get((etype, code), str(code))
    comment = f"# {TYPES[etype]} / {name:<22} {value:6}" if etype else "# ------------ SYN_REPORT (0) ----------"
    return f"    - [{sec:3}, {usec:6}, {etype:3}, {code:3}, {value:5}] {comment}"


class Recording:
    def __init__(self, device):
        self.device = device
        self.lines = header(device)
        self.frame = []
        self.time = 0

    def ev(self, etype, code, value):
        self.frame.append((etype, code, value))
        return self

    def syn(self, after_ms=8):
        self.lines.append("  - evdev:")
        for e in self.frame + [(0, 0, 0)]:
            self.lines.append(event_line(self.time, *e))
        self.frame = []
        self.time += after_ms * 1000
        return self

    # protocol B helpers
    def slot(self, n):
        return self.ev(3, 47, n)

    def down(self, slot, tid, x, y, tool=None):
        self.slot(slot).ev(3, 57, tid)
        if tool is not None:
            self.ev(3, 55, tool)
        return self.ev(3, 53, x).ev(3, 54, y)

    def move(self, slot, x=None, y=None):
        self.slot(slot)
        if x is not None:
            self.ev(3, 53, x)
        if y is not None:
            self.ev(3, 54, y)
        return self

    def up(self, slot):
        return self.slot(slot).ev(3, 57, -1)

    def write(self, name, damage=None):
        text = "\n".join(self.lines) + "\n"
        if damage:
            text = damage(text)
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name), "w") as f:
            f.write(text)


def one_finger_drag():
    r = Recording(ELAN)
    r.down(0, 100, 1024, 2048).ev(1, 330, 1).ev(3, 0, 1024).ev(3, 1, 2048).syn()
    for step in range(1, 11):
        r.move(0, x=1024 + 64 * step).ev(3, 0, 1024 + 64 * step).syn()
    r.up(0).ev(1, 330, 0).syn()
    return r


def two_fingers():
    r = Recording(ELAN)
    r.down(0, 200, 1600, 2048).down(1, 201, 2400, 2048).ev(1, 330, 1).ev(3, 0, 1600).ev(3, 1, 2048).syn()
    for step in range(1, 6):
        r.move(0, x=1600 - 96 * step).move(1, x=2400 + 96 * step).ev(3, 0, 1600 - 96 * step).syn()
    r.up(0).syn()
    r.move(1, y=2112).syn()
    r.up(1).ev(1, 330, 0).syn()
    return r


def fast_flick():
    r = Recording(ELAN)
    r.down(0, 300, 3584, 1024).ev(1, 330, 1).ev(3, 0, 3584).ev(3, 1, 1024).syn()
    x = 3584
    for dx in (-80, -240, -480, -640, -720):
        x += dx
        r.move(0, x=x).ev(3, 0, x).syn()
    r.up(0).ev(1, 330, 0).syn()
    return r


def palm_cancel():
    r = Recording(ELAN)
    r.down(0, 400, 2048, 2048, tool=0).ev(1, 330, 1).ev(3, 0, 2048).ev(3, 1, 2048).syn()
    r.move(0, x=2112).ev(3, 0, 2112).syn()
    r.slot(0).ev(3, 55, 2).ev(3, 53, 2176).ev(3, 0, 2176).syn()  # the finger becomes a palm: cancelled
    r.move(0, x=2240).ev(3, 0, 2240).syn()  # a palm's motion: ignored
    r.up(0).ev(1, 330, 0).syn(after_ms=40)
    r.down(1, 401, 512, 512, tool=2).ev(1, 330, 1).ev(3, 0, 512).ev(3, 1, 512).syn()  # starts as a palm: never begins
    r.up(1).ev(1, 330, 0).syn(after_ms=40)
    r.down(2, 402, 1024, 1024, tool=0).ev(1, 330, 1).ev(3, 0, 1024).ev(3, 1, 1024).syn()  # a finger again
    r.up(2).ev(1, 330, 0).syn()
    return r


def five_fingers():
    r = Recording(ELAN)
    xs = [512, 1280, 2048, 2816, 3584]
    for i, x in enumerate(xs):
        r.down(i, 500 + i, x, 3072)
        if i == 0:
            r.ev(1, 330, 1).ev(3, 0, x).ev(3, 1, 3072)
        r.syn()
    for step in range(1, 4):
        for i, x in enumerate(xs):
            r.move(i, y=3072 - 256 * step)
        r.ev(3, 1, 3072 - 256 * step).syn()
    for i in reversed(range(5)):
        r.up(i)
        if i == 0:
            r.ev(1, 330, 0)
        r.syn()
    return r


def single_touch():
    r = Recording(RESISTIVE)
    r.ev(3, 0, 512).ev(3, 1, 1024).ev(1, 330, 1).syn(after_ms=10)
    r.ev(3, 0, 640).syn(after_ms=10)
    r.ev(3, 1, 1152).syn(after_ms=10)
    r.ev(1, 330, 0).syn()
    return r


def slot_out_of_range():
    r = Recording(ELAN)
    r.down(0, 600, 1024, 1024).ev(1, 330, 1).ev(3, 0, 1024).ev(3, 1, 1024).syn()
    r.slot(12).ev(3, 53, 1088).ev(3, 0, 1088).syn()  # no slot 12 on a 10-slot device: the position lands in slot 0
    r.up(0).ev(1, 330, 0).syn()
    return r


def tracking_id_reused():
    r = Recording(ELAN)
    r.down(0, 700, 1024, 1024).ev(1, 330, 1).ev(3, 0, 1024).ev(3, 1, 1024).syn()
    r.slot(0).ev(3, 57, 701).ev(3, 53, 1536).ev(3, 0, 1536).syn()  # a new id without a -1 first
    r.move(0, x=1600).ev(3, 0, 1600).syn()
    r.up(0).ev(1, 330, 0).syn()
    return r


def truncate_after_last_syn(text):
    # Drop the final SYN_REPORT: the recording stopped in the middle of a frame.
    lines = text.rstrip("\n").split("\n")
    assert "SYN_REPORT" in lines[-1]
    return "\n".join(lines[:-1]) + "\n"


def cut_mid_line(text):
    # The file ends in the middle of an event, as when a copy is interrupted.
    lines = text.split("\n")
    index = max(i for i, line in enumerate(lines) if "ABS_MT_POSITION_X" in line)
    return "\n".join(lines[:index]) + "\n" + lines[index][:18]


def malformed_event(text):
    # One event with four numbers instead of five.
    return text.replace("[  0,  16000,   3,  53,  1152]", "[  0,  16000,   3,  53]", 1)


if __name__ == "__main__":
    one_finger_drag().write("one-finger-drag.yml")
    two_fingers().write("two-fingers.yml")
    fast_flick().write("fast-flick.yml")
    palm_cancel().write("palm-cancel.yml")
    five_fingers().write("five-fingers.yml")
    single_touch().write("single-touch.yml")
    slot_out_of_range().write("slot-out-of-range.yml")
    tracking_id_reused().write("tracking-id-reused.yml")
    one_finger_drag().write("truncated-mid-frame.yml", truncate_after_last_syn)
    one_finger_drag().write("truncated-mid-line.yml", cut_mid_line)
    one_finger_drag().write("malformed-event.yml", malformed_event)
