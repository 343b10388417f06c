"""Exact counts of action sequences (perft, as in chess engines): a regression check on
legality. Every chance outcome counts as one branch, as OpenSpiel's perft counts chance
actions (``expected_perft`` weighs them by probability instead). The counting is the kit's
game-agnostic ``tabletop.perft``.

>>> from carcata_core import Game
>>> perft(Game.new(2), 2)  # 36 first pawns, then 35 for the second seat
1260
"""

from __future__ import annotations

from tabletop.perft import divide, expected_perft, perft

__all__ = ["divide", "expected_perft", "perft"]
