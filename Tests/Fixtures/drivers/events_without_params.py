"""A driver as a real one is often first written: the Python example behind a proxy that
drops each analytics event's "params" from its replies. Everything else passes through."""
import json
import subprocess
import sys

child = subprocess.Popen(
    [sys.executable, "Examples/python/driver.py", "--argon2-memory-kib", "8"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    child.stdin.write(line)
    child.stdin.flush()
    reply = json.loads(child.stdout.readline())
    for event in (reply.get("observations") or {}).get("events") or []:
        event.pop("params", None)
    print(json.dumps(reply), flush=True)
    if json.loads(line).get("type") == "bye":
        break
child.stdin.close()
child.wait()
