#!/usr/bin/env python3
"""QEMU system test for touch input (issue 4).

Boots Debian 12 (without the PS/2 mouse, `i8042.noaux`, so the seat starts with no pointer),
creates virtual touchscreens and a mouse through /dev/uinput (python3-libevdev, driven by
uinput_device.py from the 9p share), and checks what `vitrine input-debug` and `vitrine
list-inputs` report through the real kernel, udev and libinput, printing one PASS/FAIL line each:
- no touch or pointer device: input-debug keeps running and says so exactly once;
- list-inputs shows the touchscreen with capability touch and its size in mm;
- a drag comes out at the right logical points at rotation 0 (device present at start) and at
  rotation 90 (device plugged in while running), and with a calibration file; a udev
  LIBINPUT_CALIBRATION_MATRIX applies unless a file overrides it;
- five simultaneous contacts: five in, five out, in order, ids stable; a `libinput record` of the
  same session replayed by `vitrine input-debug --replay` gives the same frames and timing;
- unplugging the touchscreen mid-contact cancels the contact, then reports the removal;
- a mouse is contact #32 while its left button is down;
- the default screen size is the display's current mode; permission denied names the 'input'
  group;
- a uinput keyboard (issue 32), plugged in while `vitrine run` shows a small kiosk on the bochs
  display: Tab focuses its text field (focus ring, no on-screen keyboard), "Vitrine 32" typed
  with Shift for the capital is the field's state value (read through the control socket) and
  never appears in the kiosk's log; past the caret's 10 s the screendump equals `vitrine replay`
  of the same keys (a recording written on the host) pixel for pixel, and so does the replay of a
  `libinput record --show-keycodes` of the typing made in the guest; a key held repeats, and
  unplugging the keyboard while it is held stops the text growing (no stuck repeat).
"""
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import Picture, key_timeline, keyboard_recording, keyboard_steps, log, screen_matches, shell_quote, standalone  # noqa: E402

VITRINE = "/mnt/host/vitrine"
DEVICE = "vitrine-test-touch"
KEY = "1234-5678-vitrine-test-touch"  # CalibrationKey: no ID_SERIAL on a virtual device
SENSOR = 4096  # units per axis of the virtual touchscreen (0...4095)
WIDTH, HEIGHT = 1280, 800
HALF = (0.5, 0, 0.25, 0, 0.5, 0.25)  # shrinks touch into the middle half of the screen
QUARTER_TURN = (0, -1, 1, 1, 0, 0)  # libinput's documented 90° matrix
UDEV_RULE = "/etc/udev/rules.d/99-vitrine-test-calibration.rules"


def logical(x, y, rotation=0, calibration=None):
    """Where libinput + Vitrine should put raw (x, y): calibration in normalised sensor units
    (truncated to whole units as libinput does), (x − min)·W/(max − min + 1), then rotation."""
    if calibration:
        a, b, c, d, e, f = calibration
        u, v = x / SENSOR, y / SENSOR
        x, y = int(SENSOR * (a * u + b * v + c)), int(SENSOR * (d * u + e * v + f))
    nx, ny = x * WIDTH / SENSOR, y * HEIGHT / SENSOR
    return {0: (nx, ny), 90: (ny, WIDTH - nx), 180: (WIDTH - nx, HEIGHT - ny), 270: (HEIGHT - ny, nx)}[rotation]


def expected_frames(steps, **transform):
    """The frame lines a plan's touch steps should produce: seat slots lowest-free, every contact
    that is down listed (stationary when unchanged), ended ones once, sorted by id."""
    contacts, by_slot, raw = {}, {}, {}
    lines = []
    for step in steps:
        if step[0] != "frame":
            continue
        for s in step[1]:
            slot = s["slot"]
            if s.get("id", 0) < 0:
                contacts[by_slot.pop(slot)][0] = "ended"
                continue
            if "id" in s:
                seat = min(set(range(32)) - set(by_slot.values()))
                by_slot[slot] = seat
                raw[slot] = (s["x"], s["y"])
                contacts[seat] = ["began", 0, 0]
            else:
                raw[slot] = (s.get("x", raw[slot][0]), s.get("y", raw[slot][1]))
                contacts[by_slot[slot]][0] = "moved"
            contacts[by_slot[slot]][1:] = logical(*raw[slot], **transform)
        lines.append(f"{DEVICE}: " + " ".join(f"#{i} {p} ({x:.2f}, {y:.2f})" for i, (p, x, y) in sorted(contacts.items())))
        contacts = {i: ["stationary", x, y] for i, (p, x, y) in contacts.items() if p != "ended"}
    return lines


