#!/usr/bin/env python3
"""Development helper: keep a test guest running and poke at it.

  vmctl.py start [--append ARGS]   boot the guest in the background (share: .build/vm/dev/share)
  vmctl.py run COMMAND...          run a shell command in the guest, print its output
  vmctl.py shot FILE.ppm           screendump
  vmctl.py stop                    shut the guest down
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vitrine_vm import ROOT, Guest, build_image  # noqa: E402

WORK = os.path.join(ROOT, ".build", "vm", "dev")


def guest():
    g = Guest(os.path.join(WORK, "guest"), "", os.path.join(WORK, "share"))
    g.monitor_path = os.path.join(WORK, "guest", "monitor.sock")
    g.agent_path = os.path.join(WORK, "guest", "agent.sock")
    return g


def main(argv):
    if argv[0] == "start":
        os.makedirs(os.path.join(WORK, "share"), exist_ok=True)
        append = argv[2] if len(argv) > 2 and argv[1] == "--append" else ""
        g = Guest(os.path.join(WORK, "guest"), build_image(), os.path.join(WORK, "share"), append=append)
        g.start()
        g.agent.close()
        g.process = None  # leave QEMU running
        print("guest running; share:", os.path.join(WORK, "share"))
    elif argv[0] == "run":
        import socket
        g = guest()
        g.agent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        g.agent.connect(g.agent_path)
        g.next_id = int(time.time() * 1000) % 10_000_000
        g.process = subprocess.Popen(["sleep", "100000"])
        try:
            status, output = g.run(" ".join(argv[1:]), timeout=600)
        finally:
            g.process.kill()
        sys.stdout.write(output + ("\n" if output and not output.endswith("\n") else ""))
        print(f"[exit {status}]")
    elif argv[0] == "shot":
        g = guest()
        g.work = os.path.dirname(os.path.abspath(argv[1]))
        g.monitor(f"screendump {os.path.abspath(argv[1])}")
    elif argv[0] == "stop":
        guest().monitor("quit")


if __name__ == "__main__":
    main(sys.argv[1:])
