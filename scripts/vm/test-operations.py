#!/usr/bin/env python3
"""QEMU system test for kiosk operations (issue 14): the ticket machine as a service.

Installs Examples/tickets (config, images, live data) with scripts/install.sh in a Debian 12
guest on the bochs DRM display and starts vitrine.service; then, one PASS/FAIL line each:
- the screen equals `vitrine render` of the ticket list (01-choose.png);
- /run/vitrine/control.sock is mode 660, group vitrine-control; a user outside the group is
  refused (`vitrine ctl` says what to do), a member may connect;
- `vitrine ctl navigate to=push screen=confirm` shows the confirmation, equal to the
  render of that screen;
- Examples/tickets/ticket_client.py (run as a member of vitrine-control) receives `purchase`
  after a uinput tap on Buy, through the kernel, udev and libinput, and puts the kiosk back on
  the ticket list (the screen equals the render again);
- `vitrine ctl blank`: bochs cannot show DPMS in a screendump, so the kernel's own report is
  asserted (/sys/class/drm/card*-*/dpms reads Off), and frames stop (the state's frame time
  stands still); a uinput tap on a ticket row wakes the panel (dpms On) without pressing the
  row (the kiosk stays on the ticket list);
- `systemd-analyze security vitrine.service` is at or below 1.5.
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import KIOSK_CTL, ROOT, Picture, kiosk_state, log, screen_matches, standalone, wait_kiosk_state  # noqa: E402

WIDTH, HEIGHT = 1280, 800
BOOT_TIMEOUT = 240
# Where the buttons are at 1280x800 (the renders show them): Buy on the confirmation, the Day
# pass row on the ticket list.
BUY = (640, 527)
DAY_ROW = (946, 534)
SECURITY_BOUND = 1.5


def tap_plan(name, point):
    """A uinput_device.py plan: one finger down and up at `point`, when the go file appears."""
    x, y = (round(point[0] * 4096 / WIDTH), round(point[1] * 4096 / HEIGHT))
    return {"device": "touch", "ready": f"/tmp/{name}.ready", "go": f"/tmp/{name}.go",
            "steps": [["frame", [{"slot": 0, "id": 7, "x": x, "y": y}]], ["sleep", 0.06],
                      ["frame", [{"slot": 0, "id": -1}]], ["sleep", 5]]}


def start_tap(guest, share, name, point):
    with open(os.path.join(share, name + ".json"), "w") as f:
        json.dump(tap_plan(name, point), f)
    guest.spawn(f"python3 /mnt/host/uinput_device.py /mnt/host/{name}.json", f"/tmp/{name}.log")
    guest.wait_for(f"test -s /tmp/{name}.ready", timeout=60)
    # libinput picks the new device up from udev; give the kiosk a moment to open it.
    time.sleep(3)
    guest.run(f"touch /tmp/{name}.go")


def ctl(guest, command, user=None):
    """`vitrine ctl COMMAND` in the guest (as `user` when given): (status, output)."""
    line = f"{KIOSK_CTL} {command}"
    if user:
        line = f"runuser -u {user} -- {line}"
    return guest.run(line + " 2>&1", timeout=90)


def dpms(guest):
    _, output = guest.run("cat /sys/class/drm/card*-*/dpms 2>/dev/null | sort -u")
    return output.strip()


TEST_NAME = "operations"
APPEND = "i8042.noaux"


def prepare(ctx):
    """vitrine render of the ticket machine at the bochs mode's size: what the screen must show."""
    renders = os.path.join(ctx.work, "render")
    subprocess.run([ctx.binary, "render", os.path.join(ROOT, "Examples", "tickets", "kiosk.json"), "--out", renders,
                    "--size", f"{WIDTH}x{HEIGHT}"], check=True, stdout=subprocess.DEVNULL)
    ctx.choose = Picture.load_png(os.path.join(renders, "01-choose.png"))
    ctx.confirm = Picture.load_png(os.path.join(renders, "02-confirm.png"))


