"""The game-design lab for Carnuta: play many bot games and measure them.

The lab itself is game-agnostic (``tabletop.lab``: running games, statistics, sweeps, plots);
this module binds it to Carnuta, with Carnuta's defaults:

- ``simulate(bots, games=...)`` plays games on every core (or on a Dask cluster when given a
  ``dask.distributed`` client) with a progress bar, and returns a pandas DataFrame with one row
  per player per game (the columns are listed in ``COLUMNS``).
- Metrics over that table: ``win_rates`` (by seat or bot, with 95% Wilson intervals),
  ``score_summary``, ``game_summary`` (length, lead changes, wasted actions), ``card_stats``
  (take and play rates, win rate and points when played, with intervals), ``trigger_stats``
  (who ends the game, and how often that player wins).
- ``sweep`` plays the same seeds under several ``Rules`` and decks; ``diff_report`` compares each
  variant with the default on paired seeds; ``edit_deck`` changes cards' costs and points.
- ``plot_*`` draw the results with the statistics in their labels.

Every game is fixed by its seed: the deal comes from the seed, and each bot's seed is derived
from the game's seed and the bot's seat, so the same call gives the same table on one core,
on many, or on a cluster (a bot with a *seconds* budget is the exception: its search depends
on the machine's speed). A game that does not end within ``max_actions`` actions raises
``GameDidNotEnd`` (naming its seed, the bots and the limit) and no table is returned.
pandas, matplotlib, tqdm and dask are imported only when needed.

>>> simulate("greedy", players=2, games="2")
Traceback (most recent call last):
...
carnuta_core.errors.ArgumentError: games: a whole number from 1 to 100000, not '2'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop import arguments as check
from tabletop.errors import LabError
from tabletop.lab import (
    BotSpec,
    GameTask,
    bot_label,
    bot_seed,
    iter_rows,
    mean_ci,
    play_one,
    plot_diff_report,
    plot_score_distribution,
    plot_seat_win_rates,
    record,
    run,
    run_tasks,
    score_summary,
    specs,
    stats,
    sweeps,
    trigger_stats,
    wilson,
    win_rates,
)
from tabletop.lab.stats import table_rows
from tabletop.lab.words import check_lang, in_lang

from .bots import Bot
from .cards import card_from_fields
from .deck import Deck, reference_deck
from .errors import ArgumentError, DeckError, PositionError, RulesError, carnuta_errors
from .game import check_deal_as
from .messages import scoring_text
from .model import INGREDIENTS
from .recorder import CarnutaRecorder
from .rules import Rules
from .title import CarnutaTitle
from .vocabulary import word

if TYPE_CHECKING:
    import pandas as pd

#: The columns of ``simulate``'s table, one row per player per game.
COLUMNS: dict[str, str] = {
    name: {**record.COLUMNS, **CarnutaRecorder.columns}[name]
    for name in (
        "variant", "game", "seed", "rotation", "players", "seat", "bot", "score", "best_row",
        "margin", "rank", "won", "win", "rounds", "turns", "actions", "player_actions",
        "lead_changes", "triggered_end", "wasted", "forfeited", "cards_played", "cards_taken",
        "cards_discarded", "sickles_used", "start_card", "played", "played_points", "taken",
        "seen", "iterations", "seconds", *(f"pad_{i.value}" for i in INGREDIENTS),
    )
}  # fmt: skip

#: ``game_table``'s per-game columns: Carnuta's length, waste and speed.
GAME_COLUMNS: dict[str, str] = {
    "rounds": "first",
    "turns": "first",
    "actions": "first",
    "lead_changes": "first",
    "wasted": "mean",
    "forfeited": "mean",
    "seconds": "first",
}

#: The metrics of ``diff_report``: name -> (per-game column, what it means).
REPORT_METRICS: dict[str, tuple[str, str]] = {
    "winning score": ("winning_score", "mean winning score"),
    "mean score": ("mean_score", "mean score of all players"),
    "lowest score": ("low_score", "mean lowest score"),
    "rounds": ("rounds", "rounds per game"),
    "actions": ("actions", "main actions per game"),
    "lead changes": ("lead_changes", "lead changes per game"),
    "wasted actions": ("wasted", "wasted actions per player per game"),
    "first seat win rate": ("first_seat_win", "the Ancestor's (seat 0) win share"),
}

#: ``game_summary``'s metrics.
SUMMARY_METRICS = (
    "winning_score",
    "mean_score",
    "rounds",
    "turns",
    "actions",
    "lead_changes",
    "wasted",
    "forfeited",
)


# ---------------------------------------------------------------------------- bots and games
def title_of(
    rules: Rules | None = None, deck: Deck | None = None, deal_as: Deck | None = None
) -> CarnutaTitle:
    """Carnuta under ``rules`` and ``deck`` (``None``: the defaults), as the lab sets it up;
    ``deal_as``: a larger deck whose deal the games copy, the cards ``deck`` lacks skipped."""
    if rules is not None and not isinstance(rules, Rules):
        raise LabError("rules", f"a Rules or None, not {check.shown(rules)}")
    if deck is not None and not isinstance(deck, Deck):
        raise LabError("deck", f"a Deck or None, not {check.shown(deck)}")
    if deal_as is not None:
        if not isinstance(deal_as, Deck):
            raise LabError("deal_as", f"a Deck or None, not {check.shown(deal_as)}")
        try:
            check_deal_as(deck or reference_deck(), deal_as)
        except PositionError as error:
            raise LabError("deal_as", error.reason) from None
    return CarnutaTitle(rules or Rules(), deck, deal_as=deal_as)


def build_bot(spec: BotSpec, seed: int | None) -> Bot:
    """The Carnuta bot ``spec`` describes (a name, ``(name, {options})`` or ``seed -> bot``)."""
    with carnuta_errors():
        return specs.build_bot(spec, seed, CarnutaTitle())


def simulate_specs(bots: Sequence[BotSpec] | BotSpec, players: int | None) -> tuple[BotSpec, ...]:
    """Normalise ``bots`` as ``simulate`` does: one spec per seat."""
    with carnuta_errors():
        return specs.bot_specs(bots, players)


def make_tasks(
    bots: Sequence[BotSpec],
    seeds: Iterable[int],
    *,
    rules: Rules | None = None,
    deck: Deck | None = None,
    rotate: bool = False,
    variant: str = "default",
    first_game: int = 0,
    deal_as: Deck | None = None,
) -> list[GameTask]:
    """The games of a run: each seed once, or once per rotation of the bots (paired seats)."""
    with carnuta_errors():
        title = title_of(rules, deck, deal_as)
    return run.make_tasks(title, bots, seeds, rotate=rotate, variant=variant, first_game=first_game)


def simulate(
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    rules: Rules | None = None,
    deck: Deck | None = None,
    rotate: bool = False,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    chunk_size: int | None = None,
    variant: str = "default",
    max_actions: int = 5000,
    deal_as: Deck | None = None,
) -> pd.DataFrame:
    """Play games between bots and return one row per player per game (see ``COLUMNS``).

    - ``bots``: one spec per seat (``["mcts", "greedy"]``), or one spec and ``players``.
      A spec is a bot name, ``(name, {options})`` or a picklable ``seed -> bot`` callable.
    - ``games`` seeds ``0 .. games-1``, or give ``seeds`` (the same seeds give the same deals:
      paired comparisons).
    - ``rules`` and ``deck``: the game's rules and deck (the printed game by default).
    - ``deal_as``: a larger deck whose deal the games copy (``Game.new``): a deck with a card
      taken out, dealt as the full deck, gets the full deck's cards in the same order on each
      seed, that card skipped.
    - ``rotate=True`` plays every seed once per rotation of the bots around the table, so each
      bot sits in each seat with the same deal (for 2 players: each seed twice, seats swapped).
    - ``workers``: processes on this machine (default: every core; 1 plays in this process).
    - ``client``: a ``dask.distributed.Client``; the games then run on its cluster.
    - ``max_actions``: a game still going after that many actions raises ``GameDidNotEnd``.
    """
    with carnuta_errors():
        frame = run.simulate(
            title_of(rules, deck, deal_as),
            bots,
            games,
            players=players,
            seeds=seeds,
            rotate=rotate,
            workers=workers,
            client=client,
            progress=progress,
            chunk_size=chunk_size,
            variant=variant,
            max_actions=max_actions,
        )
    return frame[list(COLUMNS)]


# ---------------------------------------------------------------------------- statistics
def game_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: winning score, scores, length, lead changes, wasted actions."""
    return stats.game_table(df, GAME_COLUMNS)


