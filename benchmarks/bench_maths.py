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
- the same optimum with the cards' cost icons capped at ``--budget``;
- the optima of 12 and 13 cards (the player who triggers the end, and the others in the final
  round, may play that many), and the best potion for each dealt starting card;
- the fewest actions that build the best potion (``economy.potion_actions``), and a budget
  curve of 5-card potions;
- the optimum as an integer program, weak and strong formulations (HiGHS), with their
  relaxation bounds;
- the derived laws and the decision values (each under 1 s): the Min and complementarity
  laws, the reveal laws, a Sickle's value, the draft table with 2 later cards, the closed
  classes of the rune graph, a cluster check of the best potion.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import time  # noqa: E402

import sympy  # noqa: E402
from timing import timed  # noqa: E402

from carnuta_core import Game, reference_deck  # noqa: E402
from carnuta_core.maths import (  # noqa: E402
    Optimum,
    Potion,
    calculus,
    decisions,
    economy,
    optimum,
    potion_formula,
    reveal_laws,
)
from carnuta_core.maths.formulation import optimum_milp  # noqa: E402
from carnuta_core.rune_graph.classes import closed_classes  # noqa: E402
from carnuta_core.synergy import cluster_check, strategy_clusters  # noqa: E402


def one_core() -> str:
    """Pin this process to one CPU when the OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here)"


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

    print("\nPotions of 12 and 13 cards (tokens as the counter gives them)")
    for k in (12, 13):
        wall = time.perf_counter()
        more = optimum(deck, k)
        print(f"  {k} cards: {more.value} points in {time.perf_counter() - wall:.1f} s")

    print("\nBest potion for each dealt starting card (one shared pass over the count vectors)")
    wall = time.perf_counter()
    by_start = economy.optimum_by_start(deck)
    values = {start: best.value for start, best in by_start.items()}
    print(f"  {values}  ({time.perf_counter() - wall:.1f} s)")

    print("\nActions and budgets")
    plan_seconds, _ = timed(lambda: economy.potion_actions(best.potion), 3)
    print(f"  fewest actions for the best potion  {economy.potion_actions(best.potion)}")
    print(f"  ... found in                        {plan_seconds * 1000:.1f} ms")
    wall = time.perf_counter()
    curve = economy.budget_curve(range(4, 13), deck, k=5)
    print(
        f"  budget curve, 5 cards, budgets 4-12 {[p.value for p in curve]} "
        f"({time.perf_counter() - wall:.1f} s)"
    )

    print("\nThe optimum as an integer program (HiGHS), 6 and 11 cards, 60 s each at most")
    for k in (6, 11):
        for formulation in ("weak", "strong"):
            relaxed = optimum_milp(deck, k, formulation=formulation, relaxed=True)
            solved = optimum_milp(deck, k, formulation=formulation, seconds=60)
            print(
                f"  {k} cards, {formulation:6s} relaxation bound {relaxed.bound:7.1f}; "
                f"{solved.as_dict()}"
            )

    print("\nDerived laws and decision values (target: each under 1 s)")
    game = Game.new(2, seed=5)
    clusters = strategy_clusters(deck)
    for name, work in (
        ("Min law, proven by cases", calculus.min_difference_law),
        ("complementarity law", calculus.complementarity_law),
        ("marginal value of the best potion", lambda: calculus.marginal_value(best.potion, "egg")),
        ("P(within n reveals), w symbolic", reveal_laws.within_law),
        ("E[first wanted] by summation", reveal_laws.first_wanted_law),
        ("a Sickle's exact value", lambda: decisions.sickle_value(game, 0, "day")),
        ("draft table with 2 later cards", lambda: decisions.draft_table(game, 0, 2)),
        ("closed classes of the rune graph", lambda: closed_classes(deck)),
        (
            "cluster check of the best potion",
            lambda: cluster_check(
                [c.id for c in best.potion.played if not c.is_salt], clusters, deck
            ),
        ),
    ):
        wall, cpu = timed(work, 3)
        print(f"  {name:36s} {wall * 1000:8.1f} ms   (CPU {cpu * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
