#!/usr/bin/env python3
"""QEMU system test for speech mode and the headset jack (issue 33): a headset plugged into the
panel makes the installed kiosk speak, and what it says reaches the sound card.

The guest gets a sound card with no hardware: `snd-aloop` (Debian's kernel has it), whose
capture side (`plughw:CARD=Loopback,DEV=1`) hears, bit for bit, what is played on its playback
side (`DEV=0`). The ticket machine (Examples/tickets) is installed with scripts/install.sh and
runs as vitrine.service — the packaged unit's sandbox and groups are part of what is tested —
with `accessibility.speechDevice` set to the loopback's playback side. A uinput device
(uinput_device.py's "headset") is a headphone jack as a sound card's driver reports one: EV_SW
with SW_HEADPHONE_INSERT. It is made before the kiosk starts: jack devices are found at start
(Docs/speech.md, "The headset jack"). alsa_capture.py records the capture side the whole time,
and the kiosk's state is read over the control socket. One PASS/FAIL line each:
- snd-aloop loads; the kiosk's journal says it follows the jack's input device, unplugged;
- before the plug: speech mode off, nothing said, and the capture silent (every sample 0: the
  loopback is digital, nothing plays);
- SW_HEADPHONE_INSERT=1: speech mode on, and the state's `said` has "Speech on" and the screen's
  title ("City Transit");
- the sound begins with "Speech on" whole, sample for sample as `vitrine say --wav` makes it on
  the host with the kiosk's voice, rate and volume (the non-zero samples compared: a gap, or an
  underrun on a loaded host, adds only zeros); then the screen and its first row are heard, as
  loud and as long as the host synthesises them (peak at least PEAK_FLOOR; first to last sound
  0.8–1.5 times, and the 20 ms blocks that sound within 10 %, of their length) — not sample for
  sample: eSpeak NG's samples depend on the utterance before; loudness and lengths are printed;
- SW_HEADPHONE_INSERT=0: speech mode off, and the capture silent after it;
- plugged again and pulled while the screen is still being said: the sound stops within
  STOP_BOUND of the switch (measured on the guest's clock, printed), less was heard than was
  said, and the capture stays silent after;
- the kiosk's journal has no error line, and no warning from speech or ALSA.
The capture is kept as .build/vm/service/speech/speech-capture.wav (.build/vm/speech/speech/
when the test runs alone), to listen to.
"""
import array
import json
import math
import os
import subprocess
import sys
import time
import wave

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import ROOT, kiosk_state, log, standalone, wait_kiosk_state  # noqa: E402

BOOT_TIMEOUT = 240
PLAYBACK = "plughw:CARD=Loopback,DEV=0"
CAPTURE = "plughw:CARD=Loopback,DEV=1"
RATE = 22050  # eSpeak NG's rate: the capture is opened first at it, so the kiosk's plughw converts nothing
BLOCKS, RAW, CAPTURE_LOG = "/tmp/speech.blocks", "/tmp/speech.raw", "/tmp/speech-capture.log"
HEADSET_LOG = "/tmp/speech-headset.log"
# The kiosk's voice as the tickets config sets it: the default rate and the volume speech starts at.
SPEECH_RATE, SPEECH_VOLUME = 165, 0.8
# The voice at volume 0.8 (a gain of 0.8³ = 0.51) peaks at 10,000–15,000 of 32,767; a floor of
# 3,000 (−21 dBFS) is well under any utterance's loudest sample and far above the loopback's
# silence, which is exactly 0.
PEAK_FLOOR = 3000
# From the switch's write to the last sample heard: the kiosk reads the event on its loop, the
# speech thread sees the interrupt within one ALSA period (25 ms) and drops the 100 ms the device
# holds. 1 s holds on a busy host under TCG; a kiosk that does not stop plays on for seconds.
STOP_BOUND = 1.0
# How long the capture must stay silent to count as "the speech has ended" and "stays silent".
QUIET = 2.0
# A 20 ms block "sounds" when a sample reaches 256 (−42 dBFS): the quiet ends of words count,
# and the voice's pauses, exactly 0 here, do not.
BLOCK, SOUNDING = 0.02, 256


