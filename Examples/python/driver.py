#!/usr/bin/env python3
"""authspec driver for the example implementations: the unlock screen (unlock.py) and, when the runner
asks for the auth-flow model, the authentication flow around it (authflow.py) (protocol v1, docs/protocol.md).

Run by authspec:  authspec run --driver "python3 Examples/python/driver.py [--bug NAME ...]"
stdout carries protocol messages only; logs go to stderr.
"""

import argparse
import json
import sys

from authflow import BUGS as FLOW_BUGS
from authflow import AuthFlow
from unlock import BUGS, Argon2id, UnlockScreen

INPUTS = ["launch", "kill", "background", "foreground", "advance", "biometric", "biometric_error", "digit", "delete",
          "clear", "tap", "login_completed", "enrolment_changed", "enable_biometrics", "clock_forward", "clock_back",
          "platform_lockout_ended"]
SHARED_OBSERVATIONS = ["state", "states", "navigation", "pin_entered", "pin_attempts_left", "bio_attempts_left",
                       "lock_remaining", "countdown", "message", "announcements", "events", "biometrics_enabled",
                       "focus_order", "secure_window"]
# The auth-flow model (UIF-AUTH-001) signs in through its own Login, so it has no login_completed.
FLOW_INPUTS = ([name for name in INPUTS if name != "login_completed"]
               + ["oauth", "recovery", "deep_link", "logout", "swipe", "connectivity"])
FLOW_OBSERVATIONS = SHARED_OBSERVATIONS + ["texts", "images", "code_entered", "input_focus", "recovery_mode",
                                           "mfa_cooldown", "animations"]
# The unlock screen's: also what it asks of the faked platform and draws, and, white-box, what it stores.
OBSERVATIONS = SHARED_OBSERVATIONS + ["announcement_priorities", "haptics", "prompt_request", "texts", "images",
                                      "pin_display", "store"]
# What a UI-level driver measures on the drawn screen and the key store (profile ui).
OBSERVATIONS += ["frames", "a11y_audit", "key_access", "animations"]
MODELS = {"unlock": (INPUTS, OBSERVATIONS, UnlockScreen),
          "auth-flow": (FLOW_INPUTS, FLOW_OBSERVATIONS, AuthFlow)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bug", action="append", default=[], choices=sorted({**BUGS, **FLOW_BUGS}),
                        help="switch on a deliberate bug")
    parser.add_argument("--list-bugs", action="store_true", help="list the bugs and exit")
    every_key = sorted(set(FLOW_OBSERVATIONS + OBSERVATIONS))
    parser.add_argument("--observe", action="append", default=[], choices=every_key, metavar="KEY",
                        help="declare and report only these observation keys (repeatable; default all), "
                             "as a driver that cannot observe everything would")
    every_input = sorted(set(FLOW_INPUTS + INPUTS))
    parser.add_argument("--input", action="append", default=[], choices=every_input, metavar="NAME",
                        help="declare and take only these inputs (repeatable; default all), "
                             "as a driver that cannot send everything would")
    parser.add_argument("--argon2-memory-kib", type=int, default=1024,
                        help="Argon2id memory cost for the PIN hash (default 1024; libargon2's minimum is 8)")
    options = parser.parse_args()
    if options.list_bugs:
        for name, what in sorted({**BUGS, **FLOW_BUGS}.items()):
            print("%-28s %s" % (name, what))
        return
    hasher = Argon2id(options.argon2_memory_kib)
    screen = None
    inputs, observed, make = MODELS["unlock"]

    def reply(message_id, **fields):
        sys.stdout.write(json.dumps(dict(id=message_id, ok=True, **fields), separators=(",", ":")) + "\n")
        sys.stdout.flush()

    def fail(message_id, kind, text):
        sys.stdout.write(json.dumps({"id": message_id, "ok": False, "error": {"kind": kind, "message": text}}) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        request = json.loads(line)
        message_id = request.get("id", -1)
        kind = request.get("type")
        try:
            if kind == "hello":
                if 1 not in request.get("versions", []):
                    fail(message_id, "failed", "this driver speaks protocol version 1 only")
                    continue
                model = request.get("model", "unlock")
                if model not in MODELS:
                    fail(message_id, "failed", "this driver implements the models %s, not %r" % (
                        " and ".join(sorted(MODELS)), model))
                    continue
                inputs, every, make = MODELS[model]
                inputs = [name for name in options.input if name in inputs] if options.input else inputs
                observed = [key for key in options.observe if key in every] if options.observe else every
                reply(message_id, protocol=1,
                      implementation={"name": "python-example" + "".join("+" + b for b in options.bug),
                                      "version": "1.0", "language": "python"},
                      capabilities={"inputs": inputs, "observations": observed})
            elif kind == "start":
                screen = make(request["given"], options.bug, hasher)
                reply(message_id)
            elif kind == "input":
                item = request["input"]
                if item["name"] not in inputs:
                    fail(message_id, "unsupported", "input %s is not declared" % item["name"])
                    continue
                observations = screen.apply(item["name"], item.get("argument"), request["time_ms"])
                reply(message_id, observations={key: observations[key] for key in observed if key in observations})
            elif kind == "reset":
                screen = None
                reply(message_id)
            elif kind == "bye":
                reply(message_id)
                return
            else:
                fail(message_id, "unsupported", "unknown request type %r" % kind)
        except NotImplementedError as error:
            fail(message_id, "unsupported", "input %s is not implemented" % error)
        except Exception as error:  # a harness answers every request, even when its code breaks
            print("driver error: %r" % error, file=sys.stderr)
            fail(message_id, "failed", "%s: %s" % (type(error).__name__, error))


if __name__ == "__main__":
    main()