def drag(start=(1024, 2048), step=64, count=3, lift=True):
    steps = [["frame", [{"slot": 0, "id": 40, "x": start[0], "y": start[1]}]], ["sleep", 0.06]]
    for k in range(1, count + 1):
        steps += [["frame", [{"slot": 0, "x": start[0] + step * k}]], ["sleep", 0.06]]
    if lift:
        steps += [["frame", [{"slot": 0, "id": -1}]], ["sleep", 0.3]]
    return steps


def five_fingers():
    xs = [512, 1280, 2048, 2816, 3584]
    steps = []
    for i, x in enumerate(xs):
        steps += [["frame", [{"slot": i, "id": 50 + i, "x": x, "y": 3072}]], ["sleep", 0.06]]
    for k in range(1, 3):
        steps += [["frame", [{"slot": i, "y": 3072 - 256 * k} for i in range(5)]], ["sleep", 0.06]]
    for i in reversed(range(5)):
        steps += [["frame", [{"slot": i, "id": -1}]], ["sleep", 0.06]]
    return steps + [["sleep", 0.3]]


class Session:
    """Runs uinput devices and vitrine in the guest, one scenario at a time."""

    def __init__(self, guest, share):
        self.guest = guest
        self.share = share
        self.count = 0

    def device(self, steps, kind="touch", gate=True, hold=True):
        """Starts a uinput device playing `steps`; returns (its node, the file that starts them).
        With `hold` the device stays after its steps until `play` says Vitrine has read them."""
        self.count += 1
        name = f"plan{self.count}"
        ready, go = f"/tmp/{name}.ready", f"/tmp/{name}.go"
        plan = {"device": kind, "ready": ready, "go": go if gate else None, "done": f"/tmp/{name}.done" if hold else None, "steps": steps}
        with open(os.path.join(self.share, name + ".json"), "w") as f:
            json.dump(plan, f)
        self.guest.spawn(f"python3 /mnt/host/uinput_device.py /mnt/host/{name}.json", f"/tmp/{name}.log")
        self.guest.wait_for(f"test -s {ready}", timeout=60)
        return self.guest.run(f"cat {ready}")[1].strip(), go

    def debug(self, arguments, log_path, device=DEVICE):
        """Starts `vitrine input-debug` and waits until it has added `device` (None: until it
        has enumerated the seat)."""
        pid = self.guest.spawn(f"{VITRINE} input-debug {arguments}", log_path)
        self.wait(log_path, f"added {device} " if device else r"added AT Translated")
        return pid

    def play(self, go, log_path, until, device=DEVICE):
        """Starts the device's steps; once Vitrine's log shows `until` (the last frame they make)
        lets the device go, and waits for its removal. A destroyed evdev device's unread events
        are lost, so a fixed pause before the removal (0.3 s, once) lost a whole drag when a
        loaded host held the reader back; if `until` never shows, the comparison after fails."""
        self.guest.run(f"touch {go}")
        self.wait(log_path, until)
        self.guest.run(f"touch {go[:-len('.go')]}.done")
        return self.wait(log_path, r"removed " + device)

    def wait(self, log_path, pattern, timeout=60):
        try:
            self.guest.wait_for(f"grep -qE {shell_quote(pattern)} {log_path}", timeout=timeout)
            return True
        except TimeoutError:
            return False

    def stop(self, pid, log_path):
        self.guest.run(f"kill -TERM {pid} 2>/dev/null; sleep 0.5")
        return self.guest.run(f"cat {log_path}")[1]


def frame_lines(output, device=DEVICE):
    """Frame lines without their time: `<device>: #0 began (…)`."""
    return [line.split(" frame ", 1)[1] for line in output.splitlines() if f" frame {device}:" in line]


def frame_times(output, device=DEVICE):
    times = [float(line.split(" ", 1)[0]) for line in output.splitlines() if f" frame {device}:" in line]
    return [round(t - times[0], 3) for t in times] if times else []


def compare(checks, label, actual, expected):
    ok = actual == expected
    detail = "" if ok else "got " + " | ".join(actual[:8]) + " ; expected " + " | ".join(expected[:8])
    return checks.check(label, ok, detail)


