#!/usr/bin/env python3
"""`vitrine run --metrics FILE` read by Prometheus's own text-format parser (issue 30, 7a).

Runs the release binary headless with a control socket and a metrics file, and checks with
`prometheus_client.parser` (PyPI's prometheus-client, Debian's python3-prometheus-client), one
PASS/FAIL line each:
- the file parses, every family has its type, and it says what the running kiosk says over its
  control socket (`state`): frames drawn, blank, data version, control clients, no error page;
- `vitrine_config_info` carries the config's path and the SHA-256 `hashlib` computes;
- after `set`, `blank` and two clients that stay connected, the next write (15 s after the
  first, not sooner) says so;
- SIGTERM leaves `vitrine_up 0`, and no temporary file beside it; a second start in the same
  boot is `vitrine_starts_total 2`;
- a metrics folder that does not exist: the kiosk runs on and answers, and its log names the
  file and says what to do.
About 25 s, most of it the 15 s between two writes.

  python3 scripts/test-metrics.py --vitrine .build/release/vitrine
"""
import argparse
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

from prometheus_client.parser import text_string_to_metric_families

CONFIG = {
    "version": 2,
    "data": {"menu": "menu.json"},
    "screens": {"home": {"title": "Menu", "content": {"type": "text", "text": {"bind": "menu.coffee", "format": "Coffee € {}"}}}},
}

failures = []


def check(label, ok, detail=""):
    print(("PASS " if ok else "FAIL ") + "metrics: " + label + (f" ({detail})" if detail else ""), flush=True)
    if not ok:
        failures.append(label)
    return ok


def wait(predicate, timeout, what):
    """Polls `predicate` until it holds; `timeout` is only the give-up point, far above what a
    busy machine needs (each wait returns as soon as the thing happens)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise SystemExit(f"FAIL metrics: {what} within {timeout} s")


def read_metrics(path):
    """{(sample name, sorted labels): value} and {family name: type}, by Prometheus's parser."""
    with open(path) as f:
        text = f.read()
    samples, types = {}, {}
    for family in text_string_to_metric_families(text):
        types[family.name] = family.type
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples, types


def value(samples, name):
    return samples.get((name, ()))


