#!/usr/bin/env python3
"""A driver that hides its bugs by refusing: it passes every message through to the driver
command after `--`, except that it answers `unsupported` to a `start` whose world matches
every `--refuse-given KEY=VALUE` (all of them when there are none and `--refuse-worlds` is
given) and to every input named by `--refuse-input NAME`. It declares what the wrapped driver
declares, so each refusal is of a world or an input it claims to handle.

    python3 refusing_proxy.py --refuse-given tier=perfect -- python3 Examples/python/driver.py --bug perfect-30-days
"""
import argparse
import json
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--refuse-given", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--refuse-worlds", action="store_true", help="refuse every world")
    parser.add_argument("--refuse-input", action="append", default=[], metavar="NAME")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    refused = dict(pair.split("=", 1) for pair in options.refuse_given)
    inner = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    # After a refused start the wrapped driver is never started: its inputs are refused too,
    # until the next start.
    refusing = False
    for line in sys.stdin:
        request = json.loads(line)
        kind = request.get("type")
        if kind == "start":
            given = request.get("given", {})
            refusing = (options.refuse_worlds and not refused) or (
                bool(refused) and all(str(given.get(key)) == value for key, value in refused.items()))
        name = (request.get("input") or {}).get("name") if kind == "input" else None
        if kind in ("start", "input") and (refusing or name in options.refuse_input):
            what = "this world" if kind == "start" else "input '%s'" % name
            print(json.dumps({"id": request["id"], "ok": False,
                              "error": {"kind": "unsupported", "message": "refused " + what}}), flush=True)
            continue
        inner.stdin.write(line)
        inner.stdin.flush()
        reply = inner.stdout.readline()
        if not reply:
            return 1
        sys.stdout.write(reply)
        sys.stdout.flush()
        if kind == "bye":
            break
    inner.stdin.close()
    return inner.wait()


if __name__ == "__main__":
    sys.exit(main())