def speech_config():
    """The ticket machine, speaking on the loopback's playback side."""
    with open(os.path.join(ROOT, "Examples", "tickets", "kiosk.json")) as f:
        config = json.load(f)
    config["accessibility"] = dict(config.get("accessibility", {}), speechDevice=PLAYBACK)
    title = config["screens"][config["start"]]["title"]
    return config, title[config["defaultLanguage"]] if isinstance(title, dict) else title


def headset_plan():
    """Plugged in and pulled out twice, each when the test writes the file."""
    steps = []
    for name in ("plug1", "unplug1", "plug2", "unplug2"):
        steps += [["wait", f"/tmp/speech-{name}"], ["switch", 1 if name.startswith("plug") else 0]]
    return {"device": "headset", "ready": "/tmp/speech-headset.ready", "steps": steps + [["wait", "/tmp/speech-done"]]}


def speech(current):
    return current.get("speech") or {}


def said(current):
    """The state's utterances as (kind, language, text): "screen [en] City Transit, …"."""
    result = []
    for line in speech(current).get("said") or []:
        kind, _, rest = line.partition(" [")
        language, _, text = rest.partition("] ")
        result.append((kind, language, text))
    return result


def switch_times(guest):
    """The guest's time.monotonic() at each switch write, in order: [(value, time)]."""
    _, output = guest.run(f"cat {HEADSET_LOG}")
    return [(int(parts[2]), float(parts[4])) for parts in (line.split() for line in output.splitlines())
            if len(parts) == 5 and parts[:2] == ["step", "switch"]]


def capture_since(guest, since):
    """What the capture heard from `since` (guest monotonic, by read times): (blocks, voiced
    blocks, first voiced, last voiced, last block)."""
    awk = ("awk -v t=%f '$1==\"overrun\"{next} $1>=t {n++; last=$1; if ($2>0) {v++; lv=$1; if (!fv) fv=$1}} "
           "END {printf \"%%d %%d %%f %%f %%f\\n\", n, v, fv, lv, last}' %s") % (since, BLOCKS)
    _, output = guest.run(awk)
    n, v, first, lastv, last = output.split()
    return int(n), int(v), float(first), float(lastv), float(last)


def wait_capture(guest, since, predicate, timeout):
    deadline = time.time() + timeout
    while True:
        seen = capture_since(guest, since)
        if predicate(seen) or time.time() > deadline:
            return seen
        time.sleep(0.3)


def toggle(guest, name):
    """Writes the headset's next file and returns the guest's time of the switch it makes."""
    count = len(switch_times(guest))
    guest.run(f"touch /tmp/speech-{name}")
    guest.wait_for(f"test $(grep -c '^step switch' {HEADSET_LOG}) -gt {count}", timeout=30, interval=0.2)
    return switch_times(guest)[-1][1]


class Capture:
    """The capture, read back on the host: samples, and when each arrived on the guest's clock."""

    def __init__(self, raw_path, blocks_path):
        self.samples = array.array("h")
        with open(raw_path, "rb") as f:
            self.samples.frombytes(f.read())
        rows = [line.split() for line in open(blocks_path)]
        self.overruns = sum(1 for row in rows if row[0] == "overrun")
        blocks = [(float(row[0]), int(row[2])) for row in rows if row[0] != "overrun"]
        # A block is read at or after its last sample's arrival: the earliest estimate is the truest.
        self.start = min(t - frames / RATE for t, frames in blocks)

    def index(self, at):
        return max(0, min(len(self.samples), round((at - self.start) * RATE)))

    def time(self, index):
        return self.start + index / RATE

    def window(self, begin, end=None):
        return self.samples[self.index(begin):self.index(end) if end is not None else len(self.samples)]

    def voiced(self, begin, end=None):
        """(first, last) non-zero sample times in the window, or None."""
        base = self.index(begin)
        window = self.window(begin, end)
        nonzero = [i for i, s in enumerate(window) if s]
        return (self.time(base + nonzero[0]), self.time(base + nonzero[-1])) if nonzero else None


def nonzero(samples):
    return array.array("h", (s for s in samples if s))


def peak(samples):
    return max((abs(s) for s in samples), default=0)


