#!/usr/bin/env python3
"""Writes the keyboard recordings the key replay tests use, in `libinput record` version-1 format.

Devices are described as `libinput record --show-keycodes` prints USB keyboards (without
--show-keycodes libinput record writes every letter as KEY_A, to keep what was typed private):
EV_KEY codes, the LEDs, autorepeat (EV_REP), and before each key the HID usage as MSC_SCAN
(0x70000 + the usage, USB HID Usage Tables, page 7), each key event a frame of its own.

  keyboard-typing.yml  a person on a US keyboard: "Cafe 5" (Shift held for the C), Tab, Enter,
                       a key every 150 ms, each held 80 ms.
  keyboard-form.yml    a visitor at a kiosk with a keyboard and no touch: Tab (to the first field),
                       "Cafe 5", Tab (to the button after it), Enter; the same timing.
  scanner-burst.yml    a barcode scanner that is just a keyboard: "9780141036144" and Enter at
                       2 ms a character (pressed, released 1 ms later), then the same code again
                       1 s later.

Run it from this folder to regenerate; it shares the file layout of make-recordings.py.
"""
import importlib.util
import os

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_recordings", os.path.join(here, "make-recordings.py"))
base = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base)
base.TYPES.update({4: "EV_MSC", 17: "EV_LED", 20: "EV_REP"})

# evdev code (linux/input-event-codes.h) and HID usage (page 7) of each key typed here.
KEYS = {"1": (2, 30), "2": (3, 31), "3": (4, 32), "4": (5, 33), "5": (6, 34), "6": (7, 35), "7": (8, 36), "8": (9, 37),
        "9": (10, 38), "0": (11, 39), "q": (16, 20), "w": (17, 26), "e": (18, 8), "r": (19, 21), "t": (20, 23), "y": (21, 28),
        "u": (22, 24), "i": (23, 12), "o": (24, 18), "p": (25, 19), "a": (30, 4), "s": (31, 22), "d": (32, 7), "f": (33, 9),
        "g": (34, 10), "h": (35, 11), "j": (36, 13), "k": (37, 14), "l": (38, 15), "z": (44, 29), "x": (45, 27), "c": (46, 6),
        "v": (47, 25), "b": (48, 5), "n": (49, 17), "m": (50, 16), " ": (57, 44), "TAB": (15, 43), "ENTER": (28, 40),
        "LEFTSHIFT": (42, 225)}
NAMES = {" ": "KEY_SPACE", "TAB": "KEY_TAB", "ENTER": "KEY_ENTER", "LEFTSHIFT": "KEY_LEFTSHIFT"}
for key, (code, _) in KEYS.items():
    base.NAMES[(1, code)] = NAMES.get(key, "KEY_" + key.upper())
base.NAMES[(4, 4)] = "MSC_SCAN"

# The keys a full-size keyboard declares: KEY_ESC (1) to KEY_KPDOT (83) and the navigation block.
KEYBOARD_CODES = list(range(1, 84)) + [87, 88, 96, 97, 98, 99, 100, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 119, 125]

KEYBOARD = {
    "name": "Logitech USB Keyboard", "id": [3, 1133, 49948, 272], "node": "/dev/input/event4",
    "codes": {0: [0, 1, 4, 17, 20], 1: KEYBOARD_CODES, 4: [4], 17: [0, 1, 2], 20: [0, 1]},
    "absinfo": {},
    "properties": [],
    "udev": ["ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1", "ID_SERIAL=Logitech_USB_Keyboard"],
}
SCANNER = {
    "name": "USB Barcode Scanner", "id": [3, 3118, 2913, 256], "node": "/dev/input/event6",
    "codes": {0: [0, 1, 4, 17, 20], 1: KEYBOARD_CODES, 4: [4], 17: [0, 1, 2], 20: [0, 1]},
    "absinfo": {},
    "properties": [],
    "udev": ["ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1", "ID_SERIAL=USB_Barcode_Scanner"],
}


class KeyRecording(base.Recording):
    """A keyboard's frames: each key press or release is MSC_SCAN, EV_KEY and SYN_REPORT at `time`."""

    def key(self, name, value, at_us):
        code, usage = KEYS[name]
        self.time = at_us
        self.ev(4, 4, 0x70000 + usage).ev(1, code, value)
        self.lines.append("  - evdev:")
        for e in self.frame + [(0, 0, 0)]:
            self.lines.append(base.event_line(self.time, *e))
        self.frame = []
        return self


def cafe_tab_enter(r, t):
    """Types "Cafe 5" (Shift held for the C), Tab, Enter from `t`: a key every 150 ms, each held 80 ms."""
    r.key("LEFTSHIFT", 1, t)
    r.key("c", 1, t + 40_000).key("c", 0, t + 110_000)
    r.key("LEFTSHIFT", 0, t + 130_000)
    t += 150_000
    for name in ["a", "f", "e", " ", "5", "TAB", "ENTER"]:
        r.key(name, 1, t).key(name, 0, t + 80_000)
        t += 150_000
    return r


def keyboard_typing():
    return cafe_tab_enter(KeyRecording(KEYBOARD), 0)


def keyboard_form():
    r = KeyRecording(KEYBOARD)
    r.key("TAB", 1, 0).key("TAB", 0, 80_000)
    return cafe_tab_enter(r, 150_000)


def scanner_burst():
    r = KeyRecording(SCANNER)
    for start in (0, 1_000_000):
        t = start
        for name in list("9780141036144") + ["ENTER"]:
            r.key(name, 1, t).key(name, 0, t + 1_000)
            t += 2_000
    return r


if __name__ == "__main__":
    keyboard_typing().write("keyboard-typing.yml")
    keyboard_form().write("keyboard-form.yml")
    scanner_burst().write("scanner-burst.yml")
