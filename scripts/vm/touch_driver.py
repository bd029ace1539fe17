#!/usr/bin/env python3
"""Guest side of the calibration system test: a uinput touchscreen driven one command at a time.

Runs in the test guest (python3-libevdev), copied there through the 9p share with
uinput_device.py, whose protocol-B `Touchscreen` it reuses. Usage:

  touch_driver.py NAME VENDOR PRODUCT FIFO STATUS

creates a touchscreen like uinput_device.py's (4096 units per axis, 16 and 26 units/mm, so udev
tags ID_INPUT_TOUCHSCREEN and libinput reports 255.9x157.5 mm) with the given name and ids,
appends "ready <devnode>" to STATUS, then follows JSON commands written to FIFO, one per line:

  {"id": 3, "press": [x, y], "seconds": 0.6, "jitter": 1}  down at raw (x, y), moved every 20 ms
                                                           by ±jitter units, lifted after `seconds`
  {"id": 4, "recreate": true}                              destroy the device, create it again
  {"id": 5, "quit": true}

appending "done <id> <devnode>" to STATUS after each. Coordinates are raw sensor units: the test
applies its skew before sending them.
"""
import gc
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uinput_device import Touchscreen, make_touch  # noqa: E402


def make(name, vendor, product):
    dev = make_touch(name, vendor, product)
    uinput = dev.create_uinput_device()
    subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
    return uinput


def report(status, line):
    with open(status, "a") as f:
        f.write(line + "\n")


def press(touch, tracking, x, y, seconds, jitter):
    touch.frame([{"slot": 0, "id": tracking, "x": x, "y": y}])
    elapsed, step = 0.0, 0
    while elapsed + 0.02 <= seconds:
        time.sleep(0.02)
        elapsed += 0.02
        step += 1
        if jitter:
            offset = jitter if step % 2 else -jitter
            touch.frame([{"slot": 0, "x": max(0, min(4095, x + offset)), "y": max(0, min(4095, y - offset))}])
    time.sleep(max(0.0, seconds - elapsed))
    touch.frame([{"slot": 0, "id": -1}])


def main(name, vendor, product, fifo, status):
    vendor, product = int(vendor, 0), int(product, 0)
    uinput = make(name, vendor, product)
    touch = Touchscreen(uinput)
    report(status, f"ready {uinput.devnode}")
    commands = os.fdopen(os.open(fifo, os.O_RDWR), "r")  # read-write: never sees end of file
    tracking = 100
    for line in commands:
        if not line.strip():
            continue
        command = json.loads(line)
        if command.get("quit"):
            report(status, f"done {command['id']} {uinput.devnode}")
            break
        if command.get("recreate"):
            old = uinput.devnode
            del touch, uinput
            gc.collect()  # python-libevdev destroys the device (UI_DEV_DESTROY) when it is collected
            deadline = time.time() + 10
            while os.path.exists(old) and time.time() < deadline:
                time.sleep(0.05)
            subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)
            uinput = make(name, vendor, product)
            touch = Touchscreen(uinput)
        elif "press" in command:
            tracking += 1
            x, y = command["press"]
            press(touch, tracking, int(x), int(y), command.get("seconds", 0.6), command.get("jitter", 0))
        report(status, f"done {command['id']} {uinput.devnode}")


if __name__ == "__main__":
    main(*sys.argv[1:6])
