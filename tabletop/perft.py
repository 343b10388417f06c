"""Exact counts of action sequences (perft, as in chess engines): a regression check on legality.

``perft(state, depth)`` counts the distinct sequences of ``depth`` actions from any
``GameState``. Where a game draws its hidden deal inside ``push`` (Carnuta, Carnival), the
game's own seeded deal decides, so the count is exact and repeatable. At a chance node (a game
with chance, ``tabletop.chance``) every outcome counts as a branch, as OpenSpiel's perft counts
chance actions: each outcome is one action of the sequence, whatever its probability.
``expected_perft`` counts decisions only and weighs each outcome by its probability. Each
game offers these under its own name (``carnuta_core.perft``, ``carnival_core.perft``).
"""

from __future__ import annotations

from .chance import is_chance
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


def expected_perft(state: GameState, depth: int) -> float:
    """The expected number of sequences of ``depth`` *decisions* from ``state``: at a chance
    node, the mean over its outcomes weighted by their probabilities (chance outcomes are not
    counted as actions). Equal to ``perft`` in a game without chance nodes."""
    if depth == 0 or state.is_over:
        return 1.0
    if is_chance(state):
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            if probability > 0:
                drawn = state.copy()
                drawn.push(outcome)
                total += probability * expected_perft(drawn, depth)
        return total
    total = 0.0
    for action in state.legal_actions():
        child = state.copy()
        child.push(action)
        total += expected_perft(child, depth - 1)
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


__all__ = ["divide", "expected_perft", "perft"]
