"""Carcata as a title the design lab can set up (``tabletop.protocol.GameTitle``): it sets
the games up, builds Carcata's bots by name (``make_bot``), describes its rules and adds
Carcata's columns to the lab's tables (``recorder``: the island's win, eliminations).

>>> title = CarcataTitle(Rules(turtle_laps=3))
>>> title.player_counts, title.describe()
((2, 3, 4), {'game': 'Carcata', 'rules': {'turtle_laps': 3}})
>>> title.new(3, seed=1).num_players
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.title import RulesTitle

from .game import Game
from .rules import Rules

if TYPE_CHECKING:
    from tabletop.agents import Bot

    from .recorder import CarcataRecorder


@dataclass(frozen=True)
class CarcataTitle(RulesTitle):
    """Carcata under some ``rules`` (the printed game, as reconstructed, by default)."""

    rules: Rules = field(default_factory=Rules)
    name: str = "Carcata"

    def new(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

    def make_bot(self, name: str, seed: int | None = None, **options: Any) -> Bot:
        """Carcata's bot ``name`` (``carcata_core.bots.make_bot``)."""
        from .bots import make_bot

        return make_bot(name, seed, **options)

    def recorder(self) -> CarcataRecorder:
        """A fresh recorder of Carcata's own lab columns (the island's win, eliminations)."""
        from .recorder import CarcataRecorder

        return CarcataRecorder()


__all__ = ["CarcataTitle"]