def run(guest, checks, ctx):
    share, choose, confirm = ctx.share, ctx.choose, ctx.confirm
    status, output = guest.run(
        "/mnt/host/repo/scripts/install.sh --binary /mnt/host/vitrine --config /mnt/host/repo/Examples/tickets/kiosk.json"
        " && systemctl start vitrine", timeout=400)
    log(output[-1200:])
    checks.check("the ticket machine installs (config, images, data) and its service starts", status == 0, f"exit {status}")
    status, _ = guest.run("test -f /etc/vitrine/data/fares.json")
    checks.check("install.sh copies the config's data folder", status == 0)
    if guest.run("systemctl is-active vitrine")[1].strip() != "active":
        log(guest.run("systemctl status vitrine --no-pager -l; journalctl -b -u vitrine --no-pager | tail -40")[1])
        return
    guest.wait_for("systemctl show -p StatusText --value vitrine | grep -q 'showing the kiosk'", timeout=BOOT_TIMEOUT)
    screen_matches(guest, choose, "the service shows the ticket list, equal to vitrine render's 01-choose.png", checks, timeout=90)

    _, mode = guest.run("stat -c '%a %G %F' /run/vitrine/control.sock")
    _, folder = guest.run("stat -c '%a %U %G' /run/vitrine; journalctl -u vitrine --no-pager | grep -i 'control' | tail -5")
    checks.check("the control socket is /run/vitrine/control.sock, mode 660, group vitrine-control",
                 mode.strip() == "660 vitrine-control socket", mode.strip() + "; folder " + folder.strip())
    status, output = ctl(guest, "state", user="nobody")
    checks.check("a user outside vitrine-control is refused, and told what to do",
                 status != 0 and "vitrine-control" in output and "not allowed" in output, output.strip()[-300:])
    status, output = guest.run("useradd --system --no-create-home --no-user-group --shell /usr/sbin/nologin --groups vitrine-control ticketdesk 2>&1; id ticketdesk")
    log(f"useradd ticketdesk: {status} {output.strip()}")
    status, output = ctl(guest, "state", user="ticketdesk")
    checks.check("a member of vitrine-control gets the state", status == 0 and '"screen": "choose"' in output, output.strip()[-300:])
    _, journal = guest.run("journalctl -u vitrine --no-pager | grep 'control client connected' | tail -2")
    checks.check("the journal names each client's pid, uid and gid", "uid" in journal and "pid" in journal, journal.strip())

    status, output = ctl(guest, "navigate to=push screen=confirm")
    checks.check("vitrine ctl navigate pushes the confirmation", status == 0, output.strip()[-300:])
    screen_matches(guest, confirm, "the pushed screen equals vitrine render's 02-confirm.png", checks, timeout=60)

    guest.spawn("runuser -u ticketdesk -- python3 /mnt/host/repo/Examples/tickets/ticket_client.py --once --delay 1", "/tmp/client.log")
    guest.wait_for("grep -q 'waiting for purchases' /tmp/client.log", timeout=60)
    start_tap(guest, share, "buy", BUY)
    try:
        guest.wait_for("grep -q 'back on' /tmp/client.log", timeout=90)
    except TimeoutError:
        pass
    _, client = guest.run("cat /tmp/client.log")
    checks.check("ticket_client.py receives purchase (1 single, city, 2.90) after a uinput tap on Buy",
                 "purchase: 1 x single, city, for 2.90" in client, client.strip()[-400:])
    screen_matches(guest, choose, "the client put the kiosk back on the ticket list (equal to the render)", checks, timeout=60)

    before = kiosk_state(guest)
    status, output = ctl(guest, "blank")
    time.sleep(2)
    off = dpms(guest)
    checks.check("vitrine ctl blank switches the panel off: the connector's dpms reads Off (bochs shows no DPMS in a screendump)",
                 status == 0 and off == "Off", f"dpms {off!r}; {output.strip()[-200:]}")
    first = kiosk_state(guest)
    # Something that would draw: the language switches; no frame may be drawn while blank.
    ctl(guest, "language language=de")
    time.sleep(3)
    second = kiosk_state(guest)
    # Animations and the frame time move on in dark frames (a push while blank ends); nothing
    # is drawn: the count of frames drawn stands still.
    drawn = (first.get("runtime", {}).get("frames_drawn"), second.get("runtime", {}).get("frames_drawn"))
    checks.check("no frames drawn while blank (the state's frames_drawn stands still)",
                 first.get("runtime", {}).get("blank") is True and drawn[0] == drawn[1] is not None,
                 f"frames_drawn {drawn[0]} then {drawn[1]}; time_ms {first.get('time_ms')} then {second.get('time_ms')}")
    ctl(guest, "language language=en")
    start_tap(guest, share, "wake", DAY_ROW)
    woke = wait_kiosk_state(guest, lambda s: s.get("runtime", {}).get("blank") is False, timeout=60)
    time.sleep(2)
    on = dpms(guest)
    after = kiosk_state(guest)
    checks.check("a uinput tap wakes the panel (dpms On)", on == "On" and woke.get("runtime", {}).get("blank") is False, f"dpms {on!r}")
    checks.check("the waking tap pressed nothing (still on the ticket list)",
                 after.get("navigation", {}).get("stack") == ["choose"] == before.get("navigation", {}).get("stack"),
                 str(after.get("navigation")))
    screen_matches(guest, choose, "after waking the screen is the ticket list again", checks, timeout=60)

    _, security = guest.run("systemd-analyze security vitrine.service --no-pager 2>&1 | tail -1")
    log("systemd-analyze security vitrine.service: " + security.strip())
    words = [w for w in security.split() if w.replace(".", "", 1).isdigit()]
    exposure = float(words[0]) if words else 99.0
    checks.check(f"systemd-analyze security vitrine.service is at most {SECURITY_BOUND}", exposure <= SECURITY_BOUND, security.strip())
    _, journal = guest.run("journalctl -u vitrine --no-pager | tail -25")
    log(journal[-2000:])
    checks.check("the kiosk is still running", guest.run("systemctl is-active vitrine")[1].strip() == "active")


def main():
    return standalone(TEST_NAME, APPEND, prepare, run)


if __name__ == "__main__":
    sys.exit(main())
