#!/usr/bin/env python3
"""QEMU boot test for the kiosk service (issue 7).

First boot: install the Debian package (scripts/build-deb.sh; $VITRINE_DEB names one already built,
as scripts/test.sh does) into the guest with `apt-get install` - offline: the image has the
runtime libraries - and check it enabled the service without starting it; power off.
Second boot, same disk: the kiosk must come up on its own. Then, one PASS/FAIL line each:
- vitrine.service is active (Type=notify: READY arrived) and says it shows the kiosk;
- the bochs screen equals `vitrine replay` of the same config (first onboarding page);
- no getty holds tty1; the kiosk runs as the `vitrine` user, not root;
- idle CPU over 10 s with nothing moving is printed, and asserted under IDLE_CPU_BOUND (/proc/PID/stat);
- a uinput swipe advances the onboarding page (screen equals the replay of the same swipe);
- VT switch: chvt 2 takes the screen away, chvt 1 gives the kiosk back, repainted;
- kill -9 of the main process: back (active, new PID); the time is printed, and asserted only
  against a 45 s bound (see RESTART_BOUND);
- kill -STOP: the watchdog (WatchdogSec=10) has it restarted;
- a broken config: reload keeps the last good screen; a restart shows the error page, equal to
  the headless render of the same file;
- an upgrade to a newer package (built with --version, shipping a different kiosk.json) through
  apt-get with --force-confdef --force-confold keeps the kiosk.json changed in the guest, puts
  the package's as kiosk.json.dpkg-dist, installs the new version and restarts the running kiosk
  on it, showing the kept config;
- `systemctl stop` ends it cleanly; `systemd-analyze security` exposure is printed;
- `apt-get remove` stops a running kiosk, unmasks getty@tty1 and keeps config and state;
  `apt-get purge` removes both, not the user.
"""
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import (ROOT, Checks, Guest, Picture, build_image, log, make_share, screen_matches,  # noqa: E402
                        shell_quote, swipe_script, swipe_steps)

WIDTH, HEIGHT = 1280, 800
# The guest is emulated (TCG): the kiosk takes longer to start than on a board.
BOOT_TIMEOUT = 240
# The restart after kill -9 is a wall-clock figure inside an emulated guest on a shared host: it
# took 2.27 s with the host idle and 3.17 s with it busy, so a tight bound tests the host, not
# Vitrine. The figure is printed; the check only asks that systemd brought it back at all in a
# time no working restart exceeds (RestartSec=250ms plus a start-up of a few seconds under TCG,
# with a margin for a host running a second build: 7.39 s then, and 13.34 s with two CI runs
# and a build loop sharing the two cores, so 20 s was too close). The board-level number is
# `vitrine bench`'s startup-first-frame row.
RESTART_BOUND = 45
# Idle CPU is guest CPU time over guest wall time, so host load moves it little, but TCG makes
# every wake-up (timers, the watchdog ping) dearer than on a board (under 1% in every run so far). A kiosk that
# kept redrawing (a 1280x800 frame at 60 Hz) would use a large share of a core; 5% tells idle from
# busy with room for a loaded host.
IDLE_CPU_BOUND = 5.0


def replay(binary, work, name, events):
    """`vitrine replay` of Examples/kiosk.json after `events`, as a Picture."""
    script = os.path.join(work, name + ".json")
    with open(script, "w") as f:
        json.dump(events, f)
    png = os.path.join(work, name + ".png")
    subprocess.run([binary, "replay", "--scene", os.path.join(ROOT, "Examples", "kiosk.json"), "--events", script,
                    "--size", f"{WIDTH}x{HEIGHT}", "--screenshot", png, "--state-out", os.path.join(work, name + ".state.json")],
                   check=True, stdout=subprocess.DEVNULL)
    return Picture.load_png(png)



def build_deb(binary, out, *options):
    """scripts/build-deb.sh of `binary` into `out`; returns the .deb's path (its last line)."""
    started = time.time()
    result = subprocess.run(["bash", os.path.join(ROOT, "scripts", "build-deb.sh"), "--binary", binary, "--out", out, *options],
                            check=True, stdout=subprocess.PIPE, text=True)
    deb = result.stdout.strip().splitlines()[-1]
    print(f"INFO boot: built {os.path.basename(deb)} in {time.time() - started:.0f} s", flush=True)
    return deb


def deb_field(deb, field):
    return subprocess.run(["dpkg-deb", "-f", deb, field], check=True, stdout=subprocess.PIPE, text=True).stdout.strip()


