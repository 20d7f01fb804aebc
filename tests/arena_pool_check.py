#!/usr/bin/env python3
"""scripts/arena-pool.py against carc-sim's own summary: two short arena runs (beginner against
random, seeds 7 and 8); for each, the script's expected score, 95% interval and mean scores read
from the run's per-game lines equal what carc-sim printed; pooled, the games add up and the
expected score is the runs' weighted mean.

    arena_pool_check.py CARC_SIM ARENA_POOL
"""
import re
import subprocess
import sys
import tempfile

SUMMARY = re.compile(r"A win rate ([\d.]+)% \(95% CI ([\d.]+)%\.\.([\d.]+)%\), mean score A ([\d.]+) B ([\d.]+)")
POOLED = re.compile(r"A's expected score ([\d.]+)% \(95% CI ([\d.]+)-([\d.]+)%\)")
MEANS = re.compile(r"mean score A ([\d.]+) : B ([\d.]+)")
GAMES = re.compile(r"pooled: (\d+) games")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def pool(arena_pool, runs):
    out = subprocess.run([sys.executable, arena_pool, *runs], capture_output=True, text=True, check=True).stdout
    print(out, end="")
    return out


def main():
    carc_sim, arena_pool = sys.argv[1], sys.argv[2]
    games = 40
    runs = []
    expected = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in (7, 8):
            run = subprocess.run([carc_sim, "arena", "--a", "beginner", "--b", "random", "--games", str(games),
                                  "--seed", str(seed)], capture_output=True, text=True, check=True)
            summary = SUMMARY.search(run.stdout)
            if not summary:
                fail("no summary in carc-sim's output:\n" + run.stdout)
            path = f"{folder}/run{seed}.err"
            with open(path, "w", encoding="utf-8") as f:
                f.write(run.stderr)
            out = pool(arena_pool, [f"{seed}={path}"])
            rate, low, high = POOLED.search(out).groups()
            means = MEANS.search(out).groups()
            if (rate, low, high) != summary.groups()[:3]:
                fail(f"seed {seed}: expected score {rate}% ({low}-{high}) but carc-sim says {summary.groups()[:3]}")
            if means != summary.groups()[3:]:
                fail(f"seed {seed}: mean scores {means} but carc-sim says {summary.groups()[3:]}")
            if not 0 < float(rate) < 100:
                fail(f"seed {seed}: a one-sided run ({rate}%) tells the interval little; pick other bots")
            runs.append(f"{seed}={path}")
            expected.append(float(summary.group(1)))
        out = pool(arena_pool, runs)
        if int(GAMES.search(out).group(1)) != 2 * games:
            fail("the pooled games do not add up")
        pooled = float(POOLED.search(out).group(1))
        if abs(pooled - sum(expected) / 2) > 0.051:
            fail(f"pooled {pooled}% is not the runs' mean {sum(expected) / 2}%")
    print("arena-pool agrees with carc-sim")


if __name__ == "__main__":
    main()
