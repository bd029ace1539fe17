#!/usr/bin/env python3
"""Guest side of the speech test: records an ALSA capture device and says how loud it is.

Runs in the test guest, copied there through the 9p share; standard library only — alsa-lib
(libasound.so.2, which Vitrine links) through ctypes, so the image needs no alsa-utils.
Usage:

  alsa_capture.py DEVICE BLOCKS [--rate 22050] [--raw FILE] [--ready FILE] [--stop FILE]

Opens DEVICE (`plughw:CARD=Loopback,DEV=1`: the capture side of snd-aloop, which hears what is
played on DEV=0) for 16-bit mono at RATE and reads it in blocks of 20 ms until the stop file
exists (or SIGTERM). For each block it appends a line to BLOCKS:

  <time.monotonic() when the block was read> <its loudest sample's magnitude, 0…32768> <frames read so far>

so the test can tell, on the guest's own clock, when sound was there and when it stopped (the
uinput device prints its switch times on the same clock). A block is read a little after its
last sample arrived, never before: the earliest (time − frames / rate) over the blocks is when
the first sample arrived, and sample N arrived N / RATE after it. An overrun (the reader too slow,
samples lost) is a line `overrun <time>`. With --raw the samples themselves go to FILE as well
(raw S16_LE mono, to listen to or to look at after a failure). --ready is written once the first
block was read: the capture is running.
"""
import argparse
import array
import ctypes
import os
import signal
import sys
import time

SND_PCM_STREAM_CAPTURE = 1
SND_PCM_FORMAT_S16_LE = 2
SND_PCM_ACCESS_RW_INTERLEAVED = 3
# Half a second of buffer: a reader held back by a loaded TCG guest does not overrun.
LATENCY_US = 500_000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("device")
    parser.add_argument("blocks")
    parser.add_argument("--rate", type=int, default=22050)
    parser.add_argument("--raw")
    parser.add_argument("--ready")
    parser.add_argument("--stop")
    options = parser.parse_args()

    asound = ctypes.CDLL("libasound.so.2")
    asound.snd_pcm_readi.restype = ctypes.c_long
    asound.snd_pcm_readi.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulong]
    asound.snd_pcm_recover.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    asound.snd_pcm_close.argtypes = [ctypes.c_void_p]
    asound.snd_pcm_set_params.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint, ctypes.c_int,
                                          ctypes.c_uint]
    asound.snd_strerror.restype = ctypes.c_char_p
    pcm = ctypes.c_void_p()
    status = asound.snd_pcm_open(ctypes.byref(pcm), options.device.encode(), SND_PCM_STREAM_CAPTURE, 0)
    if status < 0:
        sys.exit(f"alsa_capture: cannot open {options.device}: {asound.snd_strerror(status).decode()}")
    status = asound.snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, options.rate, 1, LATENCY_US)
    if status < 0:
        sys.exit(f"alsa_capture: cannot set up {options.device}: {asound.snd_strerror(status).decode()}")
    # snd_pcm_set_params sets the start threshold to the whole buffer, which a read of one block
    # never reaches (it would wait, then fail with EIO): start now.
    asound.snd_pcm_start.argtypes = [ctypes.c_void_p]
    status = asound.snd_pcm_start(pcm)
    if status < 0:
        sys.exit(f"alsa_capture: cannot start {options.device}: {asound.snd_strerror(status).decode()}")

    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    frames = options.rate // 50
    buffer = (ctypes.c_int16 * frames)()
    blocks = open(options.blocks, "w", buffering=1)
    raw = open(options.raw, "wb") if options.raw else None
    ready = options.ready
    total = 0
    while not stopping and not (options.stop and os.path.exists(options.stop)):
        read = asound.snd_pcm_readi(pcm, buffer, frames)
        now = time.monotonic()
        if read < 0:
            blocks.write(f"overrun {now:.3f}\n")
            if asound.snd_pcm_recover(pcm, int(read), 1) < 0 or asound.snd_pcm_start(pcm) < 0:
                sys.exit(f"alsa_capture: reading {options.device} failed: {asound.snd_strerror(int(read)).decode()}")
            continue
        samples = array.array("h", bytes(buffer)[:read * 2])
        peak = max((abs(s) for s in samples), default=0)
        total += read
        blocks.write(f"{now:.4f} {peak} {total}\n")
        if raw:
            raw.write(samples.tobytes())
        if ready:
            with open(ready, "w") as f:
                f.write(f"{now:.3f}\n")
            ready = None
    asound.snd_pcm_close(pcm)
    if raw:
        raw.close()


if __name__ == "__main__":
    main()
