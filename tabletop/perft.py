"""Exact counts of action sequences (perft, as in chess engines): a regression check on legality.

``perft(state, depth)`` counts the distinct sequences of ``depth`` actions from any
``GameState``; where chance enters, the game's own seeded deal decides, so the count is exact
and repeatable. Each game offers these under its own name (``carnuta_core.perft``,
``carnival_core.perft``).
"""

from __future__ import annotations

from .protocol import GameState


def perft(state: GameState, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state`` (a sequence that ends
    the game early counts once)."""
    if depth == 0 or state.is_over:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.copy()
        child.push(action)
        total += perft(child, depth - 1)
    return total


def divide(state: GameState, depth: int) -> dict[str, int]:
    """The perft count under each legal action, keyed by the action's text: where to look
    when a total changes."""
    result = {}
    for action in state.legal_actions():
        child = state.copy()
        child.push(action)
        result[str(action)] = perft(child, depth - 1)
    return result


__all__ = ["divide", "perft"]