# The keyboard scenario: a kiosk with a text field and a button after it, on the bochs display.
KEYBOARD = "vitrine-test-keyboard"
TYPED = "Vitrine 32"
HELD = ("x", 45)  # the key held before the unplug, and its evdev code (KEY_X)
KEYS_CONFIG = {
    "version": 2,
    "keyboard": {"hardware": "us"},
    "state": {"name": ""},
    "screens": {
        "form": {"title": "Keys", "content": {"type": "vstack", "spacing": 16, "padding": 24, "children": [
            {"type": "textField", "id": "name", "state": "name", "placeholder": "Name on the cup"},
            {"type": "button", "id": "send", "title": "Send", "action": {"push": "done"}}]}},
        "done": {"title": "Thanks", "content": {"type": "text", "text": {"bind": "'Thanks, ' + state.name"}}},
    },
}
KIOSK_LOG = "/tmp/keys-kiosk.log"
KEYS_SOCKET = "/tmp/keys.sock"
# The caret blinks for 10 s after the last key, then stays shown: the screendump waits past it.
CARET_SETTLES = 10


def replay(binary, config, events, png, state_path=None):
    """`vitrine replay` on the host at the bochs mode's size; returns (picture, state dump)."""
    command = [binary, "replay", "--scene", config, "--events", events, "--size", f"{WIDTH}x{HEIGHT}", "--screenshot", png]
    result = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    if state_path:
        with open(state_path, "w") as f:
            f.write(result.stdout)
    return Picture.load_png(png), json.loads(result.stdout)


TEST_NAME = "input"
# No PS/2 mouse, so the seat starts without a pointer.
APPEND = "i8042.noaux"


def prepare(ctx):
    """The touch frames expected are computed from the steps; the keyboard scenario's kiosk
    config goes to the share, and the screen it must show is `vitrine replay` of a recording of
    the same keys (make-keyboard-recordings.py's writer), drawn here."""
    ctx.keys_config = os.path.join(ctx.share, "keys-kiosk.json")
    with open(ctx.keys_config, "w") as f:
        json.dump(KEYS_CONFIG, f, indent=1)
    ctx.typing = key_timeline("TAB", TYPED)
    recording = keyboard_recording(ctx.typing, os.path.join(ctx.work, "keyboard-typing.yml"), name=KEYBOARD)
    ctx.typed, ctx.typed_state = replay(ctx.binary, ctx.keys_config, recording, os.path.join(ctx.work, "keyboard-headless.png"),
                                        os.path.join(ctx.work, "keyboard-headless-state.json"))


