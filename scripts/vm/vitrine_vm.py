"""Boots the Debian test guest in QEMU and drives it: commands through the ttyS1 agent, screen
captures through the HMP monitor, files through a 9p share (/mnt/host in the guest).
Arm64Guest boots the arm64 one (qemu-system-aarch64, its agent on hvc0) the same way.

Standard library only. Used by the system tests in this folder; see Docs/testing.md.
"""
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class Checks:
    """Prints one PASS/FAIL line per check and remembers whether all passed."""

    def __init__(self, name):
        self.name = name
        self.failed = []

    def check(self, label, ok, detail=""):
        line = ("PASS " if ok else "FAIL ") + f"{self.name}: {label}"
        if detail:
            line += f" ({detail})"
        print(line, flush=True)
        if not ok:
            self.failed.append(label)
        return ok

    def finish(self):
        if self.failed:
            print(f"FAIL {self.name}: {len(self.failed)} check(s) failed: " + "; ".join(self.failed), flush=True)
            return 1
        print(f"PASS {self.name}: all checks passed", flush=True)
        return 0


from picture import Picture, decode_test_pattern_frame  # noqa: E402,F401 (re-exported for the tests)


def log(message):
    print(f"[vm] {message}", file=sys.stderr, flush=True)


def build_image():
    """Returns the guest image path, building it when missing."""
    out = subprocess.run([os.path.join(HERE, "build-image.sh")], check=True, stdout=subprocess.PIPE, text=True)
    return out.stdout.strip().splitlines()[-1]


