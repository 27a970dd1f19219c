#!/usr/bin/env python3
"""Runs a command with its stdout in a file and prints its exit status, wall time and peak RSS.

The tests measure through this small process rather than from the test runner itself: on
Linux a child's peak RSS includes its parent's at the moment it was spawned (the address space
it started from), and the test runner is large; this one is not.
"""

import json
import resource
import subprocess
import sys
import time


def main():
    out_path, command = sys.argv[1], sys.argv[2:]
    started = time.monotonic()
    with open(out_path, "wb") as out:
        status = subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                env={**__import__("os").environ, "SWIFT_BACKTRACE": "enable=no"}).returncode
    seconds = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"status": status if status >= 0 else 128 - status, "seconds": seconds, "peak_kb": peak}))


if __name__ == "__main__":
    main()