# apt-get as an unattended upgrade runs it: no questions, and a conffile the integrator changed
# is kept (--force-confold) while one nobody changed takes the package's (--force-confdef).
APT_INSTALL = ("DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o Dpkg::Options::=--force-confdef "
               "-o Dpkg::Options::=--force-confold ")


def sha256(guest, path):
    status, output = guest.run(f"sha256sum {shell_quote(path)}")
    return output.split()[0] if status == 0 and output.strip() else None


def service(guest, *properties):
    """`systemctl show` of vitrine.service as a dict."""
    _, output = guest.run("systemctl show vitrine.service -p " + ",".join(properties))
    return dict(line.split("=", 1) for line in output.strip().splitlines() if "=" in line)


def wait_active(guest, timeout, other_than=None):
    """Waits until the unit is active with a main PID (other than `other_than`); returns it."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = service(guest, "ActiveState", "MainPID")
        pid = int(state.get("MainPID", "0") or 0)
        if state.get("ActiveState") == "active" and pid and pid != other_than:
            return pid
        time.sleep(0.5)
    return None


# Runs in the guest: sends a signal to the main process, then polls (every 50 ms) until systemd
# reports the unit active again under a new PID, and prints the seconds that took. Guest-side
# timing, so the host's agent round trips do not count (each systemctl call does).
RESTART_PROBE = """
import os, subprocess, sys, time
def show(name):
    return subprocess.run(["systemctl", "show", "-p", name, "--value", "vitrine"], capture_output=True, text=True).stdout.strip()
old = int(show("MainPID"))
start = time.monotonic()
wall = time.time()
os.kill(old, int(sys.argv[1]))
while time.monotonic() - start < float(sys.argv[2]):
    if show("ActiveState") == "active":
        pid = int(show("MainPID") or 0)
        if pid and pid != old:
            polled = time.monotonic() - start
            # systemd's own record of when READY arrived ("Started ..."): without the polling's
            # systemctl calls, each a few hundred ms in an emulated guest.
            log = subprocess.run(["journalctl", "-u", "vitrine", "-o", "short-unix", "--no-pager", "--since", "@%d" % int(wall)],
                                 capture_output=True, text=True).stdout.splitlines()
            started = [float(line.split()[0]) for line in log if "Started vitrine.service" in line and float(line.split()[0]) >= wall]
            print(old, pid, (started[0] - wall) if started else polled, polled)
            sys.exit(0)
    time.sleep(0.05)
print(old, "none", sys.argv[2])
sys.exit(1)
"""


def restart_probe(guest, signal_number, limit):
    """Seconds from the signal to the unit being active under a new PID (None past `limit`)."""
    status, output = guest.run(f"python3 -c {shell_quote(RESTART_PROBE)} {int(signal_number)} {limit}", timeout=limit + 60)
    fields = output.strip().split()
    if status != 0 or len(fields) < 3:
        return None, output
    return float(fields[2]), output


def idle_cpu(guest, pid, seconds=10):
    """CPU time of `pid` over `seconds` of wall time (guest clock), as a percentage."""
    script = f"""
