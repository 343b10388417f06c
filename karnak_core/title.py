"""Karnak as a title the design lab can set up (``tabletop.protocol.GameTitle``): it deals
the games under its rules and Designs and builds Karnak's bots by name (``make_bot``).

>>> title = KarnakTitle(Rules(max_level=3))
>>> title.player_counts, title.describe()
((2, 3, 4), {'game': 'Karnak', 'rules': {'max_level': 3}})
>>> title.new(3, seed=1).num_players
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.title import RulesTitle

from .designs import REFERENCE_DESIGNS, Design
from .game import Game
from .rules import Rules

if TYPE_CHECKING:
    from tabletop.agents import Bot


@dataclass(frozen=True)
class KarnakTitle(RulesTitle):
    """Karnak under some ``rules`` (the printed game, with the kit's reconstruction, by
    default) and with some ``designs`` (the kit's 46 by default)."""

    rules: Rules = field(default_factory=Rules)
    name: str = "Karnak"
    designs: tuple[Design, ...] = REFERENCE_DESIGNS

    def new(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules, designs=self.designs)

    def make_bot(self, name: str, seed: int | None = None, **options: Any) -> Bot:
        """Karnak's bot ``name`` (``karnak_core.bots.make_bot``)."""
        from .bots import make_bot

        return make_bot(name, seed, **options)


__all__ = ["KarnakTitle"]
