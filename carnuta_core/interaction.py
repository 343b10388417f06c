"""Player interaction in Carnuta's shared market: what taking a card denies the next player.

The market is the only place where one player's choice takes something from another: a card
taken is a card the next player cannot take. Two numbers per market card, both from the
engine's scoring (``scoring.card_points``, the score pad's own rule):

- **gain now** for a seat: the points the card would add to that seat's potion if played now
  (its own points plus what it adds to the cards already played; a Salt on the ingredient where
  it adds most, 0 when the seat has no card for it to sit on). ``synergy.draft_table`` shows it.
- **denial** of a card, for the player to act: the *next player*'s (the seat after the mover)
  best gain now over the market, minus their best gain now over the market without that card.
  The slot is counted empty, because the card that replaces it comes from a hidden deck:
  whatever is revealed can only give the next player more, so the denial is the most the take
  can cost them by this measure. A card is denied only when it is the next player's unique
  best; then its denial is the gap to their second best.

``HateDraftBot`` is the greedy bot with a taste for denial: it rates a Take a Card as the
greedy bot does, plus ``weight`` times the card's denial.

>>> from carnuta_core import Game
>>> game = Game.new(2, seed=3)
>>> denied = denials(game)                  # Player 1 to act: what each take denies Player 2
>>> len(denied), max(denied.values()) >= 0
(8, True)
>>> denial_from({"A": 9, "B": 4, "C": 4})   # only the unique best is denied: by 9 - 4
{'A': 5, 'B': 0, 'C': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop import arguments as check
from tabletop.protocol import HeuristicHooks

from .actions import Action, TakeCard
from .bots import GreedyBot
from .cards import Card
from .errors import carnuta_errors
from .game import Game
from .model import INGREDIENTS, Ingredient, Row
from .scoring import card_points, ingredient_counts


def next_player(game: Game, seat: int | None = None) -> int:
    """The seat that plays after ``seat`` (default: the player to act)."""
    seat = game.current_player if seat is None else seat
    return (seat + 1) % game.num_players


def gains_now(game: Game, seat: int) -> dict[str, tuple[int, Ingredient | None]]:
    """Each market card's gain now for ``seat``, with the ingredient it would count as (a
    Salt's best place; ``None`` for a Salt with no card to sit on), in market order."""
    view = game.player(seat)
    counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
    scored = [c for c in view.played if c.ingredient is not None]
    base = sum(card_points(c, counts) for c in scored)
    places = sorted({c.ingredient for c in scored if c.ingredient}, key=INGREDIENTS.index)
    out: dict[str, tuple[int, Ingredient | None]] = {}
    for row in (Row.DAY, Row.NIGHT):
        for card in game.market(row):
            if card is None:
                continue
            if card.ingredient is not None:
                gain = potion_with(scored, counts, card, card.ingredient) - base
                out[card.id] = (gain, card.ingredient)
            elif not places:
                out[card.id] = (0, None)
            else:
                gains = {i: potion_with(scored, counts, None, i) - base for i in places}
                best = max(places, key=lambda i: (gains[i], -INGREDIENTS.index(i)))
                out[card.id] = (gains[best], best)
    return out


def potion_with(
    scored: list[Card], counts: Mapping[Ingredient, int], card: Card | None, ingredient: Ingredient
) -> int:
    """The points of the cards ``scored`` (with ``counts``) plus ``card`` counted as
    ``ingredient`` (``card=None``: a Salt, one more ``ingredient`` and no points of its own)."""
    after = dict(counts)
    if card is None:
        after[ingredient] += 1
        cards = scored
    else:
        after[ingredient] += card.weight
        cards = [*scored, card]
    return sum(card_points(c, after) for c in cards)


def denial_from(gains: Mapping[str, int]) -> dict[str, int]:
    """Each card's denial, given the next player's gain now of every market card: their best
    gain minus their best gain without that card (an empty market gives 0)."""
    ordered = sorted(gains.values(), reverse=True)
    best = ordered[0] if ordered else 0
    second = ordered[1] if len(ordered) > 1 else 0
    return {cid: (best - second if gain == best else 0) for cid, gain in gains.items()}


def denials(game: Game, seat: int | None = None) -> dict[str, int]:
    """What taking each market card would deny the player after ``seat`` (default: the player
    to act), in market order: see the module's definition."""
    with carnuta_errors():
        chosen = game.current_player if seat is None else seat
        seat = check.whole("seat", chosen, least=0, most=game.num_players - 1)
    gains = gains_now(game, next_player(game, seat))
    return denial_from({cid: gain for cid, (gain, _) in gains.items()})


class HateDraftBot(GreedyBot):
    """The greedy bot, plus ``weight`` x the denial of every card it could take.

    Everything else is ``GreedyBot``'s (its look-ahead, its weights, the actions it sets
    aside): this bot only adds ``weight * denial`` to the greedy rating of each Take a Card,
    the denial read on the position before the take (so the hidden card that refills the slot
    plays no part). ``weight=0`` plays as ``GreedyBot`` with the same seed.
    """

    def __init__(self, seed: int | None = None, *, weight: float = 1.0, **greedy: Any):
        with carnuta_errors():
            self.weight = check.number("weight", weight)
        super().__init__(seed, **greedy)
        self.name = "hate-draft"

    def __repr__(self) -> str:
        return f"HateDraftBot(weight={self.weight!r})"

    def hooks(self, state: Any) -> HeuristicHooks:
        base = super().hooks(state)
        if not self.weight:
            return base
        denied: dict[str, int] = {}

        def look_ahead(before: Any, action: Action, value: float, now: float) -> float | None:
            rated = base.look_ahead(before, action, value, now)
            if rated is None or not isinstance(action, TakeCard):
                return rated
            if not denied:
                denied.update(denials(before))
            card = before.market_ids(action.row)[action.slot - 1]
            return rated + self.weight * denied.get(card, 0)

        return base._replace(look_ahead=look_ahead)


__all__ = ["HateDraftBot", "denial_from", "denials", "gains_now", "next_player", "potion_with"]
