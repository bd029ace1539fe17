#!/usr/bin/env python3
"""QEMU system test for `vitrine doctor` (issue 15): its lines on a real kernel, udev, systemd.

Installs the ticket machine (Examples/tickets) with scripts/install.sh in a Debian 12 guest on
the bochs DRM display, starts vitrine.service and adds a uinput touchscreen; then runs
`vitrine doctor` as root and as the service user (`runuser -u vitrine`) and prints every output:
- installed and running: every line `ok`, exit 0;
- `gpasswd -d vitrine input`: as vitrine, a `fail` naming the touchscreen's /dev/input/event*
  node and the fix `usermod -aG input vitrine`, exit 1; as root, a `warn` that vitrine is not in
  input (the unit's SupplementaryGroups= still gives it to the service), exit 0;
- a calibration file for the touchscreen: a `warn` with `udevadm trigger` until udev applied it,
  then `ok` (LIBINPUT_CALIBRATION_MATRIX through 70-vitrine-calibration.rules);
- the service stopped and `vitrine test-pattern` on the card: as root a `fail` naming the
  holder's pid and `test-pattern`, exit 1; as vitrine (which cannot see root's files) a `warn`
  that says to run as root;
- a config whose image is missing: a `fail` naming the field, exit 1;
- a CJK title with no CJK font in the guest: a `warn` naming the field and fonts-noto-cjk, exit 0.
No wall-clock assertion: the guest runs under TCG on a busy machine.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import log, standalone  # noqa: E402

BOOT_TIMEOUT = 240
VITRINE = "/usr/bin/vitrine"
MISSING_IMAGE = {"version": 2, "screens": {"home": {"title": "Lobby", "content": {"type": "image", "image": "images/gone.png"}}}}
CJK_TITLE = {"version": 2, "screens": {"home": {"title": "営業時間", "content": {"type": "text", "text": "Hours"}}}}


def doctor(guest, user=None, options=""):
    """`vitrine doctor` in the guest as root or `user`: (status, output), printed."""
    line = f"{VITRINE} doctor {options}".strip()
    if user:
        line = f"runuser -u {user} -- {line}"
    status, output = guest.run(line + " 2>&1", timeout=180)
    print(f"--- {line} (exit {status})\n{output.rstrip()}", flush=True)
    return status, output


def lines(output, level):
    return [l for l in output.splitlines() if l.startswith(level + " ")]


TEST_NAME = "doctor"
APPEND = "i8042.noaux"


def prepare(ctx):
    """A touchscreen that stays, and the two broken configs, in the share."""
    with open(os.path.join(ctx.share, "doctor-touch.json"), "w") as f:
        json.dump({"device": "touch", "ready": "/tmp/doctor-touch.ready", "steps": [["sleep", 3000]]}, f)
    for name, config in (("missing-image.json", MISSING_IMAGE), ("cjk-title.json", CJK_TITLE)):
        with open(os.path.join(ctx.share, name), "w") as f:
            json.dump(config, f, ensure_ascii=False)


def run(guest, checks, ctx):
    status, output = guest.run(
        "/mnt/host/repo/scripts/install.sh --binary /mnt/host/vitrine --config /mnt/host/repo/Examples/tickets/kiosk.json"
        " && systemctl start vitrine", timeout=400)
    log(output[-800:])
    checks.check("the ticket machine installs and its service starts", status == 0, f"exit {status}")
    guest.wait_for("systemctl show -p StatusText --value vitrine | grep -q 'showing the kiosk'", timeout=BOOT_TIMEOUT)
    guest.spawn("python3 /mnt/host/uinput_device.py /mnt/host/doctor-touch.json", "/tmp/doctor-touch.log")
    guest.wait_for("test -s /tmp/doctor-touch.ready", timeout=60)
    _, touch = guest.run("for e in /sys/class/input/event*; do grep -q 'vitrine-test-touch' $e/device/name 2>/dev/null && echo /dev/input/$(basename $e); done")
    touch = touch.strip().splitlines()[-1] if touch.strip() else "/dev/input/event?"
    log(f"uinput touchscreen: {touch}")

    # 1. Installed and running: all ok.
    for user in (None, "vitrine"):
        who = user or "root"
        status, output = doctor(guest, user)
        bad = lines(output, "warn") + lines(output, "fail")
        checks.check(f"as {who}, with the kiosk installed and running, every line is ok and the exit status 0",
                     status == 0 and not bad and len(lines(output, "ok")) >= 8, f"exit {status}; " + " | ".join(bad)[:600])
        checks.check(f"as {who}, the DRM master line names the kiosk as holder",
                     any("master of card0 is held by the kiosk" in l for l in lines(output, "ok")), "")
        checks.check(f"as {who}, the touchscreen {touch} is listed as touch and opens",
                     any(l.startswith(f"ok   input: {touch} ") and ": touch" in l for l in output.splitlines()), "")

    # 2. The service user removed from input.
    guest.run("gpasswd -d vitrine input", check=True)
    status, output = doctor(guest, "vitrine")
    expected = f"fail input: {touch} ("
    fail = [l for l in lines(output, "fail") if l.startswith(expected)]
    checks.check("without input, as vitrine: a fail names the touchscreen's node and the fix usermod -aG input vitrine; exit 1",
                 status == 1 and fail and "not readable by vitrine" in fail[0] and fail[0].endswith("add vitrine to group input: usermod -aG input vitrine"),
                 (fail or ["no such line"])[0])
    status, output = doctor(guest)
    warn = [l for l in lines(output, "warn") if "vitrine is not in group input" in l]
    checks.check("without input, as root: a warn that vitrine is not in input, with usermod -aG input vitrine; exit 0 (the unit still adds the group)",
                 status == 0 and warn and "usermod -aG input vitrine" in warn[0], (warn or ["no such line"])[0])
    guest.run("gpasswd -a vitrine input", check=True)

    # A calibration file for the touchscreen: parsed, then applied by udev once the device is re-added.
    calibration = "/var/lib/vitrine/calibration/1234-5678-vitrine-test-touch.env"
    guest.run(f"printf '# device: vitrine-test-touch\\nLIBINPUT_CALIBRATION_MATRIX=\"1.05 0 -0.02 0 1.05 -0.02\"\\n' > {calibration}"
              f" && chown vitrine:vitrine {calibration}", check=True)
    status, output = doctor(guest)
    pending = [l for l in lines(output, "warn") if calibration in l]
    checks.check("a calibration file udev has not applied yet: a warn with udevadm trigger for the touchscreen; exit 0",
                 status == 0 and pending != [] and "udev has not applied it" in pending[0]
                 and pending[0].endswith(f"udevadm trigger --action=add {touch.replace('/dev/input/', '/sys/class/input/')}"),
                 (pending or ["no such line"])[0])
    guest.run(f"udevadm trigger --action=add --settle {touch.replace('/dev/input/', '/sys/class/input/')}")
    status, output = doctor(guest, "vitrine")
    applied = [l for l in lines(output, "ok") if calibration in l]
    checks.check("after udevadm trigger, as vitrine: the file parses and udev applied it (ok); exit 0",
                 status == 0 and applied != [] and applied[0].endswith("applied by udev"), (applied or ["no such line"])[0])
    guest.run(f"rm -f {calibration}")

    # 3. A second DRM master: the service stopped, test-pattern on the card.
    guest.run("systemctl stop vitrine", check=True)
    pid = guest.spawn(f"{VITRINE} test-pattern --seconds 600", "/tmp/test-pattern.log")
    guest.wait_for(f"ls -l /proc/{pid}/fd 2>/dev/null | grep -q /dev/dri/card0", timeout=90)
    status, output = doctor(guest)
    master = [l for l in lines(output, "fail") if "master of card0 is held by another process" in l]
    checks.check(f"test-pattern holding card0, as root: a fail names pid {pid} and test-pattern; exit 1",
                 status == 1 and master and f"pid {pid} (vitrine" in master[0] and "test-pattern" in master[0] and f"kill {pid}" in master[0],
                 (master or ["no such line"])[0])
    status, output = doctor(guest, "vitrine")
    hidden = [l for l in lines(output, "warn") + lines(output, "fail") if "master of card0" in l]
    checks.check("test-pattern holding card0, as vitrine: the master line says it is held and to run as root",
                 hidden != [] and "sudo vitrine doctor" in hidden[0], (hidden or ["no such line"])[0])
    guest.run(f"kill {pid}; sleep 1; systemctl start vitrine")

    # 4. A config with a missing image; 5. a CJK title with no CJK font.
    guest.run("cp /mnt/host/missing-image.json /mnt/host/cjk-title.json /tmp/ && chmod 644 /tmp/missing-image.json /tmp/cjk-title.json", check=True)
    for user in (None, "vitrine"):
        who = user or "root"
        status, output = doctor(guest, user, "--config /tmp/missing-image.json")
        fail = [l for l in lines(output, "fail") if l.startswith("fail config: /tmp/missing-image.json: screens.home.content.image")]
        checks.check(f"a missing image, as {who}: a fail naming screens.home.content.image; exit 1", status == 1 and fail != [],
                     (fail or lines(output, "fail") or ["no such line"])[0])
        status, output = doctor(guest, user, "--config /tmp/cjk-title.json")
        warn = [l for l in lines(output, "warn") if l.startswith("warn config: /tmp/cjk-title.json: screens.home.title")]
        checks.check(f"a CJK title and no CJK font, as {who}: a warn naming screens.home.title and apt-get install fonts-noto-cjk; exit 0",
                     status == 0 and warn != [] and warn[0].endswith("apt-get install fonts-noto-cjk"), (warn or lines(output, "warn") or ["no such line"])[0])


def main():
    return standalone(TEST_NAME, APPEND, prepare, run)


if __name__ == "__main__":
    sys.exit(main())
