"""Exact counts of action sequences (perft, as in chess engines): a regression check on legality.

``perft(game, depth)`` counts the distinct sequences of ``depth`` actions from ``game``, as
``legal_actions()`` lists them (lone ground placements merged by marking, docs/karnak.md);
draws follow the game's own deck order, so the count is exact and repeatable. The counting is
the kit's game-agnostic ``tabletop.perft``.

>>> from karnak_core import Game
>>> [perft(Game.new(2, seed=1), depth) for depth in (1, 2)]
[26, 1108]
"""

from __future__ import annotations

from tabletop.perft import divide, perft

__all__ = ["divide", "perft"]
