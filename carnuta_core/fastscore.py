"""Scoring as small integer tables, for bots and the lab: the same points as ``scoring.py``.

``scoring.py`` is the readable reference; this module computes the same numbers from tables
built once per deck (ingredients as indexes 0-7, no enums, no dataclasses), which makes the
bots' what-if scoring several times faster. A test checks both agree on random games.

>>> from carnuta_core import Game
>>> game = Game.new(2, seed=1)
>>> table = score_table(game.deck)
>>> table.score_of(game, 0) == game.score_pad(0).total
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .cards import Flat, PerIngredient, PerSet
from .deck import Deck
from .game import Game
from .model import INGREDIENTS, Ingredient
from .runes import Delta, cost_delta, cost_need
from .scoring import salt_root

#: Ingredient -> its index 0-7 (score-pad order).
INDEX: dict[Ingredient, int] = {ingredient: i for i, ingredient in enumerate(INGREDIENTS)}

FLAT, PER, SET, NONE = 0, 1, 2, 3


class ScoreTable:
    """One deck's cards as numbers: ingredient index, weight, scoring rule, rune needs."""

    __slots__ = ("deck", "ingredient", "weight", "rule", "need", "delta", "icons", "is_salt")

    def __init__(self, deck: Deck):
        self.deck = deck
        #: card id -> ingredient index (-1 for a Salt).
        self.ingredient: dict[str, int] = {}
        #: card id -> how many of its ingredient it counts as (double 2, Salt 0).
        self.weight: dict[str, int] = {}
        #: card id -> (kind, points, ingredient indexes, how many of each a set needs).
        self.rule: dict[str, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
        #: card id -> (Sun icons, Moon icons) of its cost.
        self.need: dict[str, tuple[int, int]] = {}
        #: card id -> how paying changes board Suns, board Moons, reserve Suns, reserve Moons.
        self.delta: dict[str, Delta] = {}
        #: card id -> number of cost icons.
        self.icons: dict[str, int] = {}
        for card in deck:
            cid = card.id
            self.ingredient[cid] = -1 if card.ingredient is None else INDEX[card.ingredient]
            self.weight[cid] = card.weight
            scoring = card.scoring
            if isinstance(scoring, Flat):
                self.rule[cid] = (FLAT, scoring.points, (), ())
            elif isinstance(scoring, PerIngredient):
                idx = tuple(INDEX[i] for i in scoring.ingredients)
                self.rule[cid] = (PER, scoring.points, idx, ())
            elif isinstance(scoring, PerSet):
                needs = Counter(scoring.ingredients)
                keys = tuple(needs)
                self.rule[cid] = (
                    SET,
                    scoring.points,
                    tuple(INDEX[i] for i in keys),
                    tuple(needs[i] for i in keys),
                )
            else:
                self.rule[cid] = (NONE, 0, (), ())
            self.need[cid] = cost_need(card.cost)
            self.delta[cid] = cost_delta(card.cost)
            self.icons[cid] = len(card.cost)
        salts = frozenset(cid for cid, k in self.ingredient.items() if k < 0)
        #: Whether a card id is a Salt (for ``scoring.salt_root``).
        self.is_salt = salts.__contains__

    # ------------------------------------------------------------------ counts
    def counts(
        self, played: Sequence[str], salt_on: Mapping[str, str], bonus: Iterable[Ingredient]
    ) -> list[int]:
        """Ingredient counts (index 0-7): cards (doubles 2), Salts on their card, bonus tokens."""
        counts = [0] * 8
        ingredient = self.ingredient
        weight = self.weight
        for cid in played:
            k = ingredient[cid]
            if k >= 0:
                counts[k] += weight[cid]
            else:
                counts[ingredient[salt_root(cid, salt_on, self.is_salt)]] += 1
        for token in bonus:
            counts[INDEX[token]] += 1
        return counts

    # ------------------------------------------------------------------ points
    def points(self, cid: str, counts: Sequence[int]) -> int:
        """The points card ``cid`` scores with these counts."""
        kind, pts, idx, needs = self.rule[cid]
        if kind == FLAT:
            return pts
        if kind == PER:
            total = 0
            for k in idx:
                total += counts[k]
            return pts * total
        if kind == SET:
            sets = counts[idx[0]] // needs[0]
            for j in range(1, len(idx)):
                n = counts[idx[j]] // needs[j]
                if n < sets:
                    sets = n
            return pts * sets
        return 0

    def score(self, played: Iterable[str], counts: Sequence[int]) -> int:
        """The score-pad total of a potion."""
        rule = self.rule
        total = 0
        for cid in played:
            kind, pts, idx, needs = rule[cid]
            if kind == FLAT:
                total += pts
            elif kind == PER:
                s = 0
                for k in idx:
                    s += counts[k]
                total += pts * s
            elif kind == SET:
                sets = counts[idx[0]] // needs[0]
                for j in range(1, len(idx)):
                    n = counts[idx[j]] // needs[j]
                    if n < sets:
                        sets = n
                total += pts * sets
        return total

    def gain(self, played: list[str], counts: list[int], cid: str) -> int:
        """Points added now by playing ``cid`` (for a Salt: the best ingredient it can join)."""
        before = self.score(played, counts)
        k = self.ingredient[cid]
        if k < 0:
            best = None
            for j in range(8):
                if counts[j]:
                    counts[j] += 1
                    after = self.score(played, counts)
                    counts[j] -= 1
                    if best is None or after > best:
                        best = after
            return 0 if best is None else best - before
        w = self.weight[cid]
        counts[k] += w
        played.append(cid)
        after = self.score(played, counts)
        played.pop()
        counts[k] -= w
        return after - before

    def salt_gains(self, played: list[str], counts: list[int]) -> list[int]:
        """Points a Salt adds on each ingredient (0-7); -1 where the potion has none of it."""
        before = self.score(played, counts)
        out = [-1] * 8
        for j in range(8):
            if counts[j]:
                counts[j] += 1
                out[j] = self.score(played, counts) - before
                counts[j] -= 1
        return out

    # ------------------------------------------------------------------ games
    def counts_of(self, game: Game, seat: int) -> list[int]:
        return self.counts(game.played_ids(seat), game.salt_on(seat), game.bonus_of(seat))

    def score_of(self, game: Game, seat: int) -> int:
        played = game.played_ids(seat)
        return self.score(played, self.counts(played, game.salt_on(seat), game.bonus_of(seat)))

    def scores_of(self, game: Game) -> list[int]:
        return [self.score_of(game, seat) for seat in range(game.num_players)]


_TABLES: dict[int, ScoreTable] = {}


def score_table(deck: Deck) -> ScoreTable:
    """The (cached) table of ``deck``."""
    table = _TABLES.get(id(deck))
    if table is None or table.deck is not deck:
        table = _TABLES[id(deck)] = ScoreTable(deck)
    return table


__all__ = ["INDEX", "ScoreTable", "score_table"]
