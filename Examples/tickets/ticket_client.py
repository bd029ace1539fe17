#!/usr/bin/env python3
"""The ticket machine's own program, on the kiosk's control socket (Docs/operations.md).

It subscribes to the kiosk's events; when a visitor presses Buy (the `purchase` event, with
the route, the ticket, how many and the total in cents), it "prints the tickets" (here: a line on stdout), then puts the
kiosk back on the ticket list a moment later, as the thank-you screen's own Done button would.
Standard library only. Run it as a member of the vitrine-control group:

    python3 ticket_client.py [--socket /run/vitrine/control.sock] [--once] [--delay 2]
"""
import argparse
import json
import socket
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default="/run/vitrine/control.sock")
    parser.add_argument("--once", action="store_true", help="exit after one purchase")
    parser.add_argument("--delay", type=float, default=2.0, help="seconds on the thank-you screen")
    args = parser.parse_args()

    kiosk = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        kiosk.connect(args.socket)
    except PermissionError:
        sys.exit(f"{args.socket}: permission denied; add this user to the vitrine-control group")
    except (FileNotFoundError, ConnectionRefusedError):
        sys.exit(f"{args.socket}: no kiosk is listening (systemctl status vitrine)")
    lines = kiosk.makefile("r", encoding="utf-8")
    hello = json.loads(lines.readline())
    assert hello.get("protocol") == "vitrine-control/1", hello

    next_id = 0

    def send(command, **arguments):
        nonlocal next_id
        next_id += 1
        kiosk.sendall((json.dumps({"id": next_id, "command": command, **arguments}) + "\n").encode())
        return next_id

    send("subscribe", events=["emit", "screen"])
    print("waiting for purchases", flush=True)
    going_home = False
    for line in lines:
        message = json.loads(line)
        if message.get("event") == "emit" and message.get("name") == "purchase":
            # The kiosk reads the payload's binds at the tap: the visitor's route, ticket and
            # count, and the total they saw, in cents.
            bought = message.get("payload", {})
            total = bought.get("total_cents", 0) / 100
            print(f"purchase: {bought.get('count')} x {bought.get('ticket')}, {bought.get('route')}, for {total:.2f}; printing the tickets", flush=True)
            time.sleep(args.delay)
            send("navigate", to="root")
            going_home = True
        elif message.get("event") == "screen" and going_home and message.get("payload", {}).get("stack", [None]) == [message.get("name")]:
            # The reply to navigate comes at once; this event says the list is in front again.
            print("back on", message.get("name"), flush=True)
            going_home = False
            if args.once:
                return 0
        elif message.get("ok") is False:
            print("kiosk said:", message.get("error"), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
