"""Carnival as a title the design lab can set up (``tabletop.protocol.GameTitle``).

>>> title = CarnivalTitle(Rules(younger_players=True))
>>> title.player_counts, title.describe()
((2, 3, 4, 5, 6), {'game': 'Carnival', 'rules': {'younger_players': True}})
>>> title.new(3, seed=1).num_players
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .game import Game
from .rules import Rules


@dataclass(frozen=True)
class CarnivalTitle:
    """Carnival under some ``rules`` (the printed game by default)."""

    rules: Rules = field(default_factory=Rules)
    name: str = "Carnival"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.rules.player_counts

    def new(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

    def describe(self) -> Mapping[str, Any]:
        return {"game": self.name, "rules": self.rules.changes()}
