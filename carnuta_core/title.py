"""Carnuta as a title the design lab can set up (``tabletop.protocol.GameTitle``).

A title is the game under some rules and a deck: ``tabletop.lab`` deals its games, builds
its bots by name (``make_bot``: Carnuta's tuned ``random``, ``greedy`` and ``mcts``) and adds
its columns to the tables (``recorder``: cards, score-pad rows, wasted actions...).

>>> from carnuta_core import Rules
>>> title = CarnutaTitle(Rules(hand_limit=4))
>>> title.player_counts, title.describe()
((2, 3, 4), {'game': 'Carnuta', 'rules': {'hand_limit': 4}, 'deck': 'reference'})
>>> title.new(3, seed=1).num_players
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .deck import Deck
from .game import Game
from .rules import Rules

if TYPE_CHECKING:
    from tabletop.agents import Bot

    from .recorder import CarnutaRecorder


@dataclass(frozen=True)
class CarnutaTitle:
    """Carnuta under ``rules`` with ``deck`` (the printed game and the reference deck by
    default), dealt as ``deal_as`` when given (``Game.new``: the larger deck's shuffle, the
    cards ``deck`` lacks skipped)."""

    rules: Rules = field(default_factory=Rules)
    deck: Deck | None = None
    name: str = "Carnuta"
    deal_as: Deck | None = None

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(self.rules.player_counts)

    def new(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, deck=self.deck, rules=self.rules, deal_as=self.deal_as)

    def describe(self) -> Mapping[str, Any]:
        deck = "reference" if self.deck is None else self.deck.name
        described: dict[str, Any] = {"game": self.name, "rules": self.rules.changes(), "deck": deck}
        if self.deal_as is not None:
            described["dealt as"] = self.deal_as.name
        return described

    def make_bot(self, name: str, seed: int | None = None, **options: Any) -> Bot:
        """Carnuta's bot ``name`` (``carnuta_core.bots.make_bot``)."""
        from .bots import make_bot

        return make_bot(name, seed, **options)

    def recorder(self) -> CarnutaRecorder:
        """A fresh recorder of Carnuta's own lab columns."""
        from .recorder import CarnutaRecorder

        return CarnutaRecorder()


__all__ = ["CarnutaTitle"]
