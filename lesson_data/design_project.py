"""Player interaction and catch-up, measured: the data of lesson 12 and of the design
project's worked example (``docs/teaching/project_worked_example.md``).

Two runs, both on the kit's reference deck and on paired seeds:

- **hate_draft**: ``HateDraftBot`` (``carnuta_core.interaction``) at each weight of
  ``WEIGHTS`` against the kit's greedy bot, 2 players, every seed ``0 .. HATE_SEEDS - 1``
  played twice with the seats swapped. One record per game: the seed, the hate-drafter's
  seat, its share of the win, both scores, and how many cards it took.
- **catch_up**: three greedy bots under the rulebook and under each ``catch_up_runes``
  value of ``CATCH_UP`` (``Rules.catch_up_runes``), the same seeds ``0 .. CATCH_UP_SEEDS - 1``
  for every variant (``lab.sweep``). One record per game: variant, seed, lead changes,
  rounds, the winner's lead over the runner-up, the three scores and win shares by seat.

Rerun with ``python -m lesson_data.design_project`` (a few minutes on one core);
``compute(sample=n)`` reruns the first ``n`` seeds of both, which a test compares with the
file. ``summary`` turns the file into the numbers the lesson and the worked example quote, and
``worked_example_numbers`` writes those of the worked example as its page does.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

#: Weights of denial the hate-drafter plays with.
WEIGHTS = (1.0, 3.0)
#: Seeds of the hate-draft duel, each played from both seats.
HATE_SEEDS = 500
#: ``catch_up_runes`` values tried against the rulebook (0).
CATCH_UP = (1, 2)
#: Seeds of the catch-up sweep, and its players.
CATCH_UP_SEEDS = 600
CATCH_UP_PLAYERS = 3


def variant_name(runes: int) -> str:
    """The sweep's name for ``catch_up_runes=runes``."""
    return f"catch-up {runes}"


def hate_draft_games(weight: float, seeds: Sequence[int]) -> list[dict[str, Any]]:
    """The duel of ``HateDraftBot(weight)`` against the greedy bot on ``seeds``, each seed
    once per rotation of the two seats (rotation r puts the hate-drafter in seat r)."""
    from carnuta_core import lab
    from carnuta_core.interaction import HateDraftBot

    from .two_games_skill import paired_games

    hater = functools.partial(HateDraftBot, weight=weight)
    table = lab.simulate([hater, "greedy"], seeds=seeds, rotate=True, workers=1, progress=False)
    games = paired_games(table)
    by_game = table.sort_values("game")
    mine = by_game[by_game["seat"] == by_game["rotation"]]["cards_taken"]
    rival = by_game[by_game["seat"] != by_game["rotation"]]["cards_taken"]
    for game, taken, rival_taken in zip(games, mine, rival, strict=True):
        game.update(taken=int(taken), rival_taken=int(rival_taken))
    return games


def catch_up_games(seeds: Sequence[int]) -> list[dict[str, Any]]:
    """Three greedy bots on ``seeds`` under the rulebook and each ``CATCH_UP`` variant."""
    from carnuta_core import lab

    variants = {variant_name(r): {"catch_up_runes": r} for r in CATCH_UP}
    table = lab.sweep(variants, "greedy", players=CATCH_UP_PLAYERS, seeds=seeds, workers=1,
                      progress=False)  # fmt: skip
    games = []
    for (variant, _), game in table.groupby(["variant", "game"], sort=False):
        ordered = game.sort_values("seat")
        scores = [int(s) for s in ordered["score"]]
        top, second = sorted(scores, reverse=True)[:2]
        games.append(
            {
                "variant": str(variant),
                "seed": int(ordered["seed"].iloc[0]),
                "lead_changes": int(ordered["lead_changes"].iloc[0]),
                "rounds": int(ordered["rounds"].iloc[0]),
                "margin": top - second,
                "scores": scores,
                "wins": [float(w) for w in ordered["win"]],
            }
        )
    return games


def compute(sample: int | None = None) -> dict[str, Any]:
    """Both runs on their first ``sample`` seeds (all of them by default)."""
    hate_seeds = range(HATE_SEEDS if sample is None else sample)
    catch_seeds = range(CATCH_UP_SEEDS if sample is None else sample)
    return {
        "about": "lesson_data/design_project.py: hate-drafter vs greedy (2 players, paired "
        "seats) and catch_up_runes variants with 3 greedy bots (paired seeds)",
        "hate_draft": {str(w): hate_draft_games(w, hate_seeds) for w in WEIGHTS},
        "catch_up": catch_up_games(catch_seeds),
        "seeds": {"hate_draft": len(hate_seeds), "catch_up": len(catch_seeds)},
    }


def paired(values: Mapping[int, float], baseline: Mapping[int, float]) -> tuple[float, ...]:
    """Mean of ``values - baseline`` over the seeds both hold, and its 95% interval."""
    from tabletop.lab import mean_ci

    common = sorted(set(values) & set(baseline))
    return mean_ci([values[s] - baseline[s] for s in common])