def game_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per variant: games, length in rounds, turns and actions, lead changes, wasted and
    forfeited actions.

    Wasted actions (per player per game), as ``carnuta_core.waste`` defines them (the ledger
    counts the same): a Take a Card whose card was discarded or never played, a Flip Runes
    overwritten by the next flip before any card play, runes taken or flipped after the
    player's last play.
    """
    return stats.game_summary(df, SUMMARY_METRICS, GAME_COLUMNS)


#: A card's kind as ``card_stats`` writes it, by language.
KINDS: dict[str, dict[str, str]] = {
    "en": {"salt": "salt"},
    "fr": {"normal": "normale", "double": "double", "salt": "sel"},
}


def card_stats(df: pd.DataFrame, deck: Deck | None = None, lang: str = "en") -> pd.DataFrame:
    """Each card's numbers over the player-games of ``df``.

    - ``seen``: games in which the card was revealed in the market; ``taken``: times taken;
      ``take_rate`` = taken / seen, about the chance someone took it once it was offered;
    - ``played``: times played; ``play_rate`` = played / taken;
    - ``win_when_played`` (with a 95% Wilson interval) and ``win_lift`` = that minus the overall
      win rate: its estimated value in wins;
    - ``points`` (with a 95% interval): the points it scored at the end when played.

    ``lang="fr"`` names the columns in French (``tabletop.lab.words``) and writes the scoring
    in French words.
    """
    check_lang(lang)
    import pandas as pd

    deck = deck or reference_deck()
    base = float(df["win"].mean()) if len(df) else math.nan
    seen: dict[str, int] = {}
    games = df.drop_duplicates(["variant", "game"])
    for cards in games["seen"]:
        for cid in cards:
            seen[cid] = seen.get(cid, 0) + 1
    taken: dict[str, int] = {}
    for cards in df["taken"]:
        for cid in cards:
            taken[cid] = taken.get(cid, 0) + 1
    wins: dict[str, list[float]] = {}
    points: dict[str, list[int]] = {}
    for cards, pts, win in zip(df["played"], df["played_points"], df["win"], strict=True):
        for cid, p in zip(cards, pts, strict=True):
            wins.setdefault(cid, []).append(float(win))
            points.setdefault(cid, []).append(int(p))
    out = []
    for card in deck:
        if card.origin.value == "start":
            continue
        cid = card.id
        w = wins.get(cid, [])
        n = len(w)
        low, high = wilson(sum(w), n)
        mean, plow, phigh = mean_ci(points.get(cid, []))
        out.append(
            {
                "card": cid,
                "kind": KINDS[lang].get(card.kind.value, card.kind.value),
                "ingredient": word(card.ingredient, lang)
                if card.ingredient
                else KINDS[lang]["salt"],
                "cost": len(card.cost),
                "scoring": scoring_text(card.scoring, lang) if lang == "fr" else str(card.scoring),
                "seen": seen.get(cid, 0),
                "taken": taken.get(cid, 0),
                "take_rate": taken.get(cid, 0) / seen[cid] if seen.get(cid) else math.nan,
                "played": n,
                "play_rate": n / taken[cid] if taken.get(cid) else math.nan,
                "win_when_played": sum(w) / n if n else math.nan,
                "win_ci_low": low,
                "win_ci_high": high,
                "win_lift": (sum(w) / n - base) if n else math.nan,
                "points": mean,
                "points_ci_low": plow,
                "points_ci_high": phigh,
            }
        )
    return in_lang(pd.DataFrame(out), lang)


# ---------------------------------------------------------------------------- sweeps
@dataclass(frozen=True)
class Variant:
    """One arm of a sweep: rules and a deck (``None``: the defaults), and the deck whose deal
    it copies (``deal_as``, see ``Game.new``: for a deck with cards taken out)."""

    rules: Rules | None = None
    deck: Deck | None = None
    note: str = field(default="", compare=False)
    deal_as: Deck | None = None


def as_variant(value: Variant | Rules | Deck | Mapping[str, Any] | None) -> Variant:
    """A sweep entry: a ``Variant``, ``Rules``, a ``Deck`` or a dict of Rules changes."""
    if value is None:
        return Variant()
    if isinstance(value, Variant):
        return value
    if isinstance(value, Rules):
        return Variant(rules=value)
    if isinstance(value, Deck):
        return Variant(deck=value)
    if not isinstance(value, Mapping):
        raise ArgumentError(
            "variants",
            f"a Variant, Rules, a Deck or a dict of Rules changes, not {check.shown(value)}",
        )
    try:
        return Variant(rules=Rules.from_changes(value))
    except RulesError as error:
        raise ArgumentError("variants", str(error)) from None


def sweep(
    variants: Mapping[str, Variant | Rules | Deck | Mapping[str, Any] | None],
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    baseline: str | None = "default",
    rotate: bool = False,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    max_actions: int = 5000,
) -> pd.DataFrame:
    """Play the same seeds under each variant (plus the default rules as ``baseline``).

    ``variants`` maps a name to ``Rules``, a ``Deck``, a ``Variant`` or a dict of Rules changes,
    e.g. ``{"bonus at 5": {"bonus_levels": (5, 10)}, "hand 4": {"hand_limit": 4}}``.
    Returns ``simulate``'s table with the ``variant`` column set; see ``diff_report``.
    """
    with carnuta_errors():
        if not isinstance(variants, Mapping):
            raise LabError("variants", f"a dict of name -> variant, not {check.shown(variants)}")
        arms = dict(variants)
        if baseline is not None:
            check.text("baseline", baseline)
            if baseline not in arms:
                arms = {baseline: Variant(), **arms}
        titles = {}
        for name, value in arms.items():
            arm = as_variant(value)
            titles[name] = title_of(arm.rules, arm.deck, arm.deal_as)
        frame = sweeps.sweep(
            titles,
            bots,
            games,
            players=players,
            seeds=seeds,
            rotate=rotate,
            workers=workers,
            client=client,
            progress=progress,
            max_actions=max_actions,
        )
    return frame[list(COLUMNS)]


def diff_report(df: pd.DataFrame, baseline: str = "default") -> pd.DataFrame:
    """Each variant against ``baseline`` on paired seeds: metric, values, difference, 95% CI.

    Games are paired by (seed, rotation): the same deal under both rules. ``significant`` is
    True when the interval of the difference excludes 0.
    """
    with carnuta_errors():
        return sweeps.diff_report(df, baseline, metrics=REPORT_METRICS, game_columns=GAME_COLUMNS)


format_report = sweeps.format_report


# ---------------------------------------------------------------------------- decks
def edit_deck(
    deck: Deck, changes: Mapping[str, Mapping[str, str]], *, name: str | None = None
) -> Deck:
    """A copy of ``deck`` with some cards changed: ``{"N07": {"cost": "flip moon",
    "scoring": "6 per set mushroom clover clover"}}``. Fields: deck, kind, ingredient, cost,
    scoring (the deck file's notation). Unknown cards or fields, and values that do not read,
    raise ``DeckError`` naming them."""
    fields_order = ("id", "deck", "kind", "ingredient", "cost", "scoring")
    if not isinstance(deck, Deck):
        raise DeckError(f"edit_deck: a Deck to edit, not {check.shown(deck)}")
    if not isinstance(changes, Mapping) or not all(
        isinstance(edit, Mapping) and all(isinstance(v, str) for v in edit.values())
        for edit in changes.values()
    ):
        raise DeckError(
            'edit_deck: changes are {card id: {field: text}}, e.g. {"N07": {"cost": "flip moon"}}'
        )
    ids = {card.id for card in deck}
    unknown = [cid for cid in changes if cid not in ids]
    if unknown:
        raise DeckError(f"no card {', '.join(map(str, unknown))} in the {deck.name} deck")
    cards = []
    for card in deck:
        edit = changes.get(card.id)
        if edit is None:
            cards.append(card)
            continue
        bad = [k for k in edit if k not in fields_order[1:]]
        if bad:
            raise DeckError(f"{card.id}: unknown field(s) {', '.join(map(str, bad))}")
        values = dict(zip(fields_order, card.fields(), strict=True))
        values.update(edit)
        cards.append(card_from_fields([values[k] for k in fields_order]))
    return Deck(cards, name=name or f"{deck.name} (edited)")


# ---------------------------------------------------------------------------- plots
def plot_card_values(stats: pd.DataFrame, ax: Any = None, top: int = 15) -> Any:
    """The cards with the highest win lift, with 95% intervals of their win rate when played."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.32 * top + 1.2))
    rows: Any = stats.dropna(subset=["win_when_played"]).sort_values("win_lift", ascending=False)
    rows = rows.head(top).iloc[::-1]
    y = list(range(len(rows)))
    rate = rows["win_when_played"] * 100
    err = [rate - rows["win_ci_low"] * 100, rows["win_ci_high"] * 100 - rate]
    ax.errorbar(rate, y, xerr=err, fmt="o", color="#6a8caf", capsize=3)
    ax.set_yticks(y)
    ax.set_yticklabels(
        [
            f"{r.card} {r.scoring if r.kind != 'salt' else 'Salt'} — "
            f"win {r.win_when_played * 100:.0f}% (n={r.played}), "
            f"{r.points:.1f} pts"
            for r in table_rows(rows)
        ],
        fontsize=8,
    )
    ax.set_xlabel("win rate when played (%), 95% Wilson interval")
    ax.set_title(f"Top {len(rows)} cards by win rate when played")
    return ax


__all__ = [
    "COLUMNS",
    "GAME_COLUMNS",
    "GameTask",
    "REPORT_METRICS",
    "Variant",
    "bot_label",
    "bot_seed",
    "build_bot",
    "card_stats",
    "diff_report",
    "edit_deck",
    "format_report",
    "game_summary",
    "game_table",
    "in_lang",
    "iter_rows",
    "make_tasks",
    "mean_ci",
    "play_one",
    "plot_card_values",
    "plot_diff_report",
    "plot_score_distribution",
    "plot_seat_win_rates",
    "run_tasks",
    "score_summary",
    "simulate",
    "sweep",
    "title_of",
    "trigger_stats",
    "wilson",
    "win_rates",
]