def synthesize(binary, text, language, path):
    """`vitrine say --wav` of one utterance with the kiosk's voice, rate and volume: its samples."""
    subprocess.run([binary, "say", text, "--language", language, "--rate", str(SPEECH_RATE), "--volume", str(SPEECH_VOLUME),
                    "--wav", path], check=True, stdout=subprocess.DEVNULL)
    with wave.open(path) as w:
        if (w.getframerate(), w.getnchannels(), w.getsampwidth()) != (RATE, 1, 2):
            raise RuntimeError(f"{path}: not 16-bit mono at {RATE} Hz")
        return array.array("h", w.readframes(w.getnframes()))


TEST_NAME = "speech"
APPEND = "i8042.noaux"


def prepare(ctx):
    ctx.config, ctx.title = speech_config()
    with open(os.path.join(ctx.share, "speech-kiosk.json"), "w") as f:
        json.dump(ctx.config, f, indent=1, ensure_ascii=False)
    with open(os.path.join(ctx.share, "speech-headset.json"), "w") as f:
        json.dump(headset_plan(), f)


def run(guest, checks, ctx):
    started = time.time()
    # The module first: the unit's DeviceAllow=char-alsa is looked up in /proc/devices when the
    # kiosk starts.
    status, cards = guest.run("modprobe snd-aloop pcm_substreams=1 && cat /proc/asound/cards")
    checks.check("snd-aloop loads in the guest: a sound card with no hardware", status == 0 and "Loopback" in cards, cards.strip())
    status, output = guest.run(
        "/mnt/host/repo/scripts/install.sh --binary /mnt/host/vitrine --config /mnt/host/repo/Examples/tickets/kiosk.json"
        " && install -m 0644 /mnt/host/speech-kiosk.json /etc/vitrine/kiosk.json && systemctl stop vitrine", timeout=400)
    log(output[-600:])
    checks.check("the ticket machine installs, speaking on the loopback (accessibility.speechDevice)", status == 0, f"exit {status}")

    guest.spawn(f"python3 /mnt/host/alsa_capture.py {CAPTURE} {BLOCKS} --rate {RATE} --raw {RAW} --ready /tmp/speech-capture.ready "
                "--stop /tmp/speech-capture.stop", CAPTURE_LOG)
    guest.spawn("python3 /mnt/host/uinput_device.py /mnt/host/speech-headset.json", HEADSET_LOG)
    try:
        guest.wait_for("test -s /tmp/speech-capture.ready && test -s /tmp/speech-headset.ready", timeout=60)
    except TimeoutError:
        checks.check("the capture and the headset start", False, guest.run(f"cat {CAPTURE_LOG} {HEADSET_LOG}")[1].strip())
        return
    node = guest.run("cat /tmp/speech-headset.ready")[1].strip()

    guest.run("systemctl start vitrine", timeout=120)
    invocation = guest.run("systemctl show -p InvocationID --value vitrine")[1].strip()
    journal = f"journalctl --no-pager -o cat _SYSTEMD_INVOCATION_ID={invocation}"
    try:
        guest.wait_for("systemctl show -p StatusText --value vitrine | grep -q 'showing the kiosk'", timeout=BOOT_TIMEOUT)
    except TimeoutError:
        checks.check("vitrine.service shows the kiosk", False, guest.run(f"{journal} | tail -20")[1].strip()[-1500:])
        return
    shown_at = float(guest.run("python3 -c 'import time; print(time.monotonic())'")[1].strip())
    _, lines = guest.run(f"{journal} | grep 'speech\\]'")
    following = f"following the headphone jack input device {node} (vitrine-test-headset): SW_HEADPHONE_INSERT"
    checks.check("the kiosk follows the headset's jack input device, unplugged", following in lines and "a headset is not plugged in" in lines,
                 lines.strip().replace("\n", " | "))

    # Before the plug: no speech, no sound.
    current = kiosk_state(guest)
    checks.check("before the plug the state says speech mode off, nothing said", speech(current).get("mode") is False and not said(current),
                 json.dumps(speech(current)))
    wait_capture(guest, shown_at, lambda seen: seen[4] - shown_at >= QUIET, timeout=30)

    # Plugged in: "Speech on", the screen, its first row; wait for the sound to end.
    plugged = toggle(guest, "plug1")
    current = wait_kiosk_state(guest, lambda st: speech(st).get("mode") is True and len(said(st)) >= 3, timeout=60, poll=0.5)
    texts = [text for _, _, text in said(current)]
    checks.check(f"SW_HEADPHONE_INSERT=1: speech mode on, and the kiosk said \"Speech on\" and the screen's title ({ctx.title!r})",
                 speech(current).get("mode") is True and texts[:1] == ["Speech on"] and len(texts) > 1 and texts[1].startswith(ctx.title),
                 json.dumps(speech(current).get("said")))
    first_said = said(current)
    seen = wait_capture(guest, plugged, lambda s: s[1] > 0 and s[4] - s[3] >= QUIET, timeout=90)
    log(f"first plug: {seen[1]} blocks of sound, from {seen[2] - plugged:.2f} s to {seen[3] - plugged:.2f} s after the switch")
    unplugged = toggle(guest, "unplug1")
    current = wait_kiosk_state(guest, lambda st: speech(st).get("mode") is False, timeout=60, poll=0.5)
    checks.check("SW_HEADPHONE_INSERT=0: speech mode off", speech(current).get("mode") is False, json.dumps(speech(current)))
    wait_capture(guest, unplugged, lambda s: s[4] - unplugged >= QUIET, timeout=30)

    # Plugged again and pulled while the screen is being said.
    replugged = toggle(guest, "plug2")
    seen = wait_capture(guest, replugged, lambda s: s[1] >= 25, timeout=60)  # half a second of sound
    pulled = toggle(guest, "unplug2")
    current = wait_kiosk_state(guest, lambda st: speech(st).get("mode") is False, timeout=60, poll=0.5)
    second_said = said(current)[len(first_said):]
    checks.check("pulled while speaking: speech mode off", speech(current).get("mode") is False, json.dumps(speech(current)))
    wait_capture(guest, pulled, lambda s: s[4] - pulled >= QUIET + STOP_BOUND, timeout=30)

    guest.run("touch /tmp/speech-capture.stop /tmp/speech-done; sleep 1")
    status, _ = guest.run(f"cp {RAW} /mnt/host/speech-capture.raw && cp {BLOCKS} /mnt/host/speech.blocks")
    _, capture_log = guest.run(f"cat {CAPTURE_LOG}")
    if status != 0:
        checks.check("the capture is read back", False, capture_log.strip())
        return
    judge(checks, ctx, shown_at, plugged, unplugged, replugged, pulled, first_said, second_said)

    _, errors = guest.run(f"{journal} -p err")
    _, warnings = guest.run(f"{journal} -p warning | grep -E 'vitrine\\[(speech|alsa)\\]'")
    checks.check("the kiosk's journal has no error line, and no warning from speech or ALSA", not errors.strip() and not warnings.strip(),
                 (errors + warnings).strip()[-800:])
    log(guest.run(f"{journal} | tail -8")[1])
    guest.run("systemctl stop vitrine")
    print(f"INFO speech: the test took {time.time() - started:.0f} s", flush=True)