ticks=$(getconf CLK_TCK)
read_cpu() {{ awk '{{print $14 + $15}}' /proc/{pid}/stat; }}
a=$(read_cpu); t0=$(date +%s.%N)
sleep {seconds}
b=$(read_cpu); t1=$(date +%s.%N)
python3 -c "print(100.0 * ($b - $a) / $ticks / ($t1 - $t0), $b - $a, $ticks)"
"""
    status, output = guest.run(script, timeout=seconds + 60)
    percent, used, ticks = output.strip().split()
    return float(percent), int(used), int(ticks)


def main():
    checks = Checks("boot")
    work, share = make_share("boot")
    binary = os.path.join(share, "vitrine")
    deb = os.environ.get("VITRINE_DEB") or build_deb(binary, os.path.join(work, "deb"))
    if not os.path.isfile(deb):
        raise SystemExit(f"FAIL boot: no Debian package at {deb} (VITRINE_DEB)")
    shutil.copy(deb, share)
    deb_in_guest = "/mnt/host/" + os.path.basename(deb)
    version = deb_field(deb, "Version")
    # The newer package of the upgrade: same binary, a higher version, and a kiosk.json of its
    # own, so that dpkg meets a conffile changed on both sides (the case --force-confold decides).
    upgrade_config = os.path.join(work, "upgrade-config")
    shutil.copytree(os.path.join(ROOT, "Examples", "images"), os.path.join(upgrade_config, "images"))
    with open(os.path.join(ROOT, "Examples", "kiosk.json")) as f:
        config = json.load(f)
    config["onboarding"]["pages"][0]["body"] = "The package's new welcome text."
    with open(os.path.join(upgrade_config, "kiosk.json"), "w") as f:
        json.dump(config, f, indent=2)
    new_version = version + "+upgrade1"
    upgrade = build_deb(binary, os.path.join(share, "upgrade"), "--version", new_version, "--config",
                        os.path.join(upgrade_config, "kiosk.json"))
    upgrade_in_guest = "/mnt/host/upgrade/" + os.path.basename(upgrade)
    first = replay(binary, work, "first-page", [])
    swipe = swipe_script(1000, 400, 400)
    second = replay(binary, work, "second-page", swipe)
    image = build_image()
    guest = Guest(os.path.join(work, "guest"), image, share, append="i8042.noaux")
    try:
        # First boot: install the package, as an integrator would on the board.
        guest.start()
        status, output = guest.run(APT_INSTALL + deb_in_guest, timeout=300)
        log(output[-1500:])
        _, installed = guest.run("dpkg-query -W -f='${Status} ${Version}' vitrine")
        checks.check(f"apt-get install {os.path.basename(deb)} in the offline guest (the image has its dependencies)",
                     status == 0 and installed == f"install ok installed {version}", f"exit {status}, {installed!r}")
        _, states = guest.run("systemctl is-enabled vitrine.service; systemctl is-active vitrine.service; "
                              "systemctl is-enabled getty@tty1.service; id -nG vitrine; "
                              "stat -c '%U %a' /var/lib/vitrine/calibration; ls /lib/udev/rules.d | grep vitrine | tr '\\n' ' '")
        lines = states.strip().splitlines()
        checks.check("the package enabled vitrine.service without starting it, masked getty@tty1, made the user, its state folder "
                     "and the udev rules 70 and 71",
                     lines[:3] == ["enabled", "inactive", "masked"] and len(lines) == 6
                     and set(lines[3].split()) >= {"vitrine", "video", "input", "render", "vitrine-control"}
                     and lines[4] == "vitrine 755" and lines[5].split() == ["70-vitrine-calibration.rules", "71-vitrine-backlight.rules"],
                     " | ".join(lines))
        guest.power_off()

        # Second boot: nothing but the installed files brings the kiosk up.
        guest.start(keep_disk=True)
        pid = wait_active(guest, BOOT_TIMEOUT)
        state = service(guest, "ActiveState", "SubState", "StatusText", "NRestarts", "Type")
        checks.check("after boot vitrine.service is active (READY received) and shows the kiosk",
                     pid is not None and state.get("StatusText", "").startswith("showing the kiosk"), str(state))
        if pid is None:
            log(guest.run("systemctl status vitrine --no-pager -l; journalctl -b -u vitrine --no-pager | tail -40")[1])
            return checks.finish()
        screen_matches(guest, first, "the screen equals `vitrine replay` of the same config (first onboarding page)", checks, timeout=60)

        _, gettys = guest.run("ps -eo tty=,comm= | awk '$1 == \"tty1\"'; systemctl is-active getty@tty1.service")
        owner = guest.run(f"ps -o user= -p {pid}")[1].strip()
        checks.check("no getty holds tty1, and the kiosk runs as the vitrine user", "getty" not in gettys and owner == "vitrine",
                     f"tty1: {gettys.strip()!r}, user {owner!r}")

        percent, used, ticks = idle_cpu(guest, pid)
        checks.check(f"idle CPU over 10 s with nothing moving is under {IDLE_CPU_BOUND:g}% (load bound; the figure is printed)", percent < IDLE_CPU_BOUND,
                     f"{percent:.2f}% ({used} ticks of 1/{ticks} s)")

        # Touch: a uinput touchscreen appears now (hotplug) and swipes left.
        plan = {"device": "touch", "ready": "/tmp/touch.ready", "go": "/tmp/touch.go", "steps": swipe_steps(1000, 400, 400, WIDTH, HEIGHT) + [["sleep", 3600]]}
        with open(os.path.join(share, "swipe.json"), "w") as f:
            json.dump(plan, f)
        guest.spawn("python3 /mnt/host/uinput_device.py /mnt/host/swipe.json", "/tmp/touch.log")
        guest.wait_for("test -s /tmp/touch.ready", timeout=60)
        guest.wait_for("journalctl -b -u vitrine --no-pager | grep -q 'input device added: vitrine-test-touch'", timeout=60)
        guest.run("touch /tmp/touch.go")
        screen_matches(guest, second, "a uinput swipe advances the page (screen equals the replay of the same swipe)", checks, timeout=40)

        # VT switching: the kiosk lets go of the screen on tty2 and repaints on tty1.
        # chvt waits until the switch is done: a kiosk that cannot release the VT would hang it.
        switched, _ = guest.run("timeout 20 chvt 2 && fgconsole", timeout=60)
        time.sleep(3)
        away = guest.screendump("tty2.ppm").differing_pixels(second)
        back, _ = guest.run("timeout 20 chvt 1", timeout=60)
        checks.check("chvt 2 takes the screen from the kiosk (it releases the VT and DRM master)",
                     switched == 0 and back == 0 and away > WIDTH * HEIGHT // 4, f"chvt status {switched}/{back}, {away} pixels changed")
        screen_matches(guest, second, "chvt 1 gives it back, repainted", checks, timeout=30)

        # Crash: systemd restarts it at once (Restart=always, RestartSec).
        took, output = restart_probe(guest, signal.SIGKILL, limit=RESTART_BOUND + 10)
        checks.check(f"kill -9 of the main process: active again (READY) under a new PID (within the {RESTART_BOUND} s load bound)",
                     took is not None and took <= RESTART_BOUND,
                     f"{took:.2f} s by the journal, {output.split()[3]} s by polling systemctl" if took is not None else output.strip())
        # Hang: only the watchdog can tell (WatchdogSec=10).
        took, output = restart_probe(guest, signal.SIGSTOP, limit=60)
        journal = guest.run("journalctl -b -u vitrine --no-pager | grep -i watchdog | tail -3")[1]
        checks.check("kill -STOP: the watchdog has it restarted", took is not None and "watchdog" in journal.lower(),
                     (f"{took:.1f} s; " if took is not None else output.strip() + "; ") + journal.strip().replace("\n", " | "))
        wait_active(guest, 60)
        screen_matches(guest, first, "after the restarts the kiosk shows its first page again", checks, timeout=60)

        # A broken config: a reload keeps the last good screen; a restart shows the error page.
        guest.run("cp /etc/vitrine/kiosk.json /tmp/kiosk.good && "
                  "python3 -c \"import json; d = json.load(open('/tmp/kiosk.good')); d['onboarding']['pages'][1]['image'] = 'images/missing.jpg'; "
                  "json.dump(d, open('/etc/vitrine/kiosk.json', 'w'), indent=2)\"", check=True)
        guest.run("systemctl reload vitrine", check=True)
        status_text = guest.wait_for("systemctl show -p StatusText --value vitrine | grep 'rejected'", timeout=60).strip()
        screen_matches(guest, first, "a reload with a broken config keeps the last good screen", checks, timeout=10)
        checks.check("... and says so in the unit's status", "images/missing.jpg" in status_text, status_text)
        guest.run("systemctl restart vitrine", check=True)
        pid = wait_active(guest, 120)
        # The expected page: the same binary, headless, on the same file, in the guest.
        guest.run("/usr/bin/vitrine run --config /etc/vitrine/kiosk.json --output headless --size 1280x800 "
                  "--exit-after-first-frame --screenshot /mnt/host/error-page.png", timeout=120)
        expected = Picture.load_png(os.path.join(share, "error-page.png"))
        screen_matches(guest, expected, "after a restart the broken config is shown as the error page (equal to its headless render)", checks, timeout=60)
        state = service(guest, "ActiveState", "StatusText")
        checks.check("... and the unit stays active, not in a restart loop", state.get("ActiveState") == "active"
                     and state.get("StatusText", "").startswith("showing the configuration error"), str(state))

        guest.run("cp /tmp/kiosk.good /etc/vitrine/kiosk.json && systemctl reload vitrine", check=True)
        screen_matches(guest, first, "fixing the file and reloading brings the kiosk back", checks, timeout=60)

        # Upgrade: the integrator changed kiosk.json; the newer package must keep it.
        guest.run("python3 -c \"import json; p = '/etc/vitrine/kiosk.json'; d = json.load(open(p)); "
                  "d['onboarding']['pages'][0]['title'] = 'Changed on the board'; json.dump(d, open(p, 'w'), indent=2)\" && "
                  "systemctl reload vitrine", check=True)
        mine = sha256(guest, "/etc/vitrine/kiosk.json")
        before = wait_active(guest, 60)
        status, output = guest.run(APT_INSTALL + upgrade_in_guest, timeout=300)
        log(output[-1500:])
        _, installed = guest.run("dpkg-query -W -f='${Version}' vitrine")
        checks.check(f"the upgrade to {new_version} with apt-get (--force-confdef --force-confold) installs the new version",
                     status == 0 and installed == new_version, f"exit {status}, installed {installed!r}")
        with open(os.path.join(upgrade_config, "kiosk.json"), "rb") as f:
            packaged = hashlib.sha256(f.read()).hexdigest()
        kept, dist = sha256(guest, "/etc/vitrine/kiosk.json"), sha256(guest, "/etc/vitrine/kiosk.json.dpkg-dist")
        checks.check("... keeps the kiosk.json changed on the board, and puts the package's new one beside it as .dpkg-dist",
                     kept == mine and dist == packaged,
                     f"kiosk.json: {'kept' if kept == mine else 'not the changed one'}; .dpkg-dist: "
                     + ("the package's" if dist == packaged else f"missing or another file ({dist})"))
        after = wait_active(guest, 120, other_than=before)
        state = service(guest, "ActiveState", "StatusText")
        checks.check("... and restarts the running kiosk on the new package (a new PID, showing the kiosk)",
                     after is not None and state.get("StatusText", "").startswith("showing the kiosk"), f"PID {before} -> {after}, {state}")
        guest.run("/usr/bin/vitrine run --config /etc/vitrine/kiosk.json --output headless --size 1280x800 "
                  "--exit-after-first-frame --screenshot /mnt/host/kept-config.png", timeout=120)
        expected = Picture.load_png(os.path.join(share, "kept-config.png"))
        changed = expected.differing_pixels(first)
        screen_matches(guest, expected, f"... the screen shows the kept config (its headless render, {changed} pixels from the "
                       "shipped one's)", checks, timeout=60)
        checks.check("... which differs from the shipped config's screen", changed > 0, f"{changed} pixels")

        status, output = guest.run("systemctl stop vitrine; systemctl show -p Result,ExecMainStatus vitrine; "
                                   "journalctl -b -u vitrine --no-pager | tail -5")
        checks.check("systemctl stop ends it cleanly", "Result=success" in output, output.strip().replace("\n", " | "))

        _, security = guest.run("systemd-analyze security vitrine.service --no-pager 2>&1 | tail -1")
        log("systemd-analyze security vitrine.service: " + security.strip())
        print(f"INFO boot: systemd-analyze security vitrine.service: {security.strip()}", flush=True)

        # Removal stops a running kiosk and gives tty1 its getty back; purge takes the conffiles
        # and the state, not the user.
        guest.run("systemctl start vitrine", timeout=180)
        running = wait_active(guest, 120)
        status, output = guest.run("DEBIAN_FRONTEND=noninteractive apt-get remove -y -q vitrine", timeout=300)
        _, after = guest.run("systemctl is-active vitrine.service; systemctl is-enabled getty@tty1.service; "
                             "test -e /usr/bin/vitrine && echo program || echo no-program; "
                             "test -e /etc/vitrine/kiosk.json && echo config || echo no-config; "
                             "test -d /var/lib/vitrine && echo state || echo no-state")
        lines = after.strip().splitlines()
        checks.check("apt-get remove stops the running kiosk, removes the program, unmasks getty@tty1, keeps the config and state",
                     running is not None and status == 0 and len(lines) == 5 and lines[0] != "active" and lines[1] != "masked"
                     and lines[2:] == ["no-program", "config", "state"], f"exit {status}, " + " | ".join(lines))
        status, output = guest.run("DEBIAN_FRONTEND=noninteractive apt-get purge -y -q vitrine", timeout=300)
        _, after = guest.run("echo \"etc: $(ls -A /etc/vitrine 2>/dev/null | tr '\\n' ' ')\"; "
                             "test -d /var/lib/vitrine && echo state || echo no-state; "
                             "echo \"dpkg: $(dpkg-query -W -f='${db:Status-Status}' vitrine 2>/dev/null)\"; "
                             "id -u vitrine >/dev/null && echo user")
        lines = after.strip().splitlines()
        checks.check("apt-get purge removes the conffiles (changed or not) and /var/lib/vitrine, and leaves the vitrine user",
                     status == 0 and [line.strip() for line in lines] in (["etc:", "no-state", "dpkg:", "user"],
                                                                          ["etc:", "no-state", "dpkg: not-installed", "user"]),
                     f"exit {status}, " + " | ".join(lines))
    finally:
        guest.stop()
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
