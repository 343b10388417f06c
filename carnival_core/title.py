"""Carnival as a title the design lab can set up (``tabletop.protocol.GameTitle``): it deals
the games, builds Carnival's bots by name (``make_bot``, with a ``memory=`` option) and adds
Carnival's columns to the lab's tables (``recorder``: round scores, happy types, Masks...).

>>> title = CarnivalTitle(Rules(younger_players=True))
>>> title.player_counts, title.describe()
((2, 3, 4, 5, 6), {'game': 'Carnival', 'rules': {'younger_players': True}})
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

    from .recorder import CarnivalRecorder


@dataclass(frozen=True)
class CarnivalTitle(RulesTitle):
    """Carnival under some ``rules`` (the printed game by default)."""

    rules: Rules = field(default_factory=Rules)
    name: str = "Carnival"

    def new(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

    def make_bot(self, name: str, seed: int | None = None, **options: Any) -> Bot:
        """Carnival's bot ``name`` (``carnival_core.bots.make_bot``: ``memory=k`` gives a
        greedy or search bot a shorter memory of the Carnival stack)."""
        from .bots import make_bot

        return make_bot(name, seed, **options)

    def recorder(self) -> CarnivalRecorder:
        """A fresh recorder of Carnival's own lab columns."""
        from .recorder import CarnivalRecorder

        return CarnivalRecorder()
