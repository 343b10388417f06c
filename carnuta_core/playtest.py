"""Carnuta's side of the playtest analysis (``tabletop.lab.playtest``): a recorded save read
back, the position its history starts from, the lab's title for its columns, and the coach's
ranking of a decision.

>>> from carnuta_core import Game
>>> game = Game.new(2, seed=3)
>>> ranked = CARNUTA.ranking(game, seed=1)
>>> len(ranked) == len(game.legal_actions()), ranked[0][1] >= ranked[-1][1]
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .coach import Coach
from .game import Game
from .title import CarnutaTitle


@dataclass(frozen=True)
class CarnutaPlaytests:
    """How ``tabletop.lab.playtest`` reads Carnuta's recorded games. The coach searches
    ``coach_iterations`` iterations per decision."""

    coach_iterations: int = 40
    engine: str = "carnuta_core"
    #: What ``ranking`` ranks by, for the analysis's notes.
    judge: str = "the coach (carnuta_core.coach)"

    def load(self, save: dict[str, Any]) -> Game:
        """The game of a save, with every check ``Game.from_json`` makes."""
        return Game.from_json(save)

    def start(self, game: Game) -> Game:
        """The position ``game``'s history starts from."""
        return game.start()

    def title(self, game: Game) -> CarnutaTitle:
        """The lab's title for ``game``'s rules and deck (its recorder adds Carnuta's columns)."""
        return CarnutaTitle(rules=game.rules, deck=game.deck)

    def ranking(self, game: Game, seed: int) -> list[tuple[Any, float, float]]:
        """The actions the coach ranks for the player to move, best first, each with the
        search's value and the points the coach counts for it (0 for an action that adds
        none); an action the search did not try is left out."""
        report = Coach(self.coach_iterations, seed=seed).advise(game, top=None)
        return [(a.action, a.value, float(a.points or 0)) for a in report]


#: Carnuta's playtests with the coach at 40 iterations a decision.
CARNUTA = CarnutaPlaytests()

__all__ = ["CARNUTA", "CarnutaPlaytests"]