class Client:
    """One vitrine-control/1 connection: line-delimited JSON."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rw")
        json.loads(self.file.readline())  # the hello

    def ask(self, request):
        self.file.write(json.dumps(request) + "\n")
        self.file.flush()
        reply = json.loads(self.file.readline())
        if not reply.get("ok"):
            raise SystemExit(f"FAIL metrics: {request} was refused: {reply}")
        return reply["result"]

    def close(self):
        self.file.close()
        self.sock.close()


def start(vitrine, work, config, metrics, log_name):
    control = os.path.join(work, "control.sock")
    if os.path.exists(control):
        os.unlink(control)
    log = open(os.path.join(work, log_name), "w")
    process = subprocess.Popen([vitrine, "run", "--config", config, "--output", "headless", "--size", "640x400",
                                "--control", control, "--metrics", metrics], stdout=log, stderr=subprocess.STDOUT)
    wait(lambda: os.path.exists(control) or process.poll() is not None, 60, "the control socket")
    if process.poll() is not None:
        raise SystemExit(f"FAIL metrics: vitrine run exited with {process.returncode}; see {log.name}")
    return process, control


def stop(process):
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vitrine", required=True)
    arguments = parser.parse_args()
    vitrine = os.path.abspath(arguments.vitrine)
    work = tempfile.mkdtemp(prefix="vitrine-metrics-")
    config = os.path.join(work, "kiosk.json")
    with open(config, "w") as f:
        json.dump(CONFIG, f)
    with open(os.path.join(work, "menu.json"), "w") as f:
        json.dump({"coffee": "3.20"}, f)
    folder = os.path.join(work, "node-exporter")
    os.mkdir(folder)
    metrics = os.path.join(folder, "vitrine.prom")

    process, control = start(vitrine, work, config, metrics, "run-1.log")
    wait(lambda: os.path.exists(metrics), 60, "the metrics file at the start")
    first_write = os.stat(metrics).st_mtime
    samples, types = read_metrics(metrics)
    expected_types = {"vitrine_up": "gauge", "vitrine_frame_time_p99_seconds": "gauge", "vitrine_frames_drawn": "counter",
                      "vitrine_frames_dropped": "counter", "vitrine_starts": "counter", "vitrine_blank": "gauge",
                      "vitrine_config_info": "gauge", "vitrine_data_version": "gauge", "vitrine_control_clients": "gauge",
                      "vitrine_error": "gauge"}
    check("Prometheus's parser reads every family with its type", all(types.get(k) == v for k, v in expected_types.items()), str(types))
    check("vitrine_up 1 and the first start of this boot", value(samples, "vitrine_up") == 1 and value(samples, "vitrine_starts_total") == 1)
    with open(config, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    check("vitrine_config_info names the file and its SHA-256", samples.get(("vitrine_config_info", (("path", config), ("sha256", digest)))) == 1,
          str([k for k in samples if k[0] == "vitrine_config_info"]))
    check("no touch yet: vitrine_last_touch_seconds is absent", value(samples, "vitrine_last_touch_seconds") is None)

    # Two clients stay connected; a third sets a value and blanks the panel, then leaves.
    held = [Client(control), Client(control)]
    steer = Client(control)
    steer.ask({"command": "set", "path": "menu.coffee", "value": "3.40"})
    steer.ask({"command": "blank"})
    time.sleep(0.5)
    state = steer.ask({"command": "state"})
    steer.close()
    wait(lambda: os.stat(metrics).st_mtime != first_write, 60, "the second write")
    interval = os.stat(metrics).st_mtime - first_write
    check("the second write comes 15 s after the first, not sooner", 14.5 <= interval, f"{interval:.2f} s")
    samples, _ = read_metrics(metrics)
    runtime = state["runtime"]
    check("vitrine_control_clients is the two connected clients", value(samples, "vitrine_control_clients") == 2,
          str(value(samples, "vitrine_control_clients")))
    check("vitrine_blank is the state's blank", value(samples, "vitrine_blank") == 1 and runtime["blank"] is True)
    check("vitrine_data_version is the state's data_version", value(samples, "vitrine_data_version") == state["data_version"],
          f"{value(samples, 'vitrine_data_version')} vs {state['data_version']}")
    check("vitrine_frames_drawn_total is the state's frames_drawn (nothing is drawn while blank)",
          value(samples, "vitrine_frames_drawn_total") == runtime["frames_drawn"] > 0,
          f"{value(samples, 'vitrine_frames_drawn_total')} vs {runtime['frames_drawn']}")
    check("no error page, no dropped frame on the headless screen",
          value(samples, "vitrine_error") == 0 and runtime["error"] is None and value(samples, "vitrine_frames_dropped_total") == 0)
    for client in held:
        client.close()

    status = stop(process)
    samples, _ = read_metrics(metrics)
    check("SIGTERM: exits 0 and leaves vitrine_up 0", status == 0 and value(samples, "vitrine_up") == 0, f"exit {status}")
    check("nothing but the file in the folder (the temporary was renamed)", os.listdir(folder) == ["vitrine.prom"], str(os.listdir(folder)))

    process, control = start(vitrine, work, config, metrics, "run-2.log")
    wait(lambda: value(read_metrics(metrics)[0], "vitrine_up") == 1, 60, "the second start's file")
    check("a second start in the same boot: vitrine_starts_total 2", value(read_metrics(metrics)[0], "vitrine_starts_total") == 2)
    stop(process)

    missing = os.path.join(work, "no-such-folder", "vitrine.prom")
    process, control = start(vitrine, work, config, missing, "run-3.log")
    client = Client(control)
    state = client.ask({"command": "state"})
    client.close()
    time.sleep(0.5)
    stop(process)
    with open(os.path.join(work, "run-3.log")) as f:
        log = f.read()
    line = next((l for l in log.splitlines() if "--metrics" in l), "")
    check("a missing folder: the kiosk runs on and answers", state["screen"] == "home", str(state.get("screen")))
    check("a missing folder: the log names the file and what to do", missing in line and "Docs/fleet.md" in line, line)

    if failures:
        print(f"FAIL metrics: {len(failures)} check(s) failed: " + "; ".join(failures) + f" (logs in {work})", flush=True)
        return 1
    print("PASS metrics: all checks passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
