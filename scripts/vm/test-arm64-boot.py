#!/usr/bin/env python3
"""The arm64 package on an emulated arm64 machine (issue 30, item 3b). Run by hand, not in CI:
the emulated boot does not fit the CI step budget.

It boots Debian 13 arm64 (scripts/vm/build-image-arm64.sh) with qemu-system-aarch64 (`virt`
machine, Cortex-A72 as in a Raspberry Pi 4, TCG, virtio-gpu for DRM/KMS at 1280x800), and, one
PASS/FAIL line each:
- first boot: the guest is aarch64, and `apt-get install /mnt/host/vitrine_<version>_arm64.deb`
  (offline, from the 9p share: the image has its dependencies) installs the package, whose
  /usr/bin/vitrine is an AArch64 program, and enables vitrine.service without starting it;
- second boot, same disk: vitrine.service comes up on its own (Type=notify: READY) showing the
  kiosk, on virtio-gpu's connector at 1280x800;
- the screendump equals the headless render of the same config (the package's own
  /etc/vitrine/kiosk.json, drawn by the amd64 release binary on the host with `vitrine replay`),
  pixel for pixel: the first onboarding page;
- a uinput touchscreen (python3-libevdev in the guest) swipes left: through the guest's kernel,
  udev and libinput the kiosk pages on, and the screendump equals the replay of the same swipe;
- the arm64 binary's own headless renders of both pages, in the guest, equal the amd64 ones.
Durations (image, each boot, the install, the whole run) are printed as INFO lines; the
screendumps are written as PNG files to .build/arm64-boot/ and named.

  VITRINE_BINARY=.build/release/vitrine python3 scripts/vm/test-arm64-boot.py     (as root)

Env: VITRINE_BINARY    the amd64 release binary (static Swift runtime) for the headless renders
     VITRINE_ARM64_DEB the arm64 package [made by `scripts/arm64.sh --package-only`, 2-3 min, roots warm]
Needs qemu-system-arm (scripts/install-deps.sh --vm), root (mmdebstrap, arm64.sh). Costs, on a
two-core machine shared with a Swift build: the image once, about 14 minutes (cached in
~/.cache/vitrine-vm), the package 2-3 minutes (arm64.sh, its roots warm), then about 3
minutes a run: two boots of about 40 s each under TCG, the kiosk on screen a minute after QEMU
starts. Measured figures: Docs/testing.md.
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import (ROOT, Arm64Guest, Checks, Picture, build_image_arm64, log, release_binary, screen_matches,  # noqa: E402
                        swipe_script, swipe_steps)

WIDTH, HEIGHT = 1280, 800
OUT = os.path.join(ROOT, ".build", "arm64-boot")
# TCG emulating arm64 on a shared two-core host: every step is generous.
BOOT_TIMEOUT = 900
INSTALL_TIMEOUT = 1200
APT_INSTALL = "DEBIAN_FRONTEND=noninteractive apt-get install -y -q "


def timed(label, started, timings):
    took = time.time() - started
    timings.append((label, took))
    print(f"INFO arm64-boot: {label}: {took:.0f} s", flush=True)
    return took


def arm64_deb(timings):
    deb = os.environ.get("VITRINE_ARM64_DEB")
    if deb:
        return os.path.abspath(deb)
    started = time.time()
    result = subprocess.run([os.path.join(ROOT, "scripts", "arm64.sh"), "--package-only"], cwd=ROOT, check=True,
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ, VITRINE_BINARY=release_binary()))
    timed("arm64.sh --package-only", started, timings)
    return os.path.join(ROOT, result.stdout.strip().splitlines()[-1])


def service(guest, *properties):
    _, output = guest.run("systemctl show vitrine.service -p " + ",".join(properties))
    return dict(line.split("=", 1) for line in output.strip().splitlines() if "=" in line)


def wait_active(guest, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = service(guest, "ActiveState", "MainPID")
        if state.get("ActiveState") == "active" and int(state.get("MainPID", "0") or 0):
            return int(state["MainPID"])
        time.sleep(1)
    return None


def main():
    run_started = time.time()
    timings = []
    checks = Checks("arm64-boot")
    shutil.rmtree(OUT, ignore_errors=True)
    share = os.path.join(OUT, "share")
    os.makedirs(share)
    binary = release_binary()
    deb = arm64_deb(timings)
    if not os.path.isfile(deb):
        raise SystemExit(f"FAIL arm64-boot: no arm64 package at {deb}")
    architecture = subprocess.run(["dpkg-deb", "-f", deb, "Architecture"], check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
    if architecture != "arm64":
        raise SystemExit(f"FAIL arm64-boot: {deb} is for {architecture}, not arm64")
    shutil.copy(deb, share)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "uinput_device.py"), share)
    print(f"INFO arm64-boot: package {os.path.relpath(deb, ROOT)}", flush=True)

    # The expected screens: the package's own config, drawn headless by the amd64 release binary.
    packaged = os.path.join(OUT, "package")
    subprocess.run(["dpkg-deb", "-x", deb, packaged], check=True)
    config = os.path.join(packaged, "etc", "vitrine", "kiosk.json")
    swipe = swipe_script(1000, 400, 400)
    expected = {}
    for name, events in (("first-page", []), ("second-page", swipe)):
        with open(os.path.join(share, name + ".events.json"), "w") as f:
            json.dump(events, f)
        png = os.path.join(OUT, f"headless-{name}.png")
        subprocess.run([binary, "replay", "--scene", config, "--events", os.path.join(share, name + ".events.json"),
                        "--size", f"{WIDTH}x{HEIGHT}", "--screenshot", png], check=True, stdout=subprocess.DEVNULL)
        expected[name] = Picture.load_png(png)
    checks.check("the two headless pages differ (the swipe is seen)", expected["first-page"].differing_pixels(expected["second-page"]) > 0)

    started = time.time()
    image = build_image_arm64()
    timed(f"guest image {os.path.basename(image)} (built or found in the cache)", started, timings)

    guest = Arm64Guest(os.path.join(OUT, "guest"), image, share, size=(WIDTH, HEIGHT))
    try:
        # First boot: install the package as an integrator would on the board.
        started = time.time()
        guest.start(timeout=BOOT_TIMEOUT)
        timed("first boot, QEMU start to the agent", started, timings)
        _, machine = guest.run("uname -m; dpkg --print-architecture; uname -r")
        checks.check("the guest is an arm64 Debian", machine.split()[:2] == ["aarch64", "arm64"], " ".join(machine.split()))
        started = time.time()
        deb_in_guest = "/mnt/host/" + os.path.basename(deb)
        status, output = guest.run(APT_INSTALL + deb_in_guest, timeout=INSTALL_TIMEOUT)
        timed("apt-get install of the package", started, timings)
        log(output[-1500:])
        version = subprocess.run(["dpkg-deb", "-f", deb, "Version"], check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
        _, installed = guest.run("dpkg-query -W -f='${Status} ${Version} ${Architecture}' vitrine")
        checks.check(f"apt-get install {os.path.basename(deb)} in the offline guest", status == 0
                     and installed == f"install ok installed {version} arm64", f"exit {status}, {installed!r}")
        # ELF e_machine, two bytes at offset 18: 0xb7 is AArch64.
        _, machine = guest.run("od -An -tx1 -j18 -N2 /usr/bin/vitrine")
        checks.check("/usr/bin/vitrine is an AArch64 program", machine.split() == ["b7", "00"], f"e_machine {machine.strip()}")
        _, states = guest.run("systemctl is-enabled vitrine.service; systemctl is-active vitrine.service")
        checks.check("the package enabled vitrine.service without starting it", states.split() == ["enabled", "inactive"],
                     " ".join(states.split()))
        started = time.time()
        guest.power_off(timeout=600)
        timed("power-off", started, timings)

        # Second boot, same disk: nothing but the installed files brings the kiosk up.
        started = time.time()
        guest.start(timeout=BOOT_TIMEOUT, keep_disk=True)
        timed("second boot, QEMU start to the agent", started, timings)
        pid = wait_active(guest, BOOT_TIMEOUT)
        to_kiosk = timed("second boot, QEMU start to vitrine.service active", started, timings)
        state = service(guest, "ActiveState", "StatusText")
        checks.check("after boot vitrine.service is active (READY received) and shows the kiosk",
                     pid is not None and state.get("StatusText", "").startswith("showing the kiosk"), f"{state}, {to_kiosk:.0f} s")
        if pid is None:
            log(guest.run("systemctl status vitrine --no-pager -l; journalctl -b -u vitrine --no-pager | tail -40")[1])
            return checks.finish()
        # card0's device is the PCI function (virtio-pci); the virtio device under it is virtio_gpu's.
        _, drm = guest.run("for c in /sys/class/drm/card0-*; do echo \"$(basename $c) $(cat $c/status) $(head -n 1 $c/modes)\"; done; "
                           "for d in /sys/class/drm/card0/device/virtio*/driver; do echo \"driver $(basename $(readlink -f $d))\"; done; "
                           f"echo \"kiosk holds $(ls -l /proc/{pid}/fd | grep -o '/dev/dri/card0' | head -n 1)\"")
        lines = drm.strip().splitlines()
        checks.check("the kiosk holds card0, driven by virtio_gpu, its connector connected at 1280x800", "driver virtio_gpu" in lines
                     and "kiosk holds /dev/dri/card0" in lines
                     and any(line.split()[1:] == ["connected", f"{WIDTH}x{HEIGHT}"] for line in lines), " | ".join(lines))
        screen_matches(guest, expected["first-page"], "the screen equals the headless render of the package's config (first onboarding page)",
                       checks, timeout=120, dump="first-page", poll=1, png=os.path.join(OUT, "first-page.png"))
        timed("second boot, QEMU start to the first page on screen", started, timings)

        # Touch: a uinput touchscreen appears (hotplug) and swipes left.
        plan = {"device": "touch", "ready": "/tmp/touch.ready", "go": "/tmp/touch.go",
                "steps": swipe_steps(1000, 400, 400, WIDTH, HEIGHT) + [["sleep", 3600]]}
        with open(os.path.join(share, "swipe.json"), "w") as f:
            json.dump(plan, f)
        swiped = time.time()
        guest.spawn("python3 /mnt/host/uinput_device.py /mnt/host/swipe.json", "/tmp/touch.log")
        guest.wait_for("test -s /tmp/touch.ready", timeout=180, interval=1)
        guest.wait_for("journalctl -b -u vitrine --no-pager | grep -q 'input device added: vitrine-test-touch'", timeout=180, interval=1)
        guest.run("touch /tmp/touch.go")
        screen_matches(guest, expected["second-page"], "a uinput swipe pages the onboarding on (the screen equals the replay of the same swipe)",
                       checks, timeout=120, dump="second-page", poll=1, png=os.path.join(OUT, "second-page.png"))
        timed("the swipe, device created to the second page on screen", swiped, timings)

        # The arm64 binary's own headless renders, in the guest, against the amd64 ones.
        started = time.time()
        for name in ("first-page", "second-page"):
            status, output = guest.run(f"/usr/bin/vitrine replay --scene /etc/vitrine/kiosk.json --events /mnt/host/{name}.events.json "
                                       f"--size {WIDTH}x{HEIGHT} --screenshot /mnt/host/arm64-headless-{name}.png", timeout=900)
            rendered = os.path.join(share, f"arm64-headless-{name}.png")
            differing = Picture.load_png(rendered).differing_pixels(expected[name]) if status == 0 and os.path.exists(rendered) else None
            checks.check(f"the arm64 binary's headless render in the guest ({name}) equals the amd64 one", differing == 0,
                         f"exit {status}, {differing} pixels differ" if differing else f"exit {status}")
        timed("the arm64 headless renders in the guest", started, timings)
        _, journal = guest.run("journalctl -b -u vitrine --no-pager | tail -n 8")
        log(journal)
        started = time.time()
        guest.power_off(timeout=600)
        timed("power-off", started, timings)
    finally:
        guest.stop()
    timed("the whole run", run_started, timings)
    print("INFO arm64-boot: screendumps and renders in " + os.path.relpath(OUT, ROOT) + ": "
          + ", ".join(sorted(f for f in os.listdir(OUT) if f.endswith(".png"))), flush=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
