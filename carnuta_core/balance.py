"""Balance metrics over lab games: how even the cards, the seats and luck are.

Each function reads the table ``lab.simulate`` (or ``lab.sweep``) returns, one row per player
per game, so the same games answer every question:

- ``gini``/``play_rate_gini``: how unequally the cards are played (0 = every card as often,
  1 = one card only);
- ``seat_by_ender``: each seat's win rate split by which seat triggered the end, so that the
  last seat's edge is seen where it comes from;
- ``skill_share``: how far a stronger bot's win rate is from a coin toss between equals
  (0 = pure luck, 1 = the stronger bot always wins);
- ``deck_ablation``: a card's strength as the paired-seed change in scores when the card is
  taken out of the deck. Each seed is played twice, with the full deck and with the deck less
  the card dealt as the full deck (``Game.new(deal_as=...)``): both games get the same
  starting cards and the same cards in the same order, the removed card skipped, and the same
  bot seeds. They are the same game until the removed card would have come out; after that
  the bots' choices, and any reshuffle of the discard pile, may differ.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.lab.words import check_lang, in_lang

from . import lab
from .deck import Deck, reference_deck
from .errors import CarnutaError

if TYPE_CHECKING:
    import pandas as pd


def gini(values: Iterable[float]) -> float:
    """The Gini coefficient of non-negative values (0: all equal; near 1: one takes all).

    >>> gini([1, 1, 1, 1]), gini([0, 0, 0, 4])
    (0.0, 0.75)
    """
    data: list[float] = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value >= 0:
            raise CarnutaError(f"values: give numbers of at least 0, not {value!r}")
        data.append(float(value))
    data.sort()
    if not data or math.isinf(data[-1]):
        raise CarnutaError("values: give at least one finite number")
    total = sum(data)
    if total == 0:
        return 0.0
    n = len(data)
    weighted = sum((i + 1) * v for i, v in enumerate(data))
    return (2 * weighted) / (n * total) - (n + 1) / n


def fair_band(games: int, players: int, level: Fraction = Fraction(95, 100)) -> tuple[int, int]:
    """A central range of wins that a perfectly fair seat lands in with probability at least
    ``level`` over ``games`` games (exact binomial law in whole numbers, shared wins aside),
    trimmed one win at a time from the less likely end.

    >>> fair_band(45, 3)
    (9, 21)
    """
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 5000:
        raise CarnutaError(f"games: a whole number from 1 to 5000, not {games!r}")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 10:
        raise CarnutaError(f"players: a whole number from 2 to 10, not {players!r}")
    # P(k wins) = C(n, k) (players - 1)^(n - k) / players^n: whole-number weights
    weight = [math.comb(games, k) * (players - 1) ** (games - k) for k in range(games + 1)]
    need = level * players**games
    low, high, kept = 0, games, players**games
    while True:
        if weight[low] <= weight[high] and kept - weight[low] >= need:
            kept -= weight[low]
            low += 1
        elif weight[high] < weight[low] and kept - weight[high] >= need:
            kept -= weight[high]
            high -= 1
        else:
            return low, high


def play_counts(df: pd.DataFrame, deck: Deck | None = None) -> dict[str, int]:
    """How many times each market card of ``deck`` was played in ``df`` (0 included)."""
    deck = deck or reference_deck()
    counts = {c.id: 0 for c in deck if c.origin.row is not None}
    for played in df["played"]:
        for cid in played:
            if cid in counts:
                counts[cid] += 1
    return counts


def play_rate_gini(df: pd.DataFrame, deck: Deck | None = None) -> float:
    """The Gini coefficient of the market cards' play counts in ``df``."""
    return gini(play_counts(df, deck).values())


#: French for the balance tables' own columns (``lang="fr"``; the lab's are in
#: ``tabletop.lab.words``).
BALANCE_FRENCH: dict[str, str] = {"ender": "fini par", "strength": "force"}


