"""Carcata as a title the design lab can set up (``tabletop.protocol.GameTitle``): it sets
the games up, builds Carcata's bots by name (``make_bot``) and describes its rules.

>>> title = CarcataTitle(Rules(turtle_laps=3))
>>> title.player_counts, title.describe()
((2, 3, 4), {'game': 'Carcata', 'rules': {'turtle_laps': 3}})
>>> title.new(3, seed=1).num_players
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .game import Game
from .rules import Rules

if TYPE_CHECKING:
    from tabletop.agents import Bot


@dataclass(frozen=True)
class CarcataTitle:
    """Carcata under some ``rules`` (the printed game, as reconstructed, by default)."""

    rules: Rules = field(default_factory=Rules)
    name: str = "Carcata"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.rules.player_counts

    def new(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

    def describe(self) -> Mapping[str, Any]:
        return {"game": self.name, "rules": self.rules.changes()}

    def make_bot(self, name: str, seed: int | None = None, **options: Any) -> Bot:
        """Carcata's bot ``name`` (``carcata_core.bots.make_bot``)."""
        from .bots import make_bot

        return make_bot(name, seed, **options)


__all__ = ["CarcataTitle"]
