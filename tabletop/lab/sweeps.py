"""Variants of a game played on the same seeds, and how each differs from a baseline.

``sweep({name: title, ...}, bots, games=...)`` plays the same seeds under every title (a title
is the game under some rules: ``CarnutaTitle(Rules(hand_limit=4))``...); ``diff_report``
compares each variant with the baseline on paired seeds; ``format_report`` prints it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..errors import LabError
from ..protocol import GameTitle
from .run import (
    GameTask,
    check_game_count,
    check_run,
    check_title,
    columns_of,
    make_tasks,
    run_tasks,
    seed_list,
    to_frame,
)
from .specs import BotSpec, bot_specs, check_bot_specs
from .stats import check_table, game_table, mean_ci, table_rows, win_rates
from .words import check_lang, decimal, said

if TYPE_CHECKING:
    import pandas as pd

#: The metrics of ``diff_report`` for any game: name -> (``game_table`` column, meaning).
REPORT_METRICS: dict[str, tuple[str, str]] = {
    "winning score": ("winning_score", "mean winning score"),
    "mean score": ("mean_score", "mean score of all players"),
    "lowest score": ("low_score", "mean lowest score"),
    "turns": ("turns", "turns per game"),
    "lead changes": ("lead_changes", "lead changes per game"),
    "first seat win rate": ("first_seat_win", "the first seat's win share"),
}


def sweep(
    variants: Mapping[str, GameTitle],
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    rotate: bool = False,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    max_actions: int = 5000,
) -> pd.DataFrame:
    """Play the same seeds under each variant (a name -> a ``GameTitle``); the rows of every
    variant in the order given, with the ``variant`` column set. See ``diff_report``."""
    if not isinstance(variants, Mapping) or not variants:
        raise LabError("variants", f"a dict of name -> game title, not {arguments.shown(variants)}")
    specs = bot_specs(bots, players)
    seed_values = seed_list(games, seeds)
    check_run(
        workers=workers, client=client, progress=progress, max_actions=max_actions, rotate=rotate
    )
    check_game_count(len(seed_values), len(specs), rotate=rotate, variants=len(variants))
    tasks: list[GameTask] = []
    for name, title in variants.items():
        arguments.text("variants", name)
        check_title(title, len(specs))
        check_bot_specs(title, specs)
        tasks.extend(
            make_tasks(
                title,
                specs,
                seed_values,
                rotate=rotate,
                variant=name,
                max_actions=max_actions,
            )
        )
    rows = run_tasks(tasks, workers=workers, client=client, progress=progress)
    first = next(iter(variants.values()))
    frame = to_frame(rows, columns_of(first))
    order = {name: i for i, name in enumerate(variants)}
    frame["_order"] = frame["variant"].map(order)
    frame = frame.sort_values(["_order", "game", "seat"]).drop(columns="_order")
    return frame.reset_index(drop=True)


def diff_report(
    df: pd.DataFrame,
    baseline: str = "default",
    *,
    metrics: Mapping[str, tuple[str, str]] = REPORT_METRICS,
    game_columns: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """Each variant against ``baseline`` on paired seeds: metric, values, difference, 95% CI.

    Games are paired by (seed, rotation): the same deal under both rules. ``significant`` is
    True when the interval of the difference excludes 0. ``metrics`` name columns of
    ``game_table(df, game_columns)``; a last row per variant gives the seat furthest from a
    fair share of wins.
    """
    import pandas as pd

    games = game_table(df, game_columns)
    if baseline not in set(games["variant"]):
        raise LabError("baseline", f"no variant {baseline!r} in the table")
    base = games[games["variant"] == baseline].set_index(["seed", "rotation"])
    out = []
    for variant, group in games.groupby("variant", sort=False):
        if variant == baseline:
            continue
        arm = group.set_index(["seed", "rotation"])
        common = base.index.intersection(arm.index)
        for name, (column, meaning) in metrics.items():
            a = base.loc[common, column].astype(float)
            b = arm.loc[common, column].astype(float)
            diff, low, high = mean_ci((b - a).tolist())
            out.append(
                {
                    "variant": variant,
                    "metric": name,
                    "meaning": meaning,
                    "baseline": float(a.mean()),
                    "value": float(b.mean()),
                    "diff": diff,
                    "ci_low": low,
                    "ci_high": high,
                    "pairs": len(common),
                    "significant": bool(low > 0 or high < 0),
                }
            )
        seats_base = win_rates(df[df["variant"] == baseline])
        seats_arm = win_rates(df[df["variant"] == variant])
        worst_base = float(seats_base["vs_fair"].abs().max())
        worst_arm = float(seats_arm["vs_fair"].abs().max())
        out.append(
            {
                "variant": variant,
                "metric": "worst seat vs fair",
                "meaning": "largest distance of a seat's win rate from 1/players",
                "baseline": worst_base,
                "value": worst_arm,
                "diff": worst_arm - worst_base,
                "ci_low": math.nan,
                "ci_high": math.nan,
                "pairs": len(common),
                "significant": False,
            }
        )
    return pd.DataFrame(out)


def format_report(report: pd.DataFrame, lang: str = "en") -> str:
    """The diff report as text, one line per variant and metric, in ``lang`` (French names
    the measures in French and writes a decimal comma)."""
    check_table("report", report, ("variant", "metric"))
    check_lang(lang)
    lines = []
    for variant, group in report.groupby("variant", sort=False):
        lines.append(f"{variant}{' :' if lang == 'fr' else ':'}")
        for row in table_rows(group):
            ci = (
                f" [{decimal(row.ci_low, '+.2f', lang)} ; {decimal(row.ci_high, '+.2f', lang)}]"
                if lang == "fr"
                else f" [{row.ci_low:+.2f}, {row.ci_high:+.2f}]"
            )
            if math.isnan(float(row.ci_low)):
                ci = ""
            flag = " *" if row.significant else ""
            metric = said(row.metric, lang)
            lines.append(
                f"  {metric:<{30 if lang == 'fr' else 20}} {decimal(row.baseline, '8.2f', lang)} -> "
                f"{decimal(row.value, '8.2f', lang)}  "
                f"{said('diff', lang)} {decimal(row.diff, '+.2f', lang)}{ci}{flag}"
            )
    return "\n".join(lines)


__all__ = ["REPORT_METRICS", "diff_report", "format_report", "sweep"]