def run(guest, checks, ctx):
    share = ctx.share
    s = Session(guest, share)
    size = f"--size {WIDTH}x{HEIGHT}"

    # No touchscreen and no mouse: the kiosk runs on and says so once.
    status, output = guest.run(f"{VITRINE} input-debug {size} --seconds 4")
    said = output.count("no touchscreen or mouse on seat0")
    checks.check("no input device: input-debug keeps running and says so exactly once", status == 0 and said == 1,
                 f"status {status}, said {said} times")

    # Default size: the display's current mode, read without DRM master.
    displays = guest.run(f"{VITRINE} list-displays")[1]
    mode = re.search(r"CRTC \d+: framebuffer [1-9]\d*, (\d+x\d+)@", displays)
    header = guest.run(f"{VITRINE} input-debug --seconds 1")[1].splitlines()[0]
    checks.check("without --size, input-debug maps onto the display's current mode",
                 mode is not None and f"screen {mode.group(1)} px (the current mode of /dev/dri/card0)" in header, header)

    # Rotation 0, device present before Vitrine starts (coldplug).
    steps = drag()
    node, go = s.device(steps)
    status, listing = guest.run(f"{VITRINE} list-inputs")
    block = listing.split(f"{node}: {DEVICE}\n", 1)[-1].split("\n/dev/", 1)[0]
    checks.check("list-inputs shows the touchscreen with capability touch and its size in mm",
                 status == 0 and f"{node}: {DEVICE}" in listing and "capabilities: touch\n" in block and "size: 255.9x157.5 mm" in block,
                 block.strip().replace("\n", "; "))
    pid = s.debug(size, "/tmp/r0.log")
    s.play(go, "/tmp/r0.log", "#0 ended")
    output = s.stop(pid, "/tmp/r0.log")
    compare(checks, "rotation 0: the drag comes out at the mapped logical points", frame_lines(output), expected_frames(steps))

    # Rotation 90, device plugged in while Vitrine runs (hotplug).
    pid = s.debug(f"{size} --rotation 90", "/tmp/r90.log", device=None)
    node, go = s.device(steps)
    added = s.wait("/tmp/r90.log", "added " + DEVICE)
    s.play(go, "/tmp/r90.log", "#0 ended")
    output = s.stop(pid, "/tmp/r90.log")
    checks.check("a touchscreen plugged in while running is added", added)
    compare(checks, "rotation 90: the drag comes out turned with the picture", frame_lines(output), expected_frames(steps, rotation=90))

    # A calibration file.
    guest.run(f"mkdir -p /tmp/cal && printf '# device: {DEVICE}\\nLIBINPUT_CALIBRATION_MATRIX=\"0.5 0 0.25 0 0.5 0.25\"\\n' > /tmp/cal/{KEY}.env")
    node, go = s.device(steps)
    listing = guest.run(f"{VITRINE} list-inputs --calibration /tmp/cal")[1]
    checks.check("list-inputs shows the calibration file's matrix and where it came from",
                 f"calibration: 0.5 0 0.25 0 0.5 0.25 (file /tmp/cal/{KEY}.env)" in listing, listing.strip().splitlines()[-3:])
    pid = s.debug(f"{size} --calibration /tmp/cal", "/tmp/cal.log")
    s.play(go, "/tmp/cal.log", "#0 ended")
    output = s.stop(pid, "/tmp/cal.log")
    compare(checks, "a calibration file applies to the device's touches", frame_lines(output), expected_frames(steps, calibration=HALF))

    # A udev LIBINPUT_CALIBRATION_MATRIX is kept unless a file overrides it.
    guest.run(f"echo 'ACTION==\"add|change\", SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{{name}}==\"{DEVICE}\", "
              f"ENV{{LIBINPUT_CALIBRATION_MATRIX}}=\"0 -1 1 1 0 0\"' > {UDEV_RULE} && udevadm control --reload", check=True)
    node, go = s.device(steps)
    plain = guest.run(f"{VITRINE} list-inputs --calibration /tmp/nothing")[1]
    overridden = guest.run(f"{VITRINE} list-inputs --calibration /tmp/cal")[1]
    checks.check("a udev LIBINPUT_CALIBRATION_MATRIX is kept and reported as such",
                 "calibration: 0 -1 1 1 0 0 (udev property LIBINPUT_CALIBRATION_MATRIX)" in plain, plain.strip().splitlines()[-3:])
    checks.check("a calibration file overrides the udev property", f"(file /tmp/cal/{KEY}.env)" in overridden)
    pid = s.debug(f"{size} --calibration /tmp/nothing", "/tmp/udev.log")
    s.play(go, "/tmp/udev.log", "#0 ended")
    output = s.stop(pid, "/tmp/udev.log")
    compare(checks, "the udev matrix applies to the touches", frame_lines(output), expected_frames(steps, calibration=QUARTER_TURN))
    guest.run(f"rm -f {UDEV_RULE} && udevadm control --reload")

    # Five contacts, recorded with libinput record at the same time.
    steps = five_fingers()
    node, go = s.device(steps)
    recorder = guest.spawn(f"libinput record -o /tmp/five.yml {node}", "/tmp/record.log")
    pid = s.debug(size, "/tmp/five.log")
    s.play(go, "/tmp/five.log", "#0 ended")
    output = s.stop(pid, "/tmp/five.log")
    guest.run(f"kill -INT {recorder}; sleep 1")
    live = frame_lines(output)
    compare(checks, "five contacts: five in, five out, in order, ids stable", live, expected_frames(steps))
    replay = guest.run(f"{VITRINE} input-debug {size} --replay /tmp/five.yml")[1]
    compare(checks, "a libinput record of the session replays to the same frames", frame_lines(replay), live)
    compare(checks, "and with the same timing", [f"{t:.3f}" for t in frame_times(replay)], [f"{t:.3f}" for t in frame_times(output)])

    # Unplugged mid-contact.
    steps = drag(lift=False) + [["destroy"]]
    node, go = s.device(steps)
    pid = s.debug(size, "/tmp/unplug.log")
    last = logical(1024 + 64 * 3, 2048)
    s.play(go, "/tmp/unplug.log", f"#0 moved \\({last[0]:.2f}, {last[1]:.2f}\\)".replace(".", "\\."))
    output = s.stop(pid, "/tmp/unplug.log")
    lines = frame_lines(output)
    cancelled = f"{DEVICE}: #0 cancelled ({last[0]:.2f}, {last[1]:.2f})"
    after = output.split(cancelled, 1)[-1]
    checks.check("unplugged mid-drag: the contact is cancelled, then the device removed",
                 lines[-1:] == [cancelled] and f"removed {DEVICE} ({node})" in after and lines[:-1] == expected_frames(steps),
                 " | ".join(lines[-2:]))

    # A mouse is one contact while its left button is down.
    mouse_steps = [["button", 1], ["sleep", 0.1], ["rel", 4, 0], ["sleep", 0.1], ["rel", 4, 0], ["sleep", 0.1], ["button", 0], ["sleep", 0.3]]
    node, go = s.device(mouse_steps, kind="mouse")
    pid = s.debug(size, "/tmp/mouse.log", device="vitrine-test-mouse")
    s.play(go, "/tmp/mouse.log", "#32 ended", device="vitrine-test-mouse")
    output = s.stop(pid, "/tmp/mouse.log")
    phases = re.findall(r"frame vitrine-test-mouse: #32 (\w+) \(([\d.]+), ([\d.]+)\)", output)
    checks.check("a mouse is contact #32: began at the centre, moved right, ended",
                 [p[0] for p in phases] == ["began", "moved", "moved", "ended"] and phases[0][1:] == ("640.00", "400.00")
                 and float(phases[2][1]) > float(phases[1][1]) > 640, str(phases))

    # Permission denied, as a user outside the 'input' group.
    node, go = s.device([["sleep", 0.1]], hold=False)
    nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups"
    status, output = guest.run(f"{nobody} {VITRINE} list-inputs")
    checks.check("permission denied names the 'input' group", status == 1 and f"cannot open {node}: Permission denied" in output
                 and "add the user to the 'input' group" in output, next((l for l in output.splitlines() if "cannot open" in l), "no output"))
    status, output = guest.run(f"{nobody} {VITRINE} input-debug {size} --seconds 2")
    checks.check("input-debug as that user says so too, and runs on", status == 0 and "error: cannot open" in output and "'input' group" in output)
    guest.run(f"touch {go}")

    keyboard(guest, checks, ctx, s)


