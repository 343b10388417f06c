"""Measures that put games side by side, for any ``GameTitle``.

- ``choices(title, bots, ...)``: one row per decision a bot took, with how many legal actions
  it had (``CountingChoices`` adds that count to the lab's games); ``decision_summary``: the
  decisions per game and the branching factor (mean legal actions per decision) with their
  intervals, the share of forced decisions (one legal action: counted among the decisions),
  the widest choice.
- From a ``simulate`` table: ``lead_changes``, ``seat_advantage`` (the seat furthest from a
  fair share of wins), ``who_ends`` (which seat takes the game's last turn, and how often it
  wins then) and ``score_spread`` (how far the winner finishes ahead of the runner-up).
- ``head_to_head(title, bot, rival, ...)``: one bot against another on paired seeds, every
  seat rotation; ``skill_curve``: a search bot's win rate against a rival as its budget grows
  (how much the result depends on skill).
- ``compare({name: table}, {name: choices})``: every measure of several games, one row each.

Every interval is 95% (Wilson's for a proportion, the normal one for a mean).

>>> from tabletop.lab.game_measures import CountingChoices
>>> from carnival_core import CarnivalTitle
>>> counted = CountingChoices(CarnivalTitle())
>>> counted.name, counted.player_counts[:2], list(counted.recorder().columns)
('Carnival', (2, 3), ['legal_counts'])
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .. import arguments
from ..agents import BOTS, Bot, make_from
from ..errors import LabError
from ..protocol import GameState, GameTitle
from .record import Recorder
from .run import simulate
from .specs import BotSpec, bot_label
from .stats import check_table, game_table, iter_rows, mean_ci, trigger_stats, wilson, win_rates
from .words import check_lang, in_lang, said

if TYPE_CHECKING:
    import pandas as pd


# ---------------------------------------------------------------------------- decisions
class ChoiceRecorder(Recorder):
    """Notes, before each action, how many legal actions the player had."""

    __slots__ = ("counts",)

    columns: ClassVar[dict[str, str]] = {
        "legal_counts": "the number of legal actions at each of this player's decisions"
    }

    def start(self, state: Any) -> None:
        self.counts: list[list[int]] = [[] for _ in range(state.num_players)]

    def before(self, state: Any, seat: int, action: Any) -> None:
        self.counts[seat].append(len(state.legal_actions()))

    def seat_columns(self, state: Any, seat: int) -> dict[str, Any]:
        return {"legal_counts": tuple(self.counts[seat])}


@dataclass(frozen=True)
class CountingChoices:
    """``title``'s games, recorded by ``ChoiceRecorder`` instead of the title's own recorder
    (a ``GameTitle``: its bots by name are the title's)."""

    title: GameTitle

    @property
    def name(self) -> str:
        return self.title.name

    @property
    def player_counts(self) -> Sequence[int]:
        return self.title.player_counts

    def new(self, players: int, seed: int) -> GameState:
        return self.title.new(players, seed)

    def describe(self) -> Mapping[str, Any]:
        return self.title.describe()

    def make_bot(self, name: str, seed: int | None = None, **options: Any) -> Bot:
        maker = getattr(self.title, "make_bot", None)
        if maker is None:
            return make_from(BOTS, name, seed, options)
        bot: Bot = maker(name, seed, **options)
        return bot

    def recorder(self) -> ChoiceRecorder:
        return ChoiceRecorder()


def choices(
    title: GameTitle,
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    rotate: bool = False,
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play games as ``simulate`` does and return one row per decision: ``game``, ``seed``,
    ``rotation``, ``seat``, ``bot``, ``decision`` (the seat's 1st, 2nd... decision) and
    ``legal``, how many legal actions it had then (1: a forced decision)."""
    import pandas as pd

    table = simulate(
        CountingChoices(title),
        bots,
        games,
        players=players,
        seeds=seeds,
        rotate=rotate,
        workers=workers,
        progress=progress,
    )
    rows = [
        {
            "game": row["game"],
            "seed": row["seed"],
            "rotation": row["rotation"],
            "seat": row["seat"],
            "bot": row["bot"],
            "decision": number,
            "legal": legal,
        }
        for row in iter_rows(table)
        for number, legal in enumerate(row["legal_counts"], start=1)
    ]
    columns = ["game", "seed", "rotation", "seat", "bot", "decision", "legal"]
    return pd.DataFrame(rows, columns=columns)


def decision_summary(decisions: pd.DataFrame) -> dict[str, float]:
    """The decisions a game asks for and the choice each offers, from a ``choices`` table:
    decisions per game (mean and interval), the branching factor (mean legal actions per
    decision, and interval), its median, the widest choice, and the share of forced decisions."""
    check_table("decisions", decisions, ("legal",))
    per_game = decisions.groupby("game").size()
    games, low, high = mean_ci(per_game)
    branching, b_low, b_high = mean_ci(decisions["legal"])
    return {
        "games": float(len(per_game)),
        "decisions_per_game": games,
        "decisions_ci_low": low,
        "decisions_ci_high": high,
        "branching": branching,
        "branching_ci_low": b_low,
        "branching_ci_high": b_high,
        "branching_median": float(decisions["legal"].median()),
        "widest": float(decisions["legal"].max()),
        "forced_share": float((decisions["legal"] == 1).mean()),
    }


# ---------------------------------------------------------------------------- one run
def lead_changes(table: pd.DataFrame) -> tuple[float, float, float]:
    """Lead changes per game (a game's recorder says what score leads after each turn: the
    score pads in Carnuta, the public score in Carnival): (mean, low, high)."""
    check_table("table", table, ("lead_changes", "game", "variant"))
    return mean_ci(game_table(table)["lead_changes"])


def seat_advantage(table: pd.DataFrame) -> dict[str, Any]:
    """The seat whose win rate lies furthest from a fair share: which seat, its rate and
    interval, the fair share, and whether the interval leaves the fair share out."""
    check_table("table", table, ("seat", "win", "players"))
    rates = win_rates(table)
    worst = rates.iloc[int(rates["vs_fair"].abs().to_numpy().argmax())]
    return {
        "seat": int(worst["seat"]),
        "rate": float(worst["rate"]),
        "ci_low": float(worst["ci_low"]),
        "ci_high": float(worst["ci_high"]),
        "fair": float(worst["fair"]),
        "gap": float(worst["vs_fair"]),
        "significant": bool(worst["ci_low"] > worst["fair"] or worst["ci_high"] < worst["fair"]),
    }


def who_ends(table: pd.DataFrame, column: str = "triggered_end", lang: str = "en") -> pd.DataFrame:
    """Per seat: the share of games whose end it brought (``column``, a per-seat flag the
    game's recorder adds: Carnuta's trigger, Carnival's last turn) and its win rate then;
    ``lang="fr"`` names the columns in French."""
    check_table("table", table, ())
    if not isinstance(column, str) or column not in table:
        raise LabError(
            "column", f"the table has no column {arguments.shown(column)}: its recorder adds none"
        )
    return trigger_stats(table, column=column, lang=lang)


def score_spread(table: pd.DataFrame) -> dict[str, float]:
    """How far apart the scores finish: the winner's lead over the runner-up per game (mean
    and interval), and the standard deviation of the final scores."""
    check_table("table", table, ("rank", "game", "margin", "score"))
    margins = table[table["rank"] == 1].groupby("game")["margin"].max()
    mean, low, high = mean_ci(margins)
    return {
        "winning_margin": mean,
        "margin_ci_low": low,
        "margin_ci_high": high,
        "score_sd": float(table["score"].std()),
    }


# ---------------------------------------------------------------------------- skill
def head_to_head(
    title: GameTitle,
    bot: BotSpec,
    rival: BotSpec,
    *,
    seeds: Iterable[int],
    players: int = 2,
    workers: int | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """``bot`` in one seat against ``rival`` in every other, each seed played once per
    rotation of the seats: ``bot``'s win rate (shared wins count as a share) with its
    interval, the fair share, and the mean scores."""
    count = arguments.whole("players", players, least=2)
    table = simulate(
        title,
        [bot] + [rival] * (count - 1),
        seeds=seeds,
        rotate=True,
        workers=workers,
        progress=progress,
    )
    mine = table[table["seat"] == table["rotation"]]  # each rotation moves it one seat on
    theirs = table.drop(index=mine.index)
    wins = float(mine["win"].sum())
    low, high = wilson(wins, len(mine))
    return {
        "bot": bot_label(bot),
        "rival": bot_label(rival),
        "games": len(mine),
        "rate": wins / len(mine),
        "ci_low": low,
        "ci_high": high,
        "fair": 1 / count,
        "score": float(mine["score"].mean()),
        "rival_score": float(theirs["score"].mean()),
    }


def skill_curve(
    title: GameTitle,
    budgets: Sequence[int],
    *,
    seeds: Iterable[int],
    rival: BotSpec = "greedy",
    search: str = "mcts",
    options: Mapping[str, Any] | None = None,
    players: int = 2,
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """The search bot ``search`` with each budget (``iterations``) against ``rival`` on the
    same seeds: one ``head_to_head`` row per budget. A game whose results rise steeply with
    the budget rewards skill; a flat curve near the fair share is a game of luck (for these
    bots)."""
    import pandas as pd

    seed_list = list(seeds)
    rows = []
    for budget in budgets:
        spec: BotSpec = (search, {**(options or {}), "iterations": budget})
        row = head_to_head(
            title,
            spec,
            rival,
            seeds=seed_list,
            players=players,
            workers=workers,
            progress=progress,
        )
        rows.append({"game": title.name, "iterations": budget, **row})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------- side by side
def player(seat: int, lang: str = "en") -> str:
    """A seat as people read it: players count from 1.

    >>> player(0), player(1, "fr")
    ('Player 1 (seat 0)', 'joueur 2 (siège 1)')
    """
    seat = arguments.whole("seat", seat)
    if check_lang(lang) == "fr":
        return f"joueur {seat + 1} (siège {seat})"
    return f"Player {seat + 1} (seat {seat})"


def compare(
    tables: Mapping[str, pd.DataFrame],
    decisions: Mapping[str, pd.DataFrame] | None = None,
    lang: str = "en",
) -> pd.DataFrame:
    """Every measure of several games, one row per measure and game: ``measure``, ``game``,
    ``value``, its interval (``ci_low``, ``ci_high``; NaN where there is none) and a ``note``
    (which player: "Player 2 (seat 1)"). ``tables`` are ``simulate`` tables by game name, ``decisions`` their
    ``choices`` tables. ``lang="fr"`` writes the columns, the measures and the notes in French."""
    check_lang(lang)
    if not isinstance(tables, Mapping) or not tables:
        raise LabError("tables", f"simulate tables by game name, not {arguments.shown(tables)}")
    for name, table in tables.items():
        check_table(f"tables[{name!r}]", table, ())
    if decisions is not None and not isinstance(decisions, Mapping):
        raise LabError(
            "decisions", f"choices tables by game name, not {arguments.shown(decisions)}"
        )
    import pandas as pd

    nan = math.nan
    rows: list[dict[str, Any]] = []

    def add(
        measure: str, game: str, value: float, low: float = nan, high: float = nan, note: str = ""
    ) -> None:
        rows.append({"measure": said(measure, lang), "game": game, "value": value, "ci_low": low,
                     "ci_high": high, "note": note})  # fmt: skip

    for game, table in (decisions or {}).items():
        summary = decision_summary(table)
        add("decisions per game", game, summary["decisions_per_game"],
            summary["decisions_ci_low"], summary["decisions_ci_high"])  # fmt: skip
        add("branching factor (per decision)", game, summary["branching"],
            summary["branching_ci_low"], summary["branching_ci_high"])  # fmt: skip
        add("forced decisions (share)", game, summary["forced_share"])
    for game, table in tables.items():
        add("lead changes per game", game, *lead_changes(table))
        seat = seat_advantage(table)
        add("win rate of the seat furthest from fair", game, seat["rate"], seat["ci_low"],
            seat["ci_high"], fair_note(seat["seat"], seat["fair"], lang))  # fmt: skip
        if "triggered_end" in table:
            ends = who_ends(table)
            top = ends.iloc[int(ends["trigger_share"].to_numpy().argmax())]
            add("games ended by the seat that ends most", game, float(top["trigger_share"]),
                note=player(int(top["seat"]), lang))  # fmt: skip
        spread = score_spread(table)
        add("winner's lead over the runner-up", game, spread["winning_margin"],
            spread["margin_ci_low"], spread["margin_ci_high"])  # fmt: skip
        add("score standard deviation", game, spread["score_sd"])
    frame = pd.DataFrame(rows, columns=["measure", "game", "value", "ci_low", "ci_high", "note"])
    # "game" is a game's name here (Carnuta, Carnival), not a game's number: in French "jeu".
    return in_lang(frame.rename(columns={"game": "jeu"}) if lang == "fr" else frame, lang)


def fair_note(seat: int, fair: float, lang: str) -> str:
    """Which player, and the fair share: "Player 2 (seat 1), fair 50%" ("équitable 50 %")."""
    if lang == "fr":
        return f"{player(seat, lang)}, part équitable {fair:.0%}".replace("%", " %")
    return f"{player(seat)}, fair {fair:.0%}"


__all__ = [
    "ChoiceRecorder",
    "CountingChoices",
    "choices",
    "compare",
    "decision_summary",
    "head_to_head",
    "lead_changes",
    "player",
    "score_spread",
    "seat_advantage",
    "skill_curve",
    "who_ends",
]
