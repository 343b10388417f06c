"""Carcata's own columns in the lab's tables (``tabletop.lab.Recorder``): how the game ended
(the island's win, an elimination) and what each tribe kept.

A game the island wins has no winner: every seat's share of the win is 0, as its
``returns()`` say. The ``island_won`` column tells such a game from one a seat lost, so that
a comparison of two bots may count it apart (``benchmarks/carcata_strength.py`` counts it as
a draw, half a win each).

>>> from tabletop.lab import GameTask, play_one
>>> from carcata_core import CarcataTitle
>>> first, second = play_one(GameTask(CarcataTitle(), game=0, seed=1, bots=("random", "random")))
>>> first["island_won"] == second["island_won"], first["pawns_left"] <= 5
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.lab.record import Recorder

from .game import Game


class CarcataRecorder(Recorder):
    """Reads how a Carcata game ended, once it is over."""

    __slots__ = ()

    columns: ClassVar[dict[str, str]] = {
        "island_won": "the Turtle finished its laps: the island won, nobody did",
        "eliminated": "this player's tribe was eliminated (it ended the game)",
        "pawns_left": "this player's pawns still in the game at the end, riders included",
        "turtle_advances": "the Turtle's advances when the game ended",
    }

    def seat_columns(self, state: Game, seat: int) -> dict[str, Any]:
        return {
            "island_won": state.island_won,
            "eliminated": seat in state.eliminated,
            "pawns_left": state.pawns_left(seat),
            "turtle_advances": state.turtle[2],
        }


__all__ = ["CarcataRecorder"]
