#!/usr/bin/env python3
"""Independent reference for plackett_luce_test.cpp (not part of the build).

Computes Weng & Lin's Plackett-Luce update (JMLR 2011, Algorithm 4; one player per team, ties
share a place) straight from the published formulas, in its own loops (C_q and A_q summed afresh
for each q), and prints the figures the C++ test pins. Run: python3 tests/competition/plackett_luce_reference.py
"""
import math

BETA = 25.0 / 6.0
KAPPA = 1e-4


def update(players):
    """players: list of (mu, sigma, place); place 0 is first. Returns [(mu, sigma)]."""
    c = math.sqrt(sum(s * s + BETA * BETA for _, s, _ in players))
    e = [math.exp(m / c) for m, _, _ in players]
    result = []
    for i, (mu, sigma, place) in enumerate(players):
        omega = 0.0
        delta = 0.0
        # q ranges over everyone placed at or above i (r(q) <= r(i)).
        for q, (_, _, q_place) in enumerate(players):
            if q_place > place:
                continue
            c_q = sum(e[s] for s, (_, _, p) in enumerate(players) if p >= q_place)
            a_q = sum(1 for _, _, p in players if p == q_place)
            ratio = e[i] / c_q
            omega += ((1.0 if q == i else 0.0) - ratio) / a_q
            delta += ratio * (1.0 - ratio) / a_q
        gamma = sigma / c
        new_mu = mu + sigma * sigma / c * omega
        new_sigma = sigma * math.sqrt(max(1.0 - gamma * sigma * sigma / (c * c) * delta, KAPPA))
        result.append((new_mu, new_sigma))
    return result


CASES = {
    "three newcomers": [(25.0, 25.0 / 3, 0), (25.0, 25.0 / 3, 1), (25.0, 25.0 / 3, 2)],
    "four mixed, tie for second": [(30.0, 4.0, 1), (22.0, 6.0, 0), (27.0, 2.5, 1), (18.0, 8.0, 3)],
    "five, upset": [(35.0, 2.0, 4), (28.0, 3.0, 3), (25.0, 25.0 / 3, 2), (20.0, 5.0, 1),
                    (15.0, 7.0, 0)],
}

for name, players in CASES.items():
    print(name)
    for mu, sigma in update(players):
        print(f"    {{{mu:.10f}, {sigma:.10f}}},")
