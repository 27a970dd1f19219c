#!/usr/bin/env python3
"""A driver that measures nothing and says so in the suite's own words: it passes every
message through to the driver command after `--`, and in each reply writes every contrast of
`a11y_audit` as the bound the reference reports, `{"at_least": 450}` (SCR-AUTH-006 §7.4's
4.5:1), instead of the ratio it measured.

    python3 bound_echo_proxy.py -- python3 Examples/python/driver.py
"""
import json
import subprocess
import sys


def as_bounds(value):
    if isinstance(value, dict):
        return {key: {"at_least": 450} if key == "contrast_x100" else as_bounds(item) for key, item in value.items()}
    return value


def main():
    command = sys.argv[2:] if sys.argv[1:2] == ["--"] else sys.argv[1:]
    inner = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        inner.stdin.write(line)
        inner.stdin.flush()
        reply = json.loads(inner.stdout.readline())
        observations = reply.get("observations")
        if isinstance(observations, dict) and "a11y_audit" in observations:
            observations["a11y_audit"] = as_bounds(observations["a11y_audit"])
        print(json.dumps(reply), flush=True)
        if json.loads(line).get("type") == "bye":
            break
    inner.stdin.close()
    return inner.wait()


if __name__ == "__main__":
    sys.exit(main())
