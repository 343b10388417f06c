"""Market ranking: the market cards ordered by what playing each would add to a potion."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import sympy

from ..cards import Card
from ..game import Game
from ..model import Ingredient, Row
from .formulas import as_ingredient
from .gains import Gain, card_gain
from .potions import Potion, as_potion, card_list, salt_places


@dataclass(frozen=True)
class MarketChoice:
    """A market card, what playing it would add to a potion, and what taking it would deny
    the next player (``interaction.denials``: 0 unless it is their unique best card)."""

    row: Row
    slot: int
    card: Card
    gain: Gain
    denial: int = 0

    @property
    def action(self) -> str:
        """The action that takes it, in the kit's notation."""
        return f"take {self.row.value} {self.slot}"

    def as_dict(self) -> dict[str, object]:
        own = self.gain.own.value if self.gain.own else 0
        others = self.gain.others.value if self.gain.others else 0
        return {
            "take": self.action,
            "card": str(self.card),
            "play": self.gain.change,
            "own": own,
            "others": others,
            "gain": self.gain.value,
            "denial": self.denial,
        }


def _rank_market(game: Game, potion: Potion, seat: int) -> list[MarketChoice]:
    from ..interaction import denials

    denied = denials(game, seat)
    choices = []
    targets = salt_places(potion)
    for row in (Row.DAY, Row.NIGHT):
        for slot, card in enumerate(game.market(row), start=1):
            if card is None:
                continue
            if card.is_salt and not targets:
                gain = Gain(f"{card.id}: no card to sit on", sympy.Integer(0), 0)
            else:
                gain = card_gain(potion, card)
            choices.append(MarketChoice(row, slot, card, gain, denied[card.id]))
    choices.sort(key=lambda c: -c.gain.value)
    return choices


def best_market_card(game: Game, seat: int) -> list[MarketChoice]:
    """The market cards ranked by what playing each would add to ``seat``'s potion now.

    The first is worth most (ties keep market order: Day slots 1-4, then Night). Each choice
    also says what taking the card would deny the player after ``seat``.
    """
    return _rank_market(game, as_potion(game, seat), seat)


def best_card_at_end(
    game: Game,
    seat: int,
    further_cards: Iterable[Card | str],
    salt_on: Mapping[str, str] | None = None,
    bonus_tokens: Iterable[Ingredient | str] = (),
) -> list[MarketChoice]:
    """The market cards ranked by their gain at game end, assuming ``further_cards`` are
    played too (ids or cards; a Salt among them needs ``salt_on``) and the given extra
    ``bonus_tokens`` are taken."""
    potion = as_potion(game, seat)
    extra = Potion.of(
        list(potion.played) + list(card_list(further_cards, game.deck)),
        {**potion.salt_targets, **(salt_on or {})},
        list(potion.bonus_tokens) + [as_ingredient(t) for t in bonus_tokens],
    )
    return _rank_market(game, extra, seat)


__all__ = ["MarketChoice", "best_card_at_end", "best_market_card"]