def kernel_files():
    kernels = sorted((f for f in os.listdir("/boot") if f.startswith("vmlinuz-")), key=lambda f: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", f)])
    if not kernels:
        raise SystemExit("no kernel in /boot: install linux-image-amd64")
    version = kernels[-1][len("vmlinuz-"):]
    return f"/boot/vmlinuz-{version}", f"/boot/initrd.img-{version}"


BUILD_HINT = ("swift build -c release --static-swift-stdlib --product vitrine, then "
              "VITRINE_BINARY=$(swift build -c release --static-swift-stdlib --show-bin-path)/vitrine (scripts/test.sh does both)")


def release_binary():
    """The release binary the system tests run: $VITRINE_BINARY, built once by scripts/test.sh
    with the Swift runtime linked in (so it runs in the guest). The tests never build it."""
    path = os.environ.get("VITRINE_BINARY")
    if not path:
        raise SystemExit("the system tests need VITRINE_BINARY, a release build of vitrine: " + BUILD_HINT)
    if not os.access(path, os.X_OK):
        raise SystemExit(f"VITRINE_BINARY={path} is not an executable: " + BUILD_HINT)
    return os.path.abspath(path)


def accelerator():
    """KVM when it works here (a guest then runs at nearly the host's speed), else TCG;
    VITRINE_VM_ACCEL overrides, and the answer is put there for the processes this one starts.

    /dev/kvm existing is not enough: on a machine that is itself a guest, nested KVM can open and
    still run nothing (here it printed "host doesn't support requested feature" and the guest
    hung after the real-mode setup's "Probing EDD" line). So the probe boots the test kernel
    under KVM and waits up to KVM_PROBE_SECONDS for the kernel proper's first line, "Linux
    version", on the serial console (earlyprintk)."""
    if os.environ.get("VITRINE_VM_ACCEL"):
        return os.environ["VITRINE_VM_ACCEL"]
    answer = "kvm" if kvm_boots() else "tcg"
    os.environ["VITRINE_VM_ACCEL"] = answer
    return answer


KVM_PROBE_SECONDS = 10


def kvm_boots():
    try:
        fd = os.open("/dev/kvm", os.O_RDWR)
        os.close(fd)
    except OSError:
        return False
    kernel, initrd = kernel_files()
    folder = tempfile.mkdtemp(prefix="vitrine-kvm-probe-")
    serial = os.path.join(folder, "serial.log")
    process = subprocess.Popen(["qemu-system-x86_64", "-accel", "kvm", "-smp", "1", "-m", "256", "-kernel", kernel, "-initrd", initrd,
                                "-append", "console=ttyS0 earlyprintk=ttyS0 panic=-1", "-display", "none", "-serial", f"file:{serial}",
                                "-no-reboot", "-nic", "none"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + KVM_PROBE_SECONDS
    booted = False
    try:
        while time.time() < deadline and process.poll() is None:
            if os.path.exists(serial) and b"Linux version" in open(serial, "rb").read():
                booted = True
                break
            time.sleep(0.2)
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    log(f"KVM probe: {'the kernel boots under KVM' if booted else '/dev/kvm is there but a guest does not run under it; using TCG'}")
    return booted


class Context:
    """What a system test gets besides its guest: its own host folder (`work`: renders,
    screendumps), the folder shared with the guest as /mnt/host (`share`: the binary as
    /mnt/host/vitrine, the helpers, the repository files install.sh needs) and the host's copy of
    the binary (`binary`, for headless renders to compare with)."""

    def __init__(self, name, work, share):
        self.name = name
        self.work = work
        self.share = share
        self.binary = os.path.join(share, "vitrine")
        os.makedirs(work, exist_ok=True)


def make_share(name):
    """Empties .build/vm/<name> and fills its share folder (the guest's /mnt/host): the release
    binary, uinput_device.py, touch_driver.py, alsa_capture.py and the repository tree install.sh
    needs. Returns (work folder, share folder)."""
    work = os.path.join(ROOT, ".build", "vm", name)
    share = os.path.join(work, "share")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(share)
    shutil.copy(release_binary(), os.path.join(share, "vitrine"))
    for helper in ("uinput_device.py", "touch_driver.py", "alsa_capture.py"):
        shutil.copy(os.path.join(HERE, helper), share)
    install_tree(share)
    return work, share


def standalone(name, append, prepare, run):
    """Runs one system test in a guest of its own (how each test-*.py runs by hand); returns
    the exit status. scripts/vm/run-system-tests.py runs several in one guest instead."""
    work, share = make_share(name)
    context = Context(name, os.path.join(work, name), share)
    prepare(context)
    image = build_image()
    checks = Checks(name)
    with Guest(os.path.join(work, "guest"), image, share, append=append) as guest:
        run(guest, checks, context)
    return checks.finish()


class Guest:
    """One QEMU guest. Use as a context manager: it is shut down on exit."""

    def __init__(self, work, image, share, append="", memory=1024, vga="std", extra_args=()):
        self.work = work
        self.image = image
        self.share = share
        self.append = append
        self.memory = memory
        self.vga = vga
        self.extra_args = list(extra_args)
        self.process = None
        self.agent = None
        self.agent_buffer = b""
        self.next_id = 0

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            # A guest that never answered must not keep running after the test gave up on it.
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self, timeout=240, keep_disk=False):
        """Boots the guest on a fresh copy-on-write disk over the image, or with `keep_disk` on
        the disk the last boot left (a reboot: what was installed stays)."""
        os.makedirs(self.work, exist_ok=True)
        overlay = os.path.join(self.work, "overlay.qcow2")
        if not (keep_disk and os.path.exists(overlay)):
            if os.path.exists(overlay):
                os.remove(overlay)
            subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", self.image, "-F", "raw", overlay], check=True)
        self.monitor_path = os.path.join(self.work, "monitor.sock")
        self.agent_path = os.path.join(self.work, "agent.sock")
        self.serial_log = os.path.join(self.work, "serial.log")
        for path in (self.monitor_path, self.agent_path):
            if os.path.exists(path):
                os.remove(path)
        command = self.qemu_command(overlay)
        log("starting QEMU: " + " ".join(command))
        self.process = subprocess.Popen(command, stdout=open(os.path.join(self.work, "qemu.log"), "w"), stderr=subprocess.STDOUT)
        deadline = time.time() + timeout
        while not (os.path.exists(self.agent_path) and os.path.exists(self.monitor_path)):
            if self.process.poll() is not None:
                raise RuntimeError("QEMU exited: " + open(os.path.join(self.work, "qemu.log")).read())
            if time.time() > deadline:
                raise RuntimeError("QEMU did not create its sockets")
            time.sleep(0.1)
        # The socket file exists a moment before QEMU listens on it (KVM gets here that fast).
        while True:
            self.agent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                self.agent.connect(self.agent_path)
                break
            except ConnectionRefusedError:
                self.agent.close()
                if self.process.poll() is not None:
                    raise RuntimeError("QEMU exited: " + open(os.path.join(self.work, "qemu.log")).read())
                if time.time() > deadline:
                    raise RuntimeError("QEMU did not accept the agent's connection")
                time.sleep(0.05)
        started = time.time()
        self._read_until(b"AGENT-READY", deadline)
        log(f"guest agent ready after {time.time() - started:.1f} s")
        # A binary that cannot start (a library missing from the image) fails every check after;
        # say so once, plainly.
        if os.path.exists(os.path.join(self.share, "vitrine")):
            status, output = self.run("/mnt/host/vitrine --version")
            if status != 0:
                raise RuntimeError("vitrine does not start in the guest: " + output.strip())

    def qemu_command(self, overlay):
        """QEMU's command line: an x86-64 guest on the host's kernel, bochs (`-vga std`) for DRM,
        the console on ttyS0 and the agent on ttyS1."""
        kernel, initrd = kernel_files()
        accel = accelerator()
        return [
            "qemu-system-x86_64", "-accel", accel, "-smp", "2", "-m", str(self.memory),
            "-kernel", kernel, "-initrd", initrd,
            "-drive", f"file={overlay},if=virtio,format=qcow2",
            "-append", f"root=/dev/vda rw console=ttyS0 quiet loglevel=3 {self.append}".strip(),
            "-vga", self.vga, "-display", "none",
            "-serial", f"file:{self.serial_log}",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off", "-serial", "chardev:agent",
            "-monitor", f"unix:{self.monitor_path},server,nowait",
            "-virtfs", f"local,path={self.share},mount_tag=hostshare,security_model=none,id=hostshare",
            "-no-reboot", "-nic", "none",
        ] + self.extra_args

    def power_off(self, timeout=180):
        """Shuts the guest down cleanly (disk written back) and waits for QEMU to exit."""
        self.run("(sleep 1; systemctl poweroff) >/dev/null 2>&1 &")
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            log("the guest did not power off in time; stopping QEMU")
            self.stop()
        if self.agent:
            self.agent.close()
            self.agent = None
        self.agent_buffer = b""

    def stop(self):
        if self.process and self.process.poll() is None:
            try:
                self.monitor("quit")
            except OSError:
                pass
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.agent:
            self.agent.close()
            self.agent = None

    def _read_until(self, marker, deadline):
        while marker not in self.agent_buffer:
            remaining = deadline - time.time()
            if remaining <= 0:
                raise TimeoutError(f"guest did not answer within the time limit; serial log: {self.serial_log}")
            self.agent.settimeout(min(remaining, 1.0))
            try:
                chunk = self.agent.recv(65536)
            except socket.timeout:
                if self.process.poll() is not None:
                    raise RuntimeError("QEMU exited; serial log: " + self.serial_log)
                continue
            if not chunk:
                raise RuntimeError("agent connection closed")
            self.agent_buffer += chunk
        index = self.agent_buffer.index(marker) + len(marker)
        before, self.agent_buffer = self.agent_buffer[:index], self.agent_buffer[index:]
        return before

    def run(self, command, timeout=120, check=False):
        """Runs a shell command in the guest; returns (status, output)."""
        self.next_id += 1
        request = f"{self.next_id} " + base64.b64encode(command.encode()).decode() + "\n"
        self.agent.sendall(request.encode())
        deadline = time.time() + timeout
        marker = f"RESULT {self.next_id} ".encode()
        self._read_until(marker, deadline)
        rest = self._read_until(b"\n", deadline)
        status_text, _, payload = rest.decode().strip().partition(" ")
        output = base64.b64decode(payload).decode(errors="replace") if payload else ""
        status = int(status_text)
        if check and status != 0:
            raise RuntimeError(f"guest command failed ({status}): {command}\n{output}")
        return status, output

    def spawn(self, command, log_path="/tmp/spawned.log"):
        """Starts a command in the background in the guest; returns its PID."""
        status, output = self.run(f"setsid nohup bash -c {shell_quote(command)} >{log_path} 2>&1 </dev/null & echo $!", check=True)
        return int(output.strip().splitlines()[-1])

    def wait_for(self, command, timeout=60, interval=0.5):
        """Runs `command` until it succeeds; returns its output or raises TimeoutError."""
        deadline = time.time() + timeout
        while True:
            status, output = self.run(command)
            if status == 0:
                return output
            if time.time() > deadline:
                raise TimeoutError(f"timed out waiting for: {command}\n{output}")
            time.sleep(interval)

    def monitor(self, command):
        """Sends one HMP command and returns its answer."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(self.monitor_path)
            s.settimeout(30)
            data = b""
            while not data.endswith(b"(qemu) "):
                data += s.recv(4096)
            s.sendall(command.encode() + b"\n")
            if command == "quit":
                # Closing at once can drop the command before QEMU reads it.
                time.sleep(0.5)
                return ""
            data = b""
            while not data.endswith(b"(qemu) "):
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            return data.decode(errors="replace")

    def screendump(self, name):
        """Captures the screen as PPM (QEMU 7.2's PNG swaps red and blue) and loads it."""
        path = os.path.join(self.work, re.sub(r"[^A-Za-z0-9._-]", "_", name))
        if os.path.exists(path):
            os.remove(path)
        self.monitor(f"screendump {path}")
        deadline = time.time() + 10
        while not os.path.exists(path) and time.time() < deadline:
            time.sleep(0.05)
        return Picture.load_ppm(path)


def build_image_arm64():
    """Returns the arm64 guest's folder (root.img, vmlinuz, initrd.img), building it when missing."""
    out = subprocess.run([os.path.join(HERE, "build-image-arm64.sh")], check=True, stdout=subprocess.PIPE, text=True)
    return out.stdout.strip().splitlines()[-1]


class Arm64Guest(Guest):
    """An arm64 guest (scripts/vm/build-image-arm64.sh's Debian 13): qemu-system-aarch64's `virt`
    machine under TCG, booting the image's own kernel and initrd; virtio-gpu for DRM/KMS at
    `size`; the console on the PL011 (ttyAMA0) and the agent on a virtio console (hvc0), since
    virt has one UART. The rest — agent, monitor, 9p share, overlay disk — is Guest's."""

    def __init__(self, work, image_folder, share, append="", memory=2048, cpu="cortex-a72", size=(1280, 800), extra_args=()):
        super().__init__(work, os.path.join(image_folder, "root.img"), share, append=append, memory=memory, vga=None,
                         extra_args=extra_args)
        self.kernel = os.path.join(image_folder, "vmlinuz")
        self.initrd = os.path.join(image_folder, "initrd.img")
        self.cpu = cpu
        self.size = size

    def qemu_command(self, overlay):
        width, height = self.size
        return [
            "qemu-system-aarch64", "-M", "virt", "-cpu", self.cpu, "-accel", "tcg", "-smp", "2", "-m", str(self.memory),
            "-kernel", self.kernel, "-initrd", self.initrd,
            "-drive", f"file={overlay},if=virtio,format=qcow2",
            "-append", f"root=/dev/vda rw console=ttyAMA0 quiet loglevel=3 {self.append}".strip(),
            "-device", f"virtio-gpu-pci,xres={width},yres={height}", "-display", "none",
            "-serial", f"file:{self.serial_log}",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off",
            "-device", "virtio-serial-pci", "-device", "virtconsole,chardev=agent",
            "-monitor", f"unix:{self.monitor_path},server,nowait",
            "-virtfs", f"local,path={self.share},mount_tag=hostshare,security_model=none,id=hostshare",
            "-no-reboot", "-nic", "none",
        ] + self.extra_args


def swipe_steps(x0, x1, y, width, height, sensor=4096, ms=240):
    """uinput_device.py steps: protocol-B frames of one finger moving from x0 to x1 (screen
    pixels of a width x height screen, sensor units 0..sensor) every 8 ms, then lifting."""
    def units(px, size):
        return round(px * sensor / size)
    steps = [["frame", [{"slot": 0, "id": 7, "x": units(x0, width), "y": units(y, height)}]]]
    count = ms // 8
    for i in range(1, count + 1):
        x = x0 + (x1 - x0) * i / count
        steps += [["sleep", 0.008], ["frame", [{"slot": 0, "x": units(x, width)}]]]
    return steps + [["sleep", 0.008], ["frame", [{"slot": 0, "id": -1}]], ["sleep", 0.3]]


def swipe_script(x0, x1, y, ms=240):
    """The swipe swipe_steps plays, as a JSON touch script for `vitrine replay`."""
    count = ms // 8
    events = [{"t": 0, "id": 1, "phase": "down", "x": x0, "y": y}]
    for i in range(1, count + 1):
        events.append({"t": i * 8, "id": 1, "phase": "move", "x": x0 + (x1 - x0) * i / count, "y": y})
    events.append({"t": count * 8 + 8, "id": 1, "phase": "up", "x": x1, "y": y})
    return events


def keyboard_recorder():
    """Tests/VitrineInputTests/Recordings/make-keyboard-recordings.py as a module: KEYS (each key's
    evdev code and HID usage), KEYBOARD (a USB keyboard as `libinput record --show-keycodes`
    describes one) and KeyRecording, which writes keyboard recordings `vitrine replay` plays."""
    import importlib.util
    path = os.path.join(ROOT, "Tests", "VitrineInputTests", "Recordings", "make-keyboard-recordings.py")
    spec = importlib.util.spec_from_file_location("make_keyboard_recordings", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def key_timeline(*items):
    """A person typing: (µs, key, 1 pressed | 0 released) for each item, a key name of
    make-keyboard-recordings.py's KEYS ("TAB", "ENTER") or a text of the keys it knows. A key every
    150 ms, held 80 ms; a capital is Shift held around its letter, as that script types "Cafe"."""
    keys = keyboard_recorder().KEYS
    events, t = [], 0
    for item in items:
        for key in [item] if item in keys else list(item):
            if key.isupper() and len(key) == 1:
                key = key.lower()
                events += [(t, "LEFTSHIFT", 1), (t + 40_000, key, 1), (t + 110_000, key, 0), (t + 130_000, "LEFTSHIFT", 0)]
            else:
                events += [(t, key, 1), (t + 80_000, key, 0)]
            t += 150_000
    return events


def keyboard_steps(timeline):
    """uinput_device.py steps (a "keyboard" device) playing a key_timeline at its pace."""
    keys = keyboard_recorder().KEYS
    steps, last = [], 0
    for at, key, value in timeline:
        if at > last:
            steps.append(["sleep", (at - last) / 1e6])
            last = at
        steps.append(["key", keys[key][0], value])
    return steps


def keyboard_recording(timeline, path, name="vitrine-test-keyboard", device_id=(3, 0x1234, 0x4b42, 1)):
    """Writes the key_timeline as a `libinput record` file of a USB keyboard called `name` (what
    uinput_device.py's keyboard is), for `vitrine replay --events`."""
    recorder = keyboard_recorder()
    # udev's properties as for the uinput keyboard: no serial.
    recording = recorder.KeyRecording(dict(recorder.KEYBOARD, name=name, id=list(device_id),
                                           udev=["ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1"]))
    for at, key, value in timeline:
        recording.key(key, value, at)
    recording.write(os.path.abspath(path))
    return path


KIOSK_CTL = "/usr/bin/vitrine ctl --timeout 30"


def kiosk_state(guest):
    """The installed kiosk's state (`vitrine ctl state` in the guest) as a dict; {} when it does not answer."""
    status, output = guest.run(f"{KIOSK_CTL} state 2>&1", timeout=90)
    try:
        return json.loads(output) if status == 0 else {}
    except ValueError:
        return {}


def wait_kiosk_state(guest, predicate, timeout, poll=1.0):
    """The kiosk's state once `predicate` holds for it, or the last one read when `timeout` passes."""
    deadline = time.time() + timeout
    while True:
        current = kiosk_state(guest)
        if predicate(current) or time.time() > deadline:
            return current
        time.sleep(poll)


def screen_matches(guest, expected, label, checks, timeout=30, dump=None, poll=0.5, png=None):
    """Waits (up to `timeout`) for the guest's screen to equal `expected`; one check line.
    `dump` names the screendump (the label by default); `png`, when given, is where the last one
    is also written as PNG, to look at."""
    deadline = time.time() + timeout
    while True:
        shot = guest.screendump((dump or label) + ".ppm")
        differing = shot.differing_pixels(expected)
        if differing == 0 or time.time() > deadline:
            break
        time.sleep(poll)
    if png:
        shot.save_png(png)
        log(f"screendump {os.path.relpath(png, ROOT)} ({shot.width}x{shot.height})")
    if differing is None:
        detail = f"screen {shot.width}x{shot.height}, expected {expected.width}x{expected.height}"
    elif differing:
        detail = f"{differing} pixels differ, first: {shot.differing_positions(expected, 4)}"
    else:
        detail = f"{expected.width}x{expected.height}, pixel for pixel"
    return checks.check(label, differing == 0, detail)


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def install_tree(share):
    """The files install.sh needs, at the same relative paths as in the repository."""
    tree = os.path.join(share, "repo")
    os.makedirs(os.path.join(tree, "scripts"))
    shutil.copy(os.path.join(ROOT, "scripts", "install.sh"), os.path.join(tree, "scripts"))
    shutil.copytree(os.path.join(ROOT, "Systemd"), os.path.join(tree, "Systemd"))
    shutil.copytree(os.path.join(ROOT, "Examples"), os.path.join(tree, "Examples"), ignore=shutil.ignore_patterns(".build"))
