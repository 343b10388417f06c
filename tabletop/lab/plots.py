"""Plots of the lab's results, with the statistics in their labels (matplotlib, imported
only when a plot is drawn)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..arguments import shown
from ..errors import LabError
from .stats import check_table, score_summary, table_rows, win_rates
from .words import check_lang, decimal, said

if TYPE_CHECKING:
    import pandas as pd


def plot_seat_win_rates(df: pd.DataFrame, ax: Any = None) -> Any:
    """Bars of each seat's win rate with 95% intervals; labels carry the numbers."""
    check_table("df", df, ("seat", "win", "players"))
    import matplotlib.pyplot as plt

    rates: Any = win_rates(df)
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    x = list(range(len(rates)))
    err = [rates["rate"] - rates["ci_low"], rates["ci_high"] - rates["rate"]]
    ax.bar(x, rates["rate"] * 100, yerr=[e * 100 for e in err], capsize=4, color="#6a8caf")
    fair = float(rates["fair"].iloc[0]) * 100
    ax.axhline(fair, color="#b0413e", linestyle="--", label=f"fair share {fair:.1f}%")
    ax.set_xticks(x)
    ax.set_xticklabels(
        [
            f"Player {int(r.seat) + 1}\n{r.rate * 100:.1f}%\n[{r.ci_low * 100:.1f}, {r.ci_high * 100:.1f}]"
            for r in table_rows(rates)
        ],
        fontsize=8,
    )
    ax.set_ylabel("win rate (%)")
    games = int(rates["games"].iloc[0])
    ax.set_title(f"Win rate by player ({games} games, 95% Wilson intervals)")
    # Outside the axes, right of the bars: a legend inside would cover the last bar.
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return ax


def plot_score_distribution(df: pd.DataFrame, ax: Any = None, by: str = "variant") -> Any:
    """Histogram of final scores per group; the legend gives mean, sd and mean winning score."""
    check_table("df", df, ("score",))
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    summary: Any = score_summary(df, by=by)
    for row, (_, group) in zip(table_rows(summary), df.groupby(by, sort=True), strict=True):
        label = (
            f"{getattr(row, by)}: mean {row.mean:.1f} ± {(row.ci_high - row.mean):.1f}, "
            f"sd {row.sd:.1f}, winner {row.winning_mean:.1f} (n={row.n})"
        )
        ax.hist(group["score"], bins=20, alpha=0.55, label=label)
    ax.set_xlabel("final score")
    ax.set_ylabel("players")
    ax.set_title("Score distribution")
    ax.legend(fontsize=8)
    return ax


def plot_diff_report(
    report: pd.DataFrame, metric: str = "winning score", ax: Any = None, lang: str = "en"
) -> Any:
    """One metric's difference from the baseline per variant, with its paired 95% interval;
    its labels in ``lang``."""
    check_table("report", report, ("variant", "metric"))
    check_lang(lang)
    import matplotlib.pyplot as plt

    rows: Any = report[report["metric"] == metric]
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.5 * len(rows) + 1.5))
    y = list(range(len(rows)))
    err = [rows["diff"] - rows["ci_low"], rows["ci_high"] - rows["diff"]]
    ax.errorbar(rows["diff"], y, xerr=err, fmt="o", capsize=4, color="#6a8caf")
    ax.axvline(0, color="#888", linestyle=":")
    ax.set_yticks(y)
    ax.set_yticklabels(
        [
            f"{r.variant}{' :' if lang == 'fr' else ':'} {decimal(r.baseline, '.1f', lang)} → "
            f"{decimal(r.value, '.1f', lang)} ({decimal(r.diff, '+.1f', lang)} "
            f"[{decimal(r.ci_low, '+.1f', lang)}{' ;' if lang == 'fr' else ','} "
            f"{decimal(r.ci_high, '+.1f', lang)}])"
            for r in table_rows(rows)
        ],
        fontsize=8,
    )
    ax.set_ylim(-0.6, len(rows) - 0.4)
    shown_metric = said(metric, lang)
    ax.set_xlabel(
        said("difference in {metric} vs the default\n(paired seeds, 95% CI)", lang).format(
            metric=shown_metric
        )
    )
    ax.set_title(said("Rule changes: {metric}", lang).format(metric=shown_metric))
    return ax


def plot_branching(decisions: Mapping[str, pd.DataFrame], ax: Any = None) -> Any:
    """How many legal actions each decision offered, per game (``game_measures.choices``
    tables by name): the share of decisions at each count; the legend gives the mean."""
    if not isinstance(decisions, Mapping) or not decisions:
        raise LabError("decisions", f"choices tables by game name, not {shown(decisions)}")
    for name, table in decisions.items():
        check_table(f"decisions[{name!r}]", table, ("legal",))
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    for name, table in decisions.items():
        shares = table["legal"].value_counts(normalize=True).sort_index()
        ax.step(
            shares.index,
            shares.to_numpy() * 100,
            where="mid",
            label=f"{name}: mean {table['legal'].mean():.1f} over {len(table)} decisions",
        )
    ax.set_xlabel("legal actions at a decision")
    ax.set_ylabel("share of decisions (%)")
    ax.set_title("Branching factor: how many choices a decision offers")
    ax.legend(fontsize=8)
    return ax


def plot_skill_curve(curves: pd.DataFrame, ax: Any = None) -> Any:
    """A search bot's win rate against its rival as its budget grows, one line per game
    (``game_measures.skill_curve`` rows), with 95% intervals and the fair share."""
    check_table("curves", curves, ())
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    for name, curve in curves.groupby("game", sort=False):
        # Wilson's bounds at a rate of 0 or 1 may cross it by a rounding error: clip at 0.
        err = [
            ((curve["rate"] - curve["ci_low"]) * 100).clip(lower=0),
            ((curve["ci_high"] - curve["rate"]) * 100).clip(lower=0),
        ]
        games = int(curve["games"].iloc[0])
        ax.errorbar(curve["iterations"], curve["rate"] * 100, yerr=err, marker="o", capsize=4,
                    label=f"{name} ({games} games a point)")  # fmt: skip
    fair = float(curves["fair"].iloc[0]) * 100
    ax.axhline(fair, color="#b0413e", linestyle="--", label=f"fair share {fair:.0f}%")
    ax.set_xscale("log")
    budgets = sorted(set(curves["iterations"]))
    ax.set_xticks(budgets)
    ax.set_xticklabels([str(b) for b in budgets])
    ax.set_xlabel("search iterations per decision")
    ax.set_ylabel(f"win rate against {curves['rival'].iloc[0]} (%)")
    ax.set_ylim(0, 100)
    ax.set_title("Skill: the search's win rate as its budget grows (95% intervals)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return ax


__all__ = [
    "plot_branching",
    "plot_diff_report",
    "plot_score_distribution",
    "plot_seat_win_rates",
    "plot_skill_curve",
]
