"""Exact counts of action sequences (perft, as in chess engines): a regression check on legality.

``perft(game, depth)`` counts the distinct sequences of ``depth`` actions from ``game``; draws
follow the game's own deck order and the next round's deal its seed, so the count is exact and
repeatable. Two cards with the same id are one action, as in play.
"""

from __future__ import annotations

from .game import Game


def perft(game: Game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    legal = game.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = game.copy()
        child.push(action)
        total += perft(child, depth - 1)
    return total


def divide(game: Game, depth: int) -> dict[str, int]:
    """The perft count under each legal action: where to look when a total changes."""
    result = {}
    for action in game.legal_actions():
        child = game.copy()
        child.push(action)
        result[str(action)] = perft(child, depth - 1)
    return result
