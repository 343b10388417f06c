"""Scoring-maths speed: an 11-card potion's formula, and the proven best potion.

Run: ``python benchmarks/bench_maths.py [--budget 12] [--repeat 20]``. The script pins
itself to one core (and one BLAS thread) so the figures are single-core figures, and
prints wall-clock and CPU seconds.

Figures:

- building one 11-card potion's formulas (every card, every row, the total), and running
  ``sympy.simplify`` on the total (it finds nothing to shorten: the sum is already
  canonical) - the target is under 1 s together;
- the optimum over the reference deck: 11 cards from the 72 (64 Day/Night cards and the
  8 starting cards, exactly one starting card), the 2 Bonus tokens the counter gives at 6
  and 10, Salts placed optimally - the target is under 30 s;
- the same optimum with the cards' cost icons capped at ``--budget``.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import sympy  # noqa: E402

from carnuta_core import reference_deck  # noqa: E402
from carnuta_core.maths import Optimum, Potion, optimum, potion_formula  # noqa: E402


def one_core() -> str:
    """Pin this process to one CPU when the OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here)"


def timed(work, repeat: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(median wall seconds, median CPU seconds) over ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def formula_figures(potion: Potion, repeat: int) -> None:
    wall, cpu = timed(lambda: potion_formula(potion), repeat)
    print(f"  build the 11-card pad formulas    {wall * 1000:8.1f} ms   (CPU {cpu * 1000:.1f} ms)")
    total = potion_formula(potion).total
    start = time.perf_counter()
    simpler = sympy.simplify(total)
    cold = time.perf_counter() - start
    wall, cpu = timed(lambda: sympy.simplify(potion_formula(potion).total), repeat)
    print(f"  build + sympy.simplify (first)    {(cold + wall) * 1000:8.1f} ms")
    print(f"  build + sympy.simplify (median)   {wall * 1000:8.1f} ms   (CPU {cpu * 1000:.1f} ms)")
    print(f"  simplify shortened it             {'no' if simpler == total else 'yes'}")
    print(f"  total = {total}")


def optimum_figures(best: Optimum, wall: float, cpu: float) -> None:
    print(f"  best score                        {best.value}")
    print(f"  wall / CPU seconds                {wall:.2f} / {cpu:.2f}")
    print(f"  count vectors bounded             {best.vectors}")
    print(f"  ... bounded again by the DP       {best.refined}")
    print(f"  ... solved exactly, card by card  {best.solved}")
    print(f"  cost icons                        {best.cost}")
    print(f"  potion                            {best.potion}")
    print(f"  score pad                         {best.score_pad().as_dict()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=12, help="cost-icon budget (default 12)")
    parser.add_argument("--repeat", type=int, default=20, help="repeats of the formula timing")
    args = parser.parse_args()
    print(f"Scoring maths benchmark ({one_core()})")

    deck = reference_deck()
    print("\nOptimum over the reference deck (11 cards, 1 starting card, 2 Bonus tokens)")
    wall, cpu = time.perf_counter(), time.process_time()
    best = optimum(deck)
    optimum_figures(best, time.perf_counter() - wall, time.process_time() - cpu)

    print(f"\nOptimum with cost icons <= {args.budget}")
    wall, cpu = time.perf_counter(), time.process_time()
    cheap = optimum(deck, budget=args.budget)
    optimum_figures(cheap, time.perf_counter() - wall, time.process_time() - cpu)

    print("\nFormula of the best 11-card potion")
    formula_figures(best.potion, args.repeat)


if __name__ == "__main__":
    main()
