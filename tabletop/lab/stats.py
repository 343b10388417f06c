"""Statistics over the lab's tables (one row per seat per game), with 95% intervals.

- ``wilson`` and ``mean_ci``: intervals of a proportion and of a mean;
- ``win_rates``: win rate per seat or bot (shared wins count fractionally);
- ``score_summary``: score distribution and mean winning score per group;
- ``game_table``: one row per game; ``game_summary``: per variant, the mean of its metrics;
- ``trigger_stats``: who ends the game, for games whose rows say it (``triggered_end``).

A game's own per-game columns enter ``game_table`` through ``game_columns``: an ordered
mapping of column -> how a game's rows combine (``"first"`` for a value the whole game
shares, ``"mean"`` for one per player).

>>> wilson(65, 100)[0] > 0.55
True
>>> mean_ci([1, 2, 3])[0]
2.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from numbers import Real
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ..arguments import number, shown
from ..errors import LabError
from .words import check_lang, in_lang

if TYPE_CHECKING:
    import pandas as pd

#: ``game_table``'s columns besides the scores, for any game.
GAME_COLUMNS: dict[str, str] = {"turns": "first", "lead_changes": "first", "seconds": "first"}
#: ``game_summary``'s metrics (columns of ``game_table``), for any game.
SUMMARY_METRICS: tuple[str, ...] = ("winning_score", "mean_score", "turns", "lead_changes")


def check_table(argument: str, df: Any, columns: Iterable[str]) -> None:
    """``df`` is a DataFrame holding ``columns`` (a lab table), else a ``LabError`` naming the
    argument and the columns it lacks."""
    import pandas as pd

    if not isinstance(df, pd.DataFrame):
        raise LabError(argument, f"a table from the lab (a DataFrame), not {shown(df)}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise LabError(argument, f"a lab table with the columns {', '.join(missing)}")


def group_keys(argument: str, df: Any, by: Any) -> list[str]:
    """``by`` (a column or a list of columns of ``df``) as a list, checked."""
    keys = [by] if isinstance(by, str) else by
    if not isinstance(keys, (list, tuple)) or not keys or not all(isinstance(k, str) for k in keys):
        raise LabError(argument, f"a column name or a list of them, not {shown(by)}")
    check_table("df", df, keys)
    return list(keys)


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    n = number("n", n, least=0)
    successes = number("successes", successes, least=0, most=max(n, 0))
    z = number("z", z, above=0)
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Iterable[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval: (mean, low, high)."""
    z = number("z", z, above=0)
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise LabError("values", f"numbers, not {shown(values)}")
    data: list[float] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, Real):
            raise LabError("values", f"numbers, not one that is {shown(v)}")
        data.append(float(v))
    n = len(data)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(data) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    var = sum((v - mean) ** 2 for v in data) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def win_rates(df: pd.DataFrame, by: str | Sequence[str] = "seat", lang: str = "en") -> pd.DataFrame:
    """Win rate per group (shared wins count fractionally), with a 95% Wilson interval.

    ``fair`` is each player's share, 1/players; ``vs_fair`` the rate minus that share.
    ``lang="fr"`` names the columns in French (``in_lang``).
    """
    import pandas as pd

    check_table("df", df, ("win", "players"))
    keys = group_keys("by", df, by)
    out = []
    for key, group in df.groupby(keys, sort=True):
        wins = float(group["win"].sum())
        n = len(group)
        low, high = wilson(wins, n)
        fair = float((1.0 / group["players"]).mean())
        values = key if isinstance(key, tuple) else (key,)
        out.append(
            {
                **dict(zip(keys, values, strict=True)),
                "games": n,
                "wins": wins,
                "rate": wins / n,
                "ci_low": low,
                "ci_high": high,
                "fair": fair,
                "vs_fair": wins / n - fair,
            }
        )
    return in_lang(pd.DataFrame(out), check_lang(lang))


def trigger_stats(
    df: pd.DataFrame, by: str = "seat", column: str = "triggered_end", lang: str = "en"
) -> pd.DataFrame:
    """Who ends the game: per group, the share of games in which it triggered the end
    (``column``, a per-seat flag a game's recorder adds), and its win rate in those games
    (95% Wilson interval). ``lang="fr"`` names the columns in French."""
    import pandas as pd

    check_table("df", df, ("win", column))
    group_keys("by", df, by)
    out = []
    for key, group in df.groupby(by, sort=True):
        triggered = group[group[column]]
        wins = float(triggered["win"].sum())
        low, high = wilson(wins, len(triggered))
        out.append(
            {
                by: key,
                "games": len(group),
                "triggered": len(triggered),
                "trigger_share": len(triggered) / len(group),
                "win_rate_when_triggering": wins / len(triggered) if len(triggered) else math.nan,
                "ci_low": low,
                "ci_high": high,
            }
        )
    return in_lang(pd.DataFrame(out), check_lang(lang))