def seat_by_ender(df: pd.DataFrame, lang: str = "en") -> pd.DataFrame:
    """Win rate of each seat, split by the seat that triggered the end of the game (95%
    Wilson intervals); ``lang="fr"`` names the columns in French."""
    keys = ["variant", "game"] if "variant" in df.columns else ["game"]
    ender = df[df["triggered_end"]].set_index(keys)["seat"].rename("ender")
    joined = df.join(ender, on=keys)
    table = lab.win_rates(joined.dropna(subset=["ender"]).astype({"ender": int}), ["ender", "seat"])
    shown = table[["ender", "seat", "games", "rate", "ci_low", "ci_high", "fair"]]
    return in_lang(shown, lang, BALANCE_FRENCH)


def skill_share(df: pd.DataFrame, strong: str) -> dict[str, float]:
    """How much of the outcome skill decides, from games of bot ``strong`` against others:
    (win rate - fair share) / (1 - fair share), with its 95% interval (Wilson)."""
    mine = df[df["bot"] == strong]
    if mine.empty:
        raise CarnutaError(f"strong: no player called {strong!r} in these games")
    fair = float((1.0 / mine["players"]).mean())
    wins, n = float(mine["win"].sum()), len(mine)
    low, high = lab.wilson(wins, n)

    def share(rate: float) -> float:
        return (rate - fair) / (1 - fair)

    return {
        "games": n,
        "win rate": wins / n,
        "fair": fair,
        "skill share": share(wins / n),
        "low": share(low),
        "high": share(high),
    }


def deck_without(deck: Deck, card_id: str) -> Deck:
    """``deck`` with one market card taken out."""
    if card_id not in {c.id for c in deck}:
        raise CarnutaError(f"card_id: no card {card_id!r} in the {deck.name} deck")
    if deck[card_id].origin.row is None:
        raise CarnutaError(f"card_id: {card_id} is a starting card; every player needs one")
    return Deck([c for c in deck if c.id != card_id], name=f"{deck.name} without {card_id}")


def deck_ablation(
    card_ids: Sequence[str],
    bots: Any = "greedy",
    games: int = 40,
    *,
    players: int = 2,
    deck: Deck | None = None,
    progress: bool = False,
    workers: int | None = 1,
    lang: str = "en",
) -> pd.DataFrame:
    """Each card's strength: how much the mean score changes when it leaves the deck, paired
    by seed. On each seed the full deck and the deck without the card deal the same cards in
    the same order, the removed card skipped (the smaller deck is dealt as the full one), so
    the two games agree until that card would have been revealed. A strong card makes the
    potions it joins score more, so removing it lowers the mean (positive ``strength``); the
    95% interval (``lab.mean_ci``, normal approximation) comes from the per-seed differences
    of the players' mean score, full deck minus the deck without the card. ``lang="fr"``
    names the columns in French (``force``, ``bas``, ``haut``).
    """
    import pandas as pd

    check_lang(lang)
    deck = deck or reference_deck()
    variants = {
        f"without {cid}": lab.Variant(deck=deck_without(deck, cid), deal_as=deck)
        for cid in card_ids
    }
    df = lab.sweep(
        {"full deck": deck, **variants},
        bots,
        games=games,
        players=players,
        baseline=None,
        progress=progress,
        workers=workers,
    )
    mean = df.groupby(["variant", "seed"])["score"].mean()
    full = mean.loc["full deck"]
    rows = []
    for cid in card_ids:
        diffs = full - mean.loc[f"without {cid}"].reindex(full.index)
        centre, low, high = lab.mean_ci(diffs.dropna())
        rows.append(
            {"card": cid, "strength": centre, "low": low, "high": high, "games": len(diffs)}
        )
    table = pd.DataFrame(rows).set_index("card").sort_values("strength", ascending=False)
    return in_lang(table, lang, BALANCE_FRENCH)


__all__ = [
    "fair_band",
    "deck_ablation",
    "deck_without",
    "gini",
    "play_counts",
    "play_rate_gini",
    "seat_by_ender",
    "skill_share",
]
