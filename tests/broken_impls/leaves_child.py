"""Broken on purpose: the harness starts a child that leaves its session (`setsid`) with
an empty environment, writes the child's pid and its own to the file named by its
argument, and skips every vector; with `--hang` it then stops answering."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], env={},
                         start_new_session=True, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(f"{child.pid} {os.getpid()}\n")
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "stop":
        break
    if request["cmd"] == "start":
        print(json.dumps({"name": "leaves-child", "version": "1", "rulesets": ["*"]}),
              flush=True)
        continue
    if "--hang" in sys.argv:
        time.sleep(600)
    print(json.dumps({"seq": request["seq"], "skipped": True, "message": "skipped"}),
          flush=True)