def judge(checks, ctx, shown_at, plugged, unplugged, replugged, pulled, first_said, second_said):
    capture = Capture(os.path.join(ctx.share, "speech-capture.raw"), os.path.join(ctx.share, "speech.blocks"))
    with wave.open(os.path.join(ctx.work, "speech-capture.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(capture.samples.tobytes())
    log(f"capture: {len(capture.samples) / RATE:.1f} s, kept as {os.path.relpath(os.path.join(ctx.work, 'speech-capture.wav'), ROOT)}")
    checks.check("the capture lost no samples (no overrun)", capture.overruns == 0, f"{capture.overruns} overruns")

    before = capture.window(shown_at, plugged)
    checks.check("before the plug the capture is silent (every sample 0)", len(before) > RATE and peak(before) == 0,
                 f"{len(before) / RATE:.1f} s, peak {peak(before)}")

    # What was said, as the host's `vitrine say` makes it, each utterance alone.
    voices = {}
    for number, (_, language, text) in enumerate(first_said + second_said):
        if (text, language) not in voices:
            voices[(text, language)] = synthesize(ctx.binary, text, language, os.path.join(ctx.work, f"said-{number}.wav"))
    expected = [voices[(text, language)] for _, language, text in first_said]
    heard = capture.window(plugged, unplugged)
    # "Speech on" is the first utterance the kiosk's voice makes, so it must be exact. After it,
    # eSpeak NG's state from the utterance before changes the samples (a little at first, then
    # throughout: made alone, "City Transit, …" parts from what followed "Speech on" after about
    # 1,700 samples), so the rest is judged by how much of it sounds and for how long.
    opening = nonzero(expected[0])
    core = nonzero(heard)
    checks.check(f"plugged in, the sound begins with {first_said[0][2]!r} whole, sample for sample as vitrine say makes it",
                 core[:len(opening)] == opening,
                 f"{len(opening)} non-zero samples" + ("" if core[:len(opening)] == opening else first_difference(core, opening)))
    synthesized = array.array("h")
    for samples in expected:
        synthesized.extend(samples)
    spoken = len(synthesized) / RATE
    span = capture.voiced(plugged, unplugged)
    length = span[1] - span[0] if span else 0.0
    loudest, sounding, should = peak(heard), sounding_blocks(heard), sounding_blocks(synthesized)
    print(f"INFO speech: heard {length:.2f} s of speech (first to last sound; {sounding * BLOCK:.2f} s of it sounding), "
          f"{spoken:.2f} s synthesised ({should * BLOCK:.2f} s sounding); peak {loudest} ({20 * math.log10(max(loudest, 1) / 32768):.1f} dBFS); "
          f"the sound began {span[0] - plugged:.2f} s after the plug" if span else "INFO speech: nothing heard", flush=True)
    checks.check(f"then the rest of what was said: loud (peak at least {PEAK_FLOOR}), as long as it was synthesised (first to last sound "
                 f"0.8–1.5 times its {spoken:.1f} s, sounding 20 ms blocks within 10 %)",
                 loudest >= PEAK_FLOOR and 0.8 * spoken <= length <= 1.5 * spoken and abs(sounding - should) <= 0.1 * should,
                 f"peak {loudest}, {length:.2f} s, {sounding} blocks sounding against {should}")
    after = capture.window(unplugged, replugged)
    checks.check("pulled out: the capture is silent after it", peak(after) == 0 and len(after) >= QUIET * RATE,
                 f"{len(after) / RATE:.1f} s, peak {peak(after)}")

    # The second plug, pulled while speaking.
    heard = capture.window(replugged)
    span = capture.voiced(replugged)
    again = array.array("h")
    for _, language, text in second_said:
        again.extend(voices[(text, language)])
    sounding, should = sounding_blocks(heard), sounding_blocks(again)
    checks.check("plugged again and pulled while speaking: the sound was cut short (less of it than was synthesised)",
                 bool(span) and 0 < sounding < 0.9 * should, f"{sounding * BLOCK:.2f} s sounding of {should * BLOCK:.2f} s")
    stopped = span[1] - pulled if span else None
    if stopped is not None and stopped >= 0:
        print(f"INFO speech: the sound stopped {stopped:.3f} s after SW_HEADPHONE_INSERT=0 (bound {STOP_BOUND} s)", flush=True)
    elif stopped is not None:
        print(f"INFO speech: the last sound was {-stopped:.3f} s before SW_HEADPHONE_INSERT=0: it was pulled in a pause between words, "
              f"and the voice did not come back (bound {STOP_BOUND} s)", flush=True)
    tail = capture.window(pulled + STOP_BOUND)
    checks.check(f"pulled while speaking: the sound stops within {STOP_BOUND} s, and the capture is silent after",
                 stopped is not None and stopped <= STOP_BOUND and peak(tail) == 0 and len(tail) >= QUIET * RATE,
                 f"last sound {stopped:.3f} s after the switch; then {len(tail) / RATE:.1f} s, peak {peak(tail)}" if stopped is not None
                 else "no sound after the second plug")


def sounding_blocks(samples):
    """How many 20 ms blocks have a sample at or above SOUNDING (−42 dBFS)."""
    size = round(BLOCK * RATE)
    return sum(1 for i in range(0, len(samples), size) if peak(samples[i:i + size]) >= SOUNDING)


def first_difference(a, b):
    index = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"; first difference at non-zero sample {index} ({index / RATE:.2f} s)"


def main():
    return standalone(TEST_NAME, APPEND, prepare, run)


if __name__ == "__main__":
    sys.exit(main())
