#!/usr/bin/env python3
"""A misbehaving authspec driver for the runner's fault-injection tests.

It answers like the Python example driver, except that at the chosen input of the chosen
scenario it commits one fault. Faults at the handshake (wrong-version, slow-start) ignore the
scenario.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "Examples", "python"))
from driver import INPUTS, OBSERVATIONS  # noqa: E402
from unlock import Argon2id, UnlockScreen  # noqa: E402

FAULTS = ["crash", "segfault", "hang", "garbage", "long-line", "early-exit", "wrong-version", "slow-start",
          "stderr-flood", "wrong-id", "late-reply", "few-inputs", "spawn", "spawn-crash", "spawn-hang", "no-read",
          "fat-replies", "all-unsupported", "reply-ahead", "start-crash", "no-inputs", "hello-crash", "spawn-daemon"]


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fault", choices=FAULTS, required=True)
    parser.add_argument("--scenario", default="", help="the scenario of the fault; * for every one")
    parser.add_argument("--at-input", type=int, default=1, help="the fault comes at this input of the scenario")
    parser.add_argument("--seconds", type=float, default=3.0, help="for slow-start and late-reply")
    parser.add_argument("--marker", default="authspec-test", help="spawn: the name the spawned processes carry")
    parser.add_argument("--name", default="", help="the implementation's name in the hello (default faulty-FAULT)")
    parser.add_argument("--name-repeat", type=int, default=1, help="--name given this many times over, in one name")
    parser.add_argument("--ready-file", default="",
                        help="spawn: written once the processes are started; hang: once hanging")
    options = parser.parse_args()
    hasher = Argon2id()
    screen, scenario, inputs = None, None, 0

    if options.fault == "slow-start":
        time.sleep(options.seconds)

    for line in sys.stdin:
        request = json.loads(line)
        message_id, kind = request["id"], request["type"]
        reply = {"id": message_id, "ok": True}
        if kind == "hello":
            if options.fault == "hello-crash":
                os._exit(4)
            reply.update(protocol=2 if options.fault == "wrong-version" else 1,
                         implementation={"name": options.name * options.name_repeat or "faulty-" + options.fault,
                                         "version": "0", "language": "python"},
                         capabilities={"inputs": {"few-inputs": ["launch", "biometric", "tap"], "no-inputs": []}.get(
                                           options.fault, INPUTS),
                                       "observations": OBSERVATIONS})
        elif kind == "start":
            scenario, inputs = request["scenario"], 0
            if options.fault == "start-crash" and options.scenario in (scenario, "*"):
                os._exit(5)
            screen = UnlockScreen(request["given"], [], hasher)
            if options.fault == "all-unsupported":
                reply = {"id": message_id, "ok": False, "error": {"kind": "unsupported", "message": "not yet"}}
        elif kind == "reset" and options.fault == "reply-ahead" and options.scenario in (scenario, "*"):
            # The reset's reply, and one forged for the next request, which has not been sent:
            # in the same write, or --seconds later in a write of its own.
            own = json.dumps(reply, separators=(",", ":")) + "\n"
            forged = json.dumps({"id": message_id + 1, "ok": True}, separators=(",", ":")) + "\n"
            if options.seconds > 0:
                send(reply)
                time.sleep(options.seconds)
                sys.stdout.write(forged)
            else:
                sys.stdout.write(own + forged)
            sys.stdout.flush()
            continue
        elif kind == "input":
            inputs += 1
            item = request["input"]
            reply["observations"] = screen.apply(item["name"], item.get("argument"), request["time_ms"])
            if options.fault == "fat-replies" and options.scenario in (scenario, "*"):
                # Every reply near the line cap: a message of a million characters.
                reply["observations"]["message"] = "x" * 1_000_000
            if options.scenario in (scenario, "*") and inputs == options.at_input:
                fault = options.fault
                if fault == "crash":
                    print("driver: about to crash on purpose", file=sys.stderr, flush=True)
                    os._exit(3)
                if fault == "segfault":
                    os.kill(os.getpid(), signal.SIGSEGV)
                if fault == "hang":
                    if options.ready_file:
                        with open(options.ready_file, "w") as ready:
                            ready.write("hanging\n")
                    time.sleep(3600)
                if fault == "garbage":
                    print("DEBUG: observing state", screen.state, flush=True)
                    continue
                if fault == "long-line":
                    sys.stdout.write('{"id":%d,"ok":true,"pad":"%s"}\n' % (message_id, "x" * (2 << 20)))
                    sys.stdout.flush()
                    continue
                if fault == "early-exit":
                    sys.exit(0)
                if fault == "stderr-flood":
                    chunk = "flood " * 1000 + "\n"
                    for _ in range(1000):
                        sys.stderr.write(chunk)
                    sys.stderr.flush()
                if fault == "wrong-id":
                    reply["id"] = message_id + 1
                if fault == "late-reply":
                    time.sleep(options.seconds)
                if fault == "spawn-daemon":
                    # What a careless driver's shell leaves behind: a child in its group, one that
                    # leaves with setsid, and a daemon (forked twice, its own session): none may
                    # outlive authspec, even killed outright.
                    # Each sleep carries the marker as its own argv[0], whatever the shell.
                    subprocess.Popen([options.marker, "300"], executable="sleep")
                    subprocess.Popen([options.marker + "-escaped", "300"], executable="sleep", start_new_session=True)
                    if os.fork() == 0:
                        os.setsid()
                        if os.fork() == 0:
                            os.execvp("sleep", [options.marker + "-daemon", "300"])
                        os._exit(0)
                    if options.ready_file:
                        with open(options.ready_file, "w") as ready:
                            ready.write("spawned\n")
                    time.sleep(3600)
                if fault.startswith("spawn"):
                    # A child in the driver's group, and one that leaves it with setsid: both
                    # must end with the driver. $0 carries the marker the test looks for.
                    subprocess.Popen(["sh", "-c", "sleep 300", options.marker])
                    subprocess.Popen(["setsid", "sh", "-c", "sleep 300", options.marker + "-escaped"],
                                     start_new_session=True)
                    if options.ready_file:
                        with open(options.ready_file, "w") as ready:
                            ready.write("spawned\n")
                    if fault == "spawn-crash":
                        os._exit(3)
                    if fault == "spawn-hang":
                        time.sleep(3600)
                if fault == "no-read":
                    # Never read stdin again; answer the ids the runner will use, as fast as it
                    # takes them, until its requests fill the pipe.
                    send(reply)
                    next_id = message_id + 1
                    while True:
                        send({"id": next_id, "ok": True, "observations": {}})
                        next_id += 1
        elif kind == "bye":
            send(reply)
            return
        send(reply)


if __name__ == "__main__":
    main()
