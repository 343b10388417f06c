"""Carnival's side of the playtest analysis (``tabletop.lab.playtest``): a recorded save read
back, the position its history starts from and the lab's title for its columns.

Carnival has no coach: it ranks no decision (``ranking`` is ``None``). Its nearest equivalent
would be the greedy bot's one-move look-ahead, but that reads cards a seat cannot see and is
asked only on a position dealt anew at random, so one rating is noisy: the analysis leaves the
comparison out rather than call a person's choice a mistake on that evidence.

>>> from carnival_core import Game
>>> CARNIVAL_PLAYTESTS.start(Game.new(3, seed=1)).is_over, CARNIVAL_PLAYTESTS.ranking
(False, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import Game
from .title import CarnivalTitle


@dataclass(frozen=True)
class CarnivalPlaytests:
    """How ``tabletop.lab.playtest`` reads Carnival's recorded games."""

    engine: str = "carnival_core"
    ranking: None = None
    judge: str = "none (Carnival has no coach)"

    def load(self, save: dict[str, Any]) -> Game:
        """The game of a save, with every check ``Game.from_json`` makes."""
        return Game.from_json(save)

    def start(self, game: Game) -> Game:
        """The position ``game``'s history starts from."""
        return game.start_position()

    def title(self, game: Game) -> CarnivalTitle:
        """The lab's title for ``game``'s rules (its recorder adds Carnival's columns)."""
        return CarnivalTitle(rules=game.rules)


CARNIVAL_PLAYTESTS = CarnivalPlaytests()

__all__ = ["CARNIVAL_PLAYTESTS", "CarnivalPlaytests"]
