#!/usr/bin/env python3
"""Runs the QEMU system tests the way scripts/test.sh does: one guest image for the run, one
boot per group of tests that need no reboot between them, and groups side by side.

  scripts/vm/run-system-tests.py [--jobs N] [GROUP ...]     (default: every group, all at once)

Groups (each test is scripts/vm/test-<name>.py; run one by hand with `python3 test-<name>.py`,
which boots a guest of its own):

  devices   display, input, demo         real DRM, fbdev, uinput and libinput on one boot
  service   operations, doctor, calibrate, the installed kiosk (install.sh, systemd, the control
            speech                        socket, doctor, the calibration unit, speech through the
                                          unit's sandbox into snd-aloop) on one boot
  boot      boot                          the Debian package: install, reboot, upgrade, remove
                                          (its own disk and two boots)

Needs VITRINE_BINARY (the release binary, built once by scripts/test.sh) and, for `boot`,
VITRINE_DEB. The guest image is built (or found in the cache) once, before any group starts.
Each group runs in a process of its own; its lines are printed as they come, prefixed with the
group's name, and each test's and group's time is printed as an INFO line. Exits 1 when any
check failed.
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from vitrine_vm import Checks, Context, Guest, accelerator, build_image, log, make_share, release_binary  # noqa: E402

GROUPS = {
    "devices": ["display", "input", "demo"],
    "service": ["operations", "doctor", "calibrate", "speech"],
    "boot": ["boot"],
}

# What a test may leave running that the next test on the same boot must not meet: its own
# vitrine processes (the installed service is the service group's and stays), virtual devices,
# the touch driver, and test udev rules.
RESET = ("pkill -f 'uinput_devic[e].py|touch_drive[r].py|alsa_captur[e].py'; "
         "for p in $(pgrep -x vitrine); do [ \"$(ps -o user= -p $p | tr -d ' ')\" = vitrine ] || kill -TERM $p; done; "
         "sleep 1; rm -f /etc/udev/rules.d/6*-vitrine-test-*.rules /tmp/*.ready /tmp/*.go; udevadm control --reload; udevadm settle; true")


def load(name):
    spec = importlib.util.spec_from_file_location(f"test_{name}", os.path.join(HERE, f"test-{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_group(group):
    """Runs one group in this process; returns the exit status."""
    names = GROUPS[group]
    started = time.time()
    if names == ["boot"]:
        status = load("boot").main()
        print(f"INFO system tests: group boot took {time.time() - started:.0f} s", flush=True)
        return status
    modules = [load(name) for name in names]
    appends = {module.APPEND for module in modules if module.APPEND}
    if len(appends) > 1:
        raise SystemExit(f"group {group}: its tests ask for different kernel options {sorted(appends)}")
    work, share = make_share(group)
    contexts = [Context(name, os.path.join(work, name), share) for name in names]
    for module, context in zip(modules, contexts):
        module.prepare(context)
    failed = []
    with Guest(os.path.join(work, "guest"), build_image(), share, append=" ".join(appends)) as guest:
        log(f"group {group}: guest up after {time.time() - started:.0f} s ({accelerator()})")
        for module, context in zip(modules, contexts):
            test_started = time.time()
            checks = Checks(context.name)
            try:
                module.run(guest, checks, context)
            except Exception as error:  # a test that breaks still lets the next one run
                traceback.print_exc()
                checks.check("the test ran to its end", False, f"{type(error).__name__}: {error}")
            if checks.finish() != 0:
                failed.append(context.name)
            print(f"INFO system tests: {context.name} took {time.time() - test_started:.0f} s", flush=True)
            guest.run(RESET, timeout=60)
    print(f"INFO system tests: group {group} took {time.time() - started:.0f} s", flush=True)
    return 1 if failed else 0


def stream(group, process, statuses):
    for line in process.stdout:
        sys.stdout.write(f"[{group}] {line}")
        sys.stdout.flush()
    statuses[group] = process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("groups", nargs="*", help="groups to run (default: all)")
    parser.add_argument("--jobs", type=int, default=3, help="groups run at once [3: all]")
    parser.add_argument("--group", help=argparse.SUPPRESS)  # one group, in this process
    options = parser.parse_args()
    if options.group:
        return run_group(options.group)
    groups = options.groups or list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise SystemExit(f"unknown group(s) {unknown}; the groups are {list(GROUPS)}")
    release_binary()
    started = time.time()
    image = build_image()
    print(f"INFO system tests: guest image {os.path.basename(image)} ready in {time.time() - started:.0f} s; accelerator {accelerator()}", flush=True)
    statuses = {}
    pending = list(groups)
    running = []
    while pending or running:
        while pending and len(running) < options.jobs:
            group = pending.pop(0)
            process = subprocess.Popen([sys.executable, "-u", os.path.abspath(__file__), "--group", group], stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True)
            thread = threading.Thread(target=stream, args=(group, process, statuses))
            thread.start()
            running.append(thread)
        running[0].join(timeout=0.5)
        running = [t for t in running if t.is_alive()]
    failed = [g for g in groups if statuses.get(g) != 0]
    print(f"INFO system tests: {len(groups)} group(s) in {time.time() - started:.0f} s", flush=True)
    if failed:
        print(f"FAIL system tests: group(s) {', '.join(failed)}", flush=True)
        return 1
    print("PASS system tests: every group", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
