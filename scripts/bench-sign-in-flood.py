#!/usr/bin/env python3
"""Floods a running carc-server with sign-ins that each cost a password hash, for a fixed
time, from N concurrent clients; prints the answers by status and the sign-ins' latencies as one
JSON line. Used beside carc-load (docs/benchmarks.md, "Sign-ins beside games").

Usage: bench-sign-in-flood.py HOST:PORT SECONDS CLIENTS
An account "Flooded" is made first; every sign-in after it names it with a wrong password, so
each one is a full Argon2id verification (the server must run with its sign-in limits raised,
else most answers are 429 at once and cost nothing, which is the point of the limits)."""
import http.client
import json
import sys
import threading
import time

host, port = sys.argv[1].split(":")
seconds, clients = float(sys.argv[2]), int(sys.argv[3])


def post(path, body):
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    start = time.monotonic()
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    status = conn.getresponse().status
    conn.close()
    return status, time.monotonic() - start


post("/api/accounts", {"name": "Flooded", "password": "correct horse battery"})
statuses, latencies, lock = {}, [], threading.Lock()
until = time.monotonic() + seconds


def flood(i):
    n = 0
    while time.monotonic() < until:
        status, took = post("/api/sessions", {"name": "Flooded", "password": f"wrong {i} {n}"})
        n += 1
        with lock:
            statuses[status] = statuses.get(status, 0) + 1
            latencies.append(took)


threads = [threading.Thread(target=flood, args=(i,)) for i in range(clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
latencies.sort()
pick = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000, 1) if latencies else None
print(json.dumps({"sign_ins": len(latencies), "statuses": statuses, "p50_ms": pick(0.5), "p99_ms": pick(0.99)}))