def summary(results: Mapping[str, Any]) -> dict[str, Any]:
    """The numbers quoted from a file of ``compute``: for each weight, the hate-drafter's win
    share by deal (the mean of its two games) with its interval; for each catch-up variant,
    the paired differences from the rulebook in lead changes, rounds, the winner's lead and
    the last seat's win share."""
    from tabletop.lab import mean_ci

    out: dict[str, Any] = {"hate_draft": {}, "catch_up": {}}
    for weight, games in results["hate_draft"].items():
        by_deal: dict[int, list[float]] = {}
        for game in games:
            by_deal.setdefault(game["seed"], []).append(game["win"])
        share = mean_ci([sum(w) / len(w) for w in by_deal.values()])
        margin = mean_ci([g["score"] - g["rival_score"] for g in games])
        out["hate_draft"][weight] = {"win_share": share, "score_margin": margin,
                                     "games": len(games)}  # fmt: skip
    by_variant: dict[str, dict[int, dict[str, Any]]] = {}
    for game in results["catch_up"]:
        by_variant.setdefault(game["variant"], {})[game["seed"]] = game
    base = by_variant["default"]
    for variant, games in by_variant.items():
        row: dict[str, Any] = {"games": len(games)}
        for measure in ("lead_changes", "rounds", "margin"):
            mine = {s: float(g[measure]) for s, g in games.items()}
            row[measure] = mean_ci(list(mine.values()))
            if variant != "default":
                row[f"{measure}_diff"] = paired(
                    mine, {s: float(g[measure]) for s, g in base.items()}
                )
        last = {s: float(g["wins"][-1]) for s, g in games.items()}
        row["last_seat_win"] = mean_ci(list(last.values()))
        if variant != "default":
            row["last_seat_win_diff"] = paired(
                last, {s: float(g["wins"][-1]) for s, g in base.items()}
            )
        out["catch_up"][variant] = row
    return out


#: The worked example's variant, the measures it quotes, its pilot's seeds and the
#: half-width of interval it plans for.
WORKED_EXAMPLE = variant_name(1)
MEASURES = ("lead_changes", "rounds", "margin", "last_seat_win")
PILOT = 40
HALF_WIDTH = 0.25


def signed(value: float) -> str:
    """A difference as the worked example writes it: ``+0.07``."""
    return f"{value:+.2f}"


def interval(low: float, high: float) -> str:
    """A 95% interval as the worked example writes it: ``[-0.27, +0.41]``."""
    return f"[{low:+.2f}, {high:+.2f}]"


def worked_example_numbers(results: Mapping[str, Any]) -> dict[str, str]:
    """Every number ``docs/teaching/project_worked_example.md`` quotes, as it writes them,
    from a file of ``compute`` (a test checks the page holds each one): the summary of the
    worked example's variant, its pilot (the first ``PILOT`` seeds) and Holm's check."""
    import math
    from statistics import NormalDist, stdev

    numbers = summary(results)
    base = numbers["catch_up"]["default"]
    arm = numbers["catch_up"][WORKED_EXAMPLE]
    out = {"games per variant": str(arm["games"]), "seeds": f"range({arm['games']})"}
    p_values = []
    for measure in MEASURES:
        out[f"{measure}, rulebook"] = f"{base[measure][0]:.2f}"
        out[f"{measure}, variant"] = f"{arm[measure][0]:.2f}"
        diff, low, high = arm[f"{measure}_diff"]
        out[f"{measure}, difference"] = signed(diff)
        out[f"{measure}, interval"] = interval(low, high)
        standard_error = (high - low) / 2 / NormalDist().inv_cdf(0.975)
        p_values.append(2 * (1 - NormalDist().cdf(abs(diff) / standard_error)))
    kept: list[str] = []  # Holm's step-down: the smallest p first, stop at the first kept out
    for rank, (p_value, measure) in enumerate(sorted(zip(p_values, MEASURES, strict=True))):
        if p_value > 0.05 / (len(MEASURES) - rank):
            break
        kept.append(measure)
    names = ", ".join(m.replace("_", " ") for m in MEASURES if m in kept)
    out["holm"] = f"with Holm's correction {len(kept)} of the {len(MEASURES)} stay clear of 0" + (
        f" ({names})" if kept else ""
    )
    games = [g for g in results["catch_up"] if g["seed"] < PILOT]
    by_seed = {(g["variant"], g["seed"]): g["lead_changes"] for g in games}
    pilot = [by_seed[(WORKED_EXAMPLE, s)] - by_seed[("default", s)] for s in range(PILOT)]
    spread = stdev(pilot)
    out["pilot sd"] = f"{spread:.1f}"
    out["seeds needed"] = str(math.ceil((1.96 * spread / HALF_WIDTH) ** 2))
    out["expected half-width"] = f"{1.96 * spread / math.sqrt(arm['games']):.2f}"
    low, high = arm["lead_changes_diff"][1:]
    out["half-width"] = f"{(high - low) / 2:.2f}"
    return out


if __name__ == "__main__":
    from lesson_data import write

    print(write("design_project", compute()))
