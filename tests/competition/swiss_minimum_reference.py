#!/usr/bin/env python3
"""Independent check of the Swiss pairing's bye and cross-group pairs (not part of the build).

Reads swiss_rounds_dump's JSON and, for each round, finds the lowest score the bye can go to
and, with it there, the fewest pairs across score groups any legal pairing has (no repeated
pair, the bye only to a player without one), by networkx's exact maximum-weight matching
(Debian's python3-networkx): weight 1 for a pair inside a score group, and a bye edge worth
more the lower its player's score, by more than all pairs together. swiss_test.cpp pins the
figures it printed:
  build/bin/swiss_rounds_dump 64 6 7 | python3 tests/competition/swiss_minimum_reference.py
"""
import json
import sys

import networkx as nx

for number, rnd in enumerate(json.load(sys.stdin), start=1):
    players = rnd["players"]
    g = nx.Graph()
    top = max(p["score"] for p in players)
    outweigh = len(players) + 1
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            if b["id"] not in a["opp"]:
                g.add_edge(i, j, weight=1 if a["score"] == b["score"] else 0)
        if len(players) % 2 == 1 and not a["bye"]:
            # the bye is never a cross-group pair; a lower score weighs more than any pairs
            g.add_edge(i, "bye", weight=1 + outweigh * round(2 * (top - a["score"])))
    matching = nx.max_weight_matching(g, maxcardinality=True)
    fewest = sum(1 for a, b in matching
                 if "bye" not in (a, b) and players[a]["score"] != players[b]["score"])
    bye = [players[a if b == "bye" else b]["score"] for a, b in matching if "bye" in (a, b)]
    bye_text = f", bye at {rnd['bye']} (lowest possible {bye[0]})" if bye else ""
    print(f"round {number}: ours {rnd['ours']}, exact minimum {fewest}{bye_text}")
