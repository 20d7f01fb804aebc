#!/usr/bin/env python3
"""Pools `carc-sim arena` runs: each FILE is a run's stderr (`game 12/200: A 97 B 41`).

    scripts/arena-pool.py [--even] SEED=FILE [SEED=FILE ...]

Prints each run's games and A's expected score, then the pooled result: wins, draws, losses,
A's expected score with its 95% Wilson interval (a draw counts half) and the Elo difference
d = 400 log10(p / (1 - p)) with the interval's ends. A run stopped by hand may end between the
two games of a pair; --even drops such a last game so every pair keeps its seats swapped.
"""
import argparse
import math
import re
import sys

GAME_LINE = re.compile(r"^game (\d+)/\d+: A (-?\d+) B (-?\d+)$")
Z95 = 1.959963984540054


def read_run(path):
    """The (A's points, B's points) of each game, in order; refuses gaps and repeats."""
    games = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            match = GAME_LINE.match(line.strip())
            if not match:
                continue
            index, a, b = (int(group) for group in match.groups())
            if index != len(games) + 1:
                sys.exit(f"{path}:{number}: game {index} follows game {len(games)}")
            games.append((a, b))
    return games


def wilson(score, n):
    """The 95% Wilson score interval of a proportion score/n."""
    p = score / n
    centre = p + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    denominator = 1 + Z95 * Z95 / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return 400 * math.log10(p / (1 - p))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--even", action="store_true", help="drop a run's unpaired last game")
    parser.add_argument("runs", nargs="+", metavar="SEED=FILE")
    arguments = parser.parse_args()

    wins = draws = losses = 0
    points_a = points_b = 0
    by_seed = []
    for run in arguments.runs:
        seed, separator, path = run.partition("=")
        if not separator:
            sys.exit(f"{run}: expected SEED=FILE")
        games = read_run(path)
        if arguments.even and len(games) % 2:
            games.pop()
        run_score = 0.0
        for a, b in games:
            wins += a > b
            draws += a == b
            losses += a < b
            run_score += 1 if a > b else 0.5 if a == b else 0
            points_a += a
            points_b += b
        share = f"{100 * run_score / len(games):.1f}%" if games else "-"
        print(f"seed {seed}: {len(games)} games, A {share}")
        by_seed.append(f"{seed} ({len(games)})")

    n = wins + draws + losses
    if n == 0:
        sys.exit("no games")
    score = wins + draws / 2
    low, high = wilson(score, n)
    p = score / n
    print(f"pooled: {n} games, A {wins} wins, {draws} draws, {losses} losses")
    print(f"A's expected score {100 * p:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    print(f"d {elo(p):.0f} ({elo(low):.0f}-{elo(high):.0f})")
    print(f"mean score A {points_a / n:.1f} : B {points_b / n:.1f}")
    print("seeds (games): " + ", ".join(by_seed))


if __name__ == "__main__":
    main()