def kiosk_state(guest):
    """The keyboard kiosk's state dump through its control socket ({} when it does not answer)."""
    status, output = guest.run(f"{VITRINE} ctl --socket {KEYS_SOCKET} --timeout 30 state 2>&1", timeout=90)
    try:
        return json.loads(output) if status == 0 else {}
    except ValueError:
        return {}


def wait_kiosk_state(guest, predicate, timeout, interval=0.5):
    deadline = time.time() + timeout
    while True:
        current = kiosk_state(guest)
        if predicate(current) or time.time() > deadline:
            return current
        time.sleep(interval)


def field_text(state):
    return (state.get("state") or {}).get("name")


def keyboard(guest, checks, ctx, s):
    """Issue 32: a uinput keyboard types into the kiosk on the real display."""
    started = time.time()
    kiosk = guest.spawn(f"{VITRINE} run --config /mnt/host/keys-kiosk.json --control {KEYS_SOCKET}", KIOSK_LOG)
    if not s.wait(KIOSK_LOG, "showing the kiosk", timeout=90):
        checks.check("vitrine run shows the keyboard kiosk", False, guest.run(f"tail -20 {KIOSK_LOG}")[1].strip()[-800:])
        return
    # Typing, then (once the screen is compared) a key held until the test unplugs the keyboard.
    hold, unplug = "/tmp/keys.hold", "/tmp/keys.unplug"
    steps = keyboard_steps(ctx.typing) + [["wait", hold], ["key", HELD[1], 1], ["wait", unplug], ["destroy"]]
    node, go = s.device(steps, kind="keyboard", hold=False)
    recorder = guest.spawn(f"libinput record --show-keycodes -o /tmp/keys.yml {node}", "/tmp/keys-record.log")
    added = s.wait(KIOSK_LOG, f"input device added: {KEYBOARD} ")
    _, line = guest.run(f"grep 'input device added: {KEYBOARD} ' {KIOSK_LOG}")
    checks.check("a uinput keyboard plugged in while the kiosk runs is added as a keyboard",
                 added and "keyboard" in line.split(f"({node}): ", 1)[-1], line.strip())
    # The recorder creates its file when it starts; a second more for it to have the device open.
    guest.wait_for("test -e /tmp/keys.yml", timeout=30)
    time.sleep(1)
    guest.run(f"touch {go}")
    state = wait_kiosk_state(guest, lambda st: field_text(st) == TYPED, timeout=60)
    typed_at = time.time()
    focus, shown = state.get("focus") or {}, (state.get("keyboard") or {}).get("shown")
    checks.check("Tab focuses the text field with the focus ring and no on-screen keyboard",
                 focus.get("id") == "name" and focus.get("ring") is True and shown is False, f"focus {focus}, keyboard shown {shown}")
    checks.check(f"the keys typed (Shift for the capital) are the field's state value: {TYPED!r}",
                 field_text(state) == TYPED and focus.get("text") == TYPED, f"state {state.get('state')}, focus text {focus.get('text')!r}")
    expected = ctx.typed_state
    checks.check("the headless replay of the same keys ends in the same state (focus, ring, text, no keyboard)",
                 expected.get("state") == state.get("state") and expected.get("focus") == state.get("focus")
                 and expected.get("keyboard") == state.get("keyboard"), f"replay: {expected.get('focus')}, {expected.get('keyboard')}")
    guest.run(f"kill -INT {recorder}; sleep 1")

    # Past the caret's blinking: the screen and the replay of the same keys, pixel for pixel.
    time.sleep(max(0.0, CARET_SETTLES + 1 - (time.time() - typed_at)))
    screen_matches(guest, ctx.typed, f"{TYPED!r} typed on a uinput keyboard: the screen equals vitrine replay of the same keys", checks,
                   timeout=30, dump="keyboard-typed", poll=1, png=os.path.join(ctx.work, "keyboard-typed.png"))
    status, _ = guest.run("cp /tmp/keys.yml /mnt/host/keys-guest-record.yml")
    detail = "no recording"
    if status == 0:
        try:
            recorded, _ = replay(ctx.binary, ctx.keys_config, os.path.join(ctx.share, "keys-guest-record.yml"),
                                 os.path.join(ctx.work, "keyboard-guest-record.png"))
            differing = recorded.differing_pixels(ctx.typed)
            detail = f"{differing} pixels differ"
        except (subprocess.CalledProcessError, ValueError) as error:
            detail = f"vitrine replay failed: {error}"
    checks.check("a libinput record --show-keycodes of the typing, made in the guest, replays to the same picture",
                 detail == "0 pixels differ", detail)

    # A held key repeats; unplugged while held, the repeat stops.
    guest.run(f"touch {hold}")
    wait_kiosk_state(guest, lambda st: len(field_text(st) or "") >= len(TYPED) + 5, timeout=30)
    guest.run(f"touch {unplug}")
    removed = s.wait(KIOSK_LOG, f"input device removed: {KEYBOARD} ")
    before = field_text(kiosk_state(guest)) or ""
    time.sleep(3)
    after = field_text(kiosk_state(guest)) or ""
    repeats = len(before) - len(TYPED)
    checks.check("a held key repeats in the field", before == TYPED + HELD[0] * repeats and repeats >= 5, f"{repeats} {HELD[0]!r} after the text")
    checks.check("unplugged while a key is held: the keyboard is removed and the text stops growing (no stuck repeat)",
                 removed and after == before, f"{len(before)} then, 3 s later, {len(after)} characters")
    _, kiosk_log = guest.run(f"cat {KIOSK_LOG}")
    checks.check("nothing typed appears in the kiosk's log", TYPED not in kiosk_log and HELD[0] * 5 not in kiosk_log)
    log(kiosk_log[-1500:])
    checks.check("the kiosk is still running", guest.run(f"kill -0 {kiosk}")[0] == 0)
    guest.run(f"kill -TERM {kiosk}; sleep 1")
    print(f"INFO input: the keyboard scenario took {time.time() - started:.0f} s", flush=True)


def main():
    return standalone(TEST_NAME, APPEND, prepare, run)


if __name__ == "__main__":
    sys.exit(main())