def game_table(df: pd.DataFrame, game_columns: Mapping[str, str] | None = None) -> pd.DataFrame:
    """One row per game: seed, rotation, players, winning, mean and lowest score, then
    ``game_columns`` (default ``GAME_COLUMNS``) and the first seat's win share."""
    keys = ["variant", "game"]
    extra = GAME_COLUMNS if game_columns is None else game_columns
    if not isinstance(extra, Mapping) or not all(h in ("first", "mean") for h in extra.values()):
        raise LabError("game_columns", f"column -> 'first' or 'mean', not {shown(extra)}")
    check_table("df", df, [*keys, "seed", "rotation", "players", "score", "seat", "win", *extra])
    grouped = df.groupby(keys, sort=False)
    games = grouped.agg(
        seed=("seed", "first"),
        rotation=("rotation", "first"),
        players=("players", "first"),
        winning_score=("score", "max"),
        mean_score=("score", "mean"),
        low_score=("score", "min"),
        **{column: (column, how) for column, how in extra.items()},
    )
    first_seat = df[df["seat"] == 0].set_index(keys)["win"]
    games["first_seat_win"] = first_seat
    return games.reset_index()


def score_summary(df: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Score distribution per group: mean (with 95% interval), sd, quartiles, mean winning score."""
    import pandas as pd

    check_table("df", df, ("score",))
    keys = [] if by is None else group_keys("by", df, by)
    groups = [((), df)] if not keys else list(df.groupby(keys, sort=True))
    out = []
    for key, group in groups:
        mean, low, high = mean_ci(group["score"])
        games = game_table(group, {}) if "variant" in group else None
        win_mean, win_low, win_high = (
            mean_ci(games["winning_score"]) if games is not None else (math.nan,) * 3
        )
        values = key if isinstance(key, tuple) else (key,)
        out.append(
            {
                **dict(zip(keys, values, strict=True)),
                "n": len(group),
                "mean": mean,
                "ci_low": low,
                "ci_high": high,
                "sd": float(group["score"].std()),
                "min": int(group["score"].min()),
                "q25": float(group["score"].quantile(0.25)),
                "median": float(group["score"].median()),
                "q75": float(group["score"].quantile(0.75)),
                "max": int(group["score"].max()),
                "winning_mean": win_mean,
                "winning_ci_low": win_low,
                "winning_ci_high": win_high,
            }
        )
    return pd.DataFrame(out)


def game_summary(
    df: pd.DataFrame,
    metrics: Sequence[str] = SUMMARY_METRICS,
    game_columns: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """Per variant: the number of games and each metric's mean with its 95% half-width
    (``<metric>_ci``); ``metrics`` are columns of ``game_table(df, game_columns)``."""
    import pandas as pd

    games = game_table(df, game_columns)
    if isinstance(metrics, str) or not isinstance(metrics, Sequence):
        raise LabError("metrics", f"a list of game_table columns, not {shown(metrics)}")
    check_table("metrics", games, metrics)
    out = []
    for variant, group in games.groupby("variant", sort=False):
        row: dict[str, Any] = {"variant": variant, "games": len(group)}
        for metric in metrics:
            mean, low, high = mean_ci(group[metric])
            row[metric] = mean
            row[f"{metric}_ci"] = (high - low) / 2 if not math.isnan(low) else math.nan
        out.append(row)
    return pd.DataFrame(out)


def table_rows(df: Any) -> list[Any]:
    """The rows of a table as objects with one attribute per column (for labels)."""
    check_table("df", df, ())
    return [SimpleNamespace(**{str(k): v for k, v in r.items()}) for r in df.to_dict("records")]


def iter_rows(df: pd.DataFrame) -> Iterator[dict[str, Any]]:
    """The table's rows as dicts (handy in lessons)."""
    check_table("df", df, ())
    for record in df.to_dict(orient="records"):
        yield {str(k): v for k, v in record.items()}


__all__ = [
    "GAME_COLUMNS",
    "SUMMARY_METRICS",
    "check_table",
    "game_summary",
    "game_table",
    "iter_rows",
    "mean_ci",
    "score_summary",
    "table_rows",
    "trigger_stats",
    "wilson",
    "win_rates",
]
