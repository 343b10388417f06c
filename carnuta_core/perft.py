"""Exact counts of action sequences (perft, as in chess engines): a regression check on legality.

``perft(game, depth)`` counts the distinct sequences of ``depth`` actions from ``game``; deck
draws follow the game's own deck order, so the count is exact and repeatable. The counting
itself is the kit's game-agnostic ``tabletop.perft``.
"""

from __future__ import annotations

from tabletop.perft import divide, perft

__all__ = ["divide", "perft"]
