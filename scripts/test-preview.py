#!/usr/bin/env python3
"""The desktop preview in a real window under Xvfb (Docs/preview.md).

Runs `vitrine preview` on a copy of Examples/kiosk.json in an Xvfb screen and checks, through X
itself (xwd of the window, xdotool for the mouse, a WM_DELETE_WINDOW message for the close):
- the window shows, pixel for pixel, what the headless output shows for the same config;
- a mouse drag pages the onboarding (the control socket's state says page 1, the window changed);
- a saved change to the config is in the window, on the same onboarding page (the time is printed,
  and asserted only against SAVE_BOUND);
- a saved broken config shows the error page, pixel for pixel as the headless runtime draws it;
  the next good save replaces it;
- saving an image in images/ reloads, and so does the R key;
- the O key turns the panel (the window becomes 800x1280 and shows the headless render at
  rotation 90, pixel for pixel);
- the P key changes to the next preset panel size (window and scene);
- the S key writes a PNG equal to what the window shows;
- without a desktop it exits 1 with a message saying so and what to do; without SDL 2 (the
  panel package does not pull it) it exits 1 naming the package;
- closing the window (WM_DELETE_WINDOW, what a window manager's close button sends) exits 0;
- an idle preview's CPU use over 3 seconds (reported; asserted below 25 %, a bound that holds on a
  busy two-core machine: a 60 Hz event poll costs well under 1 %).

Usage: scripts/test-preview.py [--vitrine PATH]   (default: builds and uses .build/debug/vitrine)
Needs Xvfb, xdotool and xwd (scripts/install-deps.sh --package).
"""
import argparse
import ctypes
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Save -> new pixels in the window is a wall-clock figure on a shared two-core host (scripts/test.sh
# runs the release build; these figures were measured with a debug build, slower):
# 139-397 ms measured idle (the reload itself 25-81 ms, inotify's 15 ms merge included). It is
# printed; the check only asks that the change arrived in a time no working reload exceeds even
# with the other core busy (a reload that never happens fails at any bound). The tight number is
# `vitrine bench`'s data-update row.
SAVE_BOUND = 4.0
sys.path.insert(0, os.path.join(ROOT, "scripts", "vm"))
from picture import Picture  # noqa: E402


class Checks:
    def __init__(self):
        self.failed = []

    def check(self, name, ok, detail=""):
        print(f"{'PASS' if ok else 'FAIL'}: {name}" + (f" ({detail})" if detail else ""), flush=True)
        if not ok:
            self.failed.append(name)


def start_xvfb():
    """An Xvfb screen on the first free display number; returns (process, ':N')."""
    for number in range(90, 140):
        if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
            continue
        process = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "2048x2048x24", "-nolisten", "tcp"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                return process, f":{number}"
            if process.poll() is not None:
                break
            time.sleep(0.05)
        process.kill()
    raise SystemExit("test-preview: no Xvfb display could be started (is xvfb installed?)")


class Preview:
    """A running `vitrine preview` and its window."""

    def __init__(self, vitrine, config, display, folder, extra=()):
        self.display = display
        self.env = dict(os.environ, DISPLAY=display)
        self.env.pop("WAYLAND_DISPLAY", None)
        self.socket_path = os.path.join(folder, "control.sock")
        self.log_path = os.path.join(folder, "preview.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [vitrine, "preview", config, "--size", "1280x800", "--control", self.socket_path, "--screenshots", folder, *extra],
            stdout=self.log, stderr=subprocess.STDOUT, env=self.env)
        self.window = None
        deadline = time.time() + 60
        while time.time() < deadline and self.window is None:
            if self.process.poll() is not None:
                raise SystemExit(f"test-preview: preview exited {self.process.returncode}:\n" + open(self.log_path).read())
            for line in open(self.log_path):
                if line.startswith("preview: X11 window "):
                    self.window = line.split()[3]
            time.sleep(0.1)
        if self.window is None:
            raise SystemExit("test-preview: the preview window did not appear:\n" + open(self.log_path).read())
        self.wait_for(lambda: os.path.exists(self.socket_path), 30, "the control socket")

    def wait_for(self, condition, seconds, what):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if condition():
                return True
            time.sleep(0.05)
        raise SystemExit(f"test-preview: timed out waiting for {what}:\n" + open(self.log_path).read())

    def control(self, command, **arguments):
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.settimeout(10)
        client.connect(self.socket_path)
        client.sendall((json.dumps(dict(arguments, command=command)) + "\n").encode())
        reply = b""
        while True:
            for line in reply.decode(errors="replace").splitlines():
                message = json.loads(line)
                if "ok" in message or "error" in message:
                    client.close()
                    return message
            chunk = client.recv(65536)
            if not chunk:
                client.close()
                raise SystemExit(f"test-preview: no reply to {command}: {reply!r}")
            reply += chunk

    def state(self):
        return self.control("state").get("result", {})

    def capture(self, folder, name):
        path = os.path.join(folder, name + ".xwd")
        subprocess.run(["xwd", "-silent", "-id", self.window, "-out", path], env=self.env, check=True)
        return Picture.load_xwd(path)

    def dump(self):
        """The window's raw dump (fast: for watching it change)."""
        return subprocess.run(["xwd", "-silent", "-id", self.window], env=self.env, check=True, capture_output=True).stdout

    def xdotool(self, *arguments):
        subprocess.run(["xdotool", *arguments], env=self.env, check=True)

    def close_like_a_window_manager(self):
        """Sends WM_PROTOCOLS / WM_DELETE_WINDOW, as a window manager's close button does."""
        x11 = ctypes.CDLL("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XInternAtom.restype = ctypes.c_ulong
        x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

        class ClientMessage(ctypes.Structure):
            _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                        ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                        ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]

        class Event(ctypes.Union):
            _fields_ = [("client", ClientMessage), ("pad", ctypes.c_long * 24)]

        display = x11.XOpenDisplay(self.display.encode())
        protocols = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
        delete = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
        event = Event()
        event.client.type = 33  # ClientMessage
        event.client.window = int(self.window)
        event.client.message_type = protocols
        event.client.format = 32
        event.client.data[0] = delete
        event.client.data[1] = 0  # CurrentTime
        x11.XSendEvent(display, int(self.window), 0, 0, ctypes.byref(event))
        x11.XFlush(display)
        x11.XCloseDisplay(display)

    def cpu_seconds(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def headless_render(vitrine, config, folder, name, rotation=0):
    """What the panel's runtime shows at start for `config`, through the headless output (a
    broken config's error page on its details, as the preview shows it)."""
    path = os.path.join(folder, name + ".png")
    subprocess.run([vitrine, "run", "--config", config, "--output", "headless", "--size", "1280x800", "--rotation", str(rotation),
                    "--control", "none", "--seconds", "1.5", "--error-details", "--screenshot", path], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return Picture.load_png(path)


def save(path, text):
    """Saves as an editor does: a new file renamed over the old one."""
    with open(path + ".tmp", "wb" if isinstance(text, bytes) else "w") as f:
        f.write(text)
    os.rename(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vitrine", default=None)
    options = parser.parse_args()
    vitrine = options.vitrine
    if vitrine is None:
        subprocess.run(["swift", "build", "--product", "vitrine"], cwd=ROOT, check=True)
        vitrine = os.path.join(ROOT, ".build", "debug", "vitrine")
    checks = Checks()
    folder = tempfile.mkdtemp(prefix="vitrine-preview-")
    # Pictures and logs go beside the config's folder: the preview reloads on anything saved in it.
    kiosk = os.path.join(folder, "kiosk")
    os.mkdir(kiosk)
    shutil.copytree(os.path.join(ROOT, "Examples", "images"), os.path.join(kiosk, "images"))
    config = os.path.join(kiosk, "kiosk.json")
    original = open(os.path.join(ROOT, "Examples", "kiosk.json")).read()
    save(config, original)
    xvfb, display = start_xvfb()
    preview = None
    try:
        reference = headless_render(vitrine, config, folder, "reference")
        preview = Preview(vitrine, config, display, folder)
        time.sleep(1.5)
        shown = preview.capture(folder, "window-start")
        differing = shown.differing_pixels(reference)
        checks.check("the window shows the headless render of the same config, pixel for pixel",
                     differing == 0, f"{shown.width}x{shown.height} window, {differing} pixels differ")

        before = preview.cpu_seconds()
        time.sleep(3)
        idle = (preview.cpu_seconds() - before) / 3 * 100
        checks.check("an idle preview stays near zero CPU", idle < 25, f"{idle:.1f} % of a core over 3 s")

        # A finger's swipe to the left: the onboarding goes to its second page.
        preview.xdotool("mousemove", "--window", preview.window, "1000", "400", "mousedown", "1")
        for x in range(1000, 199, -50):
            preview.xdotool("mousemove", "--window", preview.window, str(x), "400")
            time.sleep(0.016)
        preview.xdotool("mouseup", "1")
        preview.wait_for(lambda: not preview.state().get("onboarding", {}).get("transitioning", True), 10, "the page to settle")
        page = preview.state().get("onboarding", {}).get("page_index")
        paged = preview.capture(folder, "window-paged")
        checks.check("a mouse drag pages the onboarding", page == 1 and paged.differing_pixels(shown) != 0, f"page_index {page}")

        # A saved change (the second page's title) is in the window, on page 2 (see SAVE_BOUND).
        changed = json.loads(original)
        changed["onboarding"]["pages"][1]["title"] = "Galleries, newly hung"
        paged_dump = preview.dump()
        started = time.time()
        save(config, json.dumps(changed, indent=2))
        seen = None
        while time.time() - started < SAVE_BOUND + 5:
            if preview.dump() != paged_dump:
                seen = time.time() - started
                break
            time.sleep(0.01)
        page = preview.state().get("onboarding", {}).get("page_index")
        checks.check(f"a saved change is in the window, on the same page (within the {SAVE_BOUND} s load bound)",
                     seen is not None and seen < SAVE_BOUND and page == 1,
                     f"{f'not seen in {SAVE_BOUND + 5} s' if seen is None else f'{seen * 1000:.0f} ms'}, page_index {page}")

        # A broken save: the error page, exactly as the runtime draws it for that file.
        broken = json.dumps(changed, indent=2).replace('"title": "Galleries, newly hung"', '"title": "Galleries, newly hung",,')
        save(config, broken)
        time.sleep(1.0)
        error_shown = preview.capture(folder, "window-error")
        error_reference = headless_render(vitrine, config, folder, "reference-error")
        # The same page but for its hint, which in the preview says that a save reloads (the
        # panel's says `systemctl reload vitrine`): the rows that differ are one line of it.
        rows = error_shown.differing_rows(error_reference) or []
        band = rows[-1] - rows[0] + 1 if rows else 0
        checks.check("a broken save shows the runtime's error page in the window, its hint aside (one line, the preview's words)",
                     rows and band <= 30 and rows[0] > 200,
                     f"rows {rows[0] if rows else '-'}..{rows[-1] if rows else '-'} differ from the headless error page ({len(rows)} rows)")

        save(config, json.dumps(changed, indent=2))
        preview.wait_for(lambda: preview.state().get("onboarding") is not None, 5, "the good save to replace the error page")
        fixed = preview.capture(folder, "window-fixed")
        page = preview.state().get("onboarding", {}).get("page_index")
        checks.check("the next good save replaces the error page, back on the same page",
                     fixed.differing_pixels(error_shown) != 0 and page == 1, f"page_index {page}")

        # An image saved in images/ reloads too; so does the R key.
        def reloads():
            return sum(1 for line in open(preview.log_path) if line.startswith("preview: reload "))
        before = reloads()
        image = os.path.join(kiosk, "images", "hall.jpg")
        save(image, open(image, "rb").read())
        deadline = time.time() + 5
        while reloads() == before and time.time() < deadline:
            time.sleep(0.05)
        lines = [line for line in open(preview.log_path) if line.startswith("preview: reload ")]
        checks.check("saving an image in images/ reloads", reloads() > before and "hall.jpg" in lines[-1], lines[-1].strip())
        before = reloads()
        preview.xdotool("key", "--window", preview.window, "r")
        deadline = time.time() + 5
        while reloads() == before and time.time() < deadline:
            time.sleep(0.05)
        lines = [line for line in open(preview.log_path) if line.startswith("preview: reload ")]
        checks.check("the R key reloads", reloads() == before + 1 and "changed" not in lines[-1], lines[-1].strip())

        # The O key turns the panel: the window is the portrait render of the same config.
        save(config, original)
        time.sleep(0.5)
        preview.control("navigate", to="root")
        preview.xdotool("key", "--window", preview.window, "o")
        time.sleep(2.0)
        turned = preview.capture(folder, "window-turned")
        turned_reference = headless_render(vitrine, config, folder, "reference-turned", rotation=90)
        differing = turned.differing_pixels(turned_reference)
        checks.check("the O key turns the panel (800x1280, as the headless output at rotation 90)",
                     (turned.width, turned.height) == (800, 1280) and differing == 0,
                     f"{turned.width}x{turned.height}, {differing if differing is not None else 'all'} pixels differ")

        # The P key: the next preset panel size (1920x1080 after 1280x800), still turned.
        preview.xdotool("key", "--window", preview.window, "p")
        time.sleep(2.0)
        bigger = preview.capture(folder, "window-bigger")
        size = preview.state().get("size", {})
        checks.check("the P key changes to the next panel size (1920x1080, turned: a 1080x1920 window)",
                     (bigger.width, bigger.height) == (1080, 1920) and (size.get("width"), size.get("height")) == (1080, 1920),
                     f"window {bigger.width}x{bigger.height}, scene {size.get('width')}x{size.get('height')} points")

        # The S key writes what the window shows.
        preview.xdotool("key", "--window", preview.window, "s")
        shot = os.path.join(folder, "vitrine-preview-1.png")
        preview.wait_for(lambda: os.path.exists(shot), 10, "the S key's screenshot")
        time.sleep(0.3)
        differing = Picture.load_png(shot).differing_pixels(preview.capture(folder, "window-shot"))
        checks.check("the S key writes what the window shows", differing == 0, f"{differing} pixels differ")

        preview.close_like_a_window_manager()
        try:
            status = preview.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            status = None
        checks.check("closing the window exits 0", status == 0, f"exit {status}")
    finally:
        if preview and preview.process.poll() is None:
            preview.process.kill()
        xvfb.kill()
        if preview:
            print("--- preview log (last lines)")
            print("".join(open(preview.log_path).readlines()[-15:]))
    # Without a desktop: a clear error, not a window nobody sees.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    alone = subprocess.run([vitrine, "preview", config, "--seconds", "1"], env=env, capture_output=True, text=True, timeout=60)
    checks.check("without a desktop it exits 1 saying there is none and what to do",
                 alone.returncode == 1 and "no desktop" in alone.stderr and "xvfb-run" in alone.stderr,
                 f"exit {alone.returncode}: {alone.stderr.strip().splitlines()[-1] if alone.stderr.strip() else ''}")
    # Without SDL 2 (the panel package leaves it out): a clear error naming the package.
    absent = subprocess.run([vitrine, "preview", config, "--seconds", "1"], env=dict(env, VITRINE_SDL_LIBRARY="libSDL2-absent.so.0"),
                            capture_output=True, text=True, timeout=60)
    checks.check("without SDL 2 it exits 1 saying which package to install",
                 absent.returncode == 1 and "needs SDL 2" in absent.stderr and "apt-get install libsdl2-2.0-0" in absent.stderr,
                 f"exit {absent.returncode}: {absent.stderr.strip().splitlines()[-1] if absent.stderr.strip() else ''}")
    print(f"pictures and log: {folder}")
    if checks.failed:
        print("FAIL: " + ", ".join(checks.failed))
        return 1
    print("PASS: preview")
    return 0


if __name__ == "__main__":
    sys.exit(main())
