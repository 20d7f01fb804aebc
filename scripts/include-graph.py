#!/usr/bin/env python3
"""The shape of server/'s include graph, in the figures docs/architecture.md quotes.

Counts, over every .hpp and .cpp under server/ (quoted includes of another server folder):
  - the files that include the shared state (app/shared_state.hpp);
  - the pairs of folders that include each other;
  - the edges running back up: includes from a folder to one above it in LAYERS (lowest
    first), which lists each folder where docs/architecture.md places it. A folder missing
    from LAYERS is reported, so the order cannot silently go stale.

Usage: scripts/include-graph.py [--verbose] [ROOT]   (ROOT defaults to the checkout's server/)
"""
import collections
import os
import re
import sys

LAYERS = [
    "util", "crypto", "storage", "records", "competition", "base",  # libraries: no server knowledge
    "people", "persistence", "friends",  # who is here, the journal, blocks
    "rooms",  # games and their rooms
    "cluster",  # several nodes: leases and news
    "ratings", "reviews", "notices", "accounts", "moderation", "tournaments",  # features
    "http", "net",  # the HTTP API and the connections
    "app",  # the composition root
]
INCLUDE = re.compile(r'\s*#include\s+"([a-z_]+)/[^"]+"')


def main():
    args = [a for a in sys.argv[1:] if a != "--verbose"]
    verbose = "--verbose" in sys.argv
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server")
    folders = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
    unplaced = [f for f in folders if f not in LAYERS]
    if unplaced:
        sys.exit(f"folders not placed in LAYERS: {', '.join(unplaced)}")
    rank = {name: i for i, name in enumerate(LAYERS)}
    edges = collections.Counter()
    upward = []
    shared_state_users = []
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith((".hpp", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                shown = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for line in f:
                        if '#include "app/shared_state.hpp"' in line and shown != "app/shared_state.hpp":
                            shared_state_users.append(shown)
                        m = INCLUDE.match(line)
                        if not m or m.group(1) == folder or m.group(1) not in rank:
                            continue
                        edges[(folder, m.group(1))] += 1
                        if rank[m.group(1)] > rank[folder]:
                            upward.append(f"{shown} -> {line.strip()[len('#include '):]}")
    pairs = sorted({tuple(sorted(e)) for e in edges if (e[1], e[0]) in edges})
    print(f"files including app/shared_state.hpp: {len(shared_state_users)}")
    if verbose:
        for path in sorted(shared_state_users):
            print(f"  {path}")
    print(f"folder pairs that include each other: {len(pairs)}")
    for a, b in pairs:
        print(f"  {a} <-> {b} ({edges[(a, b)]} / {edges[(b, a)]} includes)")
    print(f"includes running back up (against LAYERS): {len(upward)}")
    if verbose:
        for edge in sorted(upward):
            print(f"  {edge}")


if __name__ == "__main__":
    main()
