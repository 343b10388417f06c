"""Chance nodes, for games that have them (dice, a draw from a bag), as OpenSpiel has them.

A game with chance offers, besides the ``GameState`` protocol (see ``tabletop.protocol``):

- ``state.is_chance``: ``True`` at a chance node, where ``state.current_player`` is
  ``CHANCE`` and ``state.legal_actions()`` lists the outcomes;
- ``state.chance_outcomes()``: ``[(outcome, probability), ...]``, the probabilities summing
  to 1; ``state.push(outcome)`` applies one;
- ``state.sample_chance()``: an outcome drawn from the game's own seeded stream, so that a
  game with the same seed and the same bots replays exactly.

Games without chance (Carnuta, Carnival: their hidden deals are drawn inside ``push``) offer
none of these, and these helpers treat them as decision nodes throughout.

Who draws what: the referee (``play_game``, the lab, a tournament) settles chance with the
game's own stream (``settle(state)``). An agent looking ahead draws from its *own* random
generator by the published probabilities (``sample_outcome(state, rng)``, or
``settle(state, outcomes_from(rng))``) and never calls ``sample_chance``: the game's stream
would tell it the dice still to come. A bot is never asked to choose at a chance node.

>>> import random
>>> class Coin:  # one toss, then the game is over
...     def __init__(self): self.face = None
...     is_over = property(lambda self: self.face is not None)
...     is_chance = property(lambda self: not self.is_over)
...     def chance_outcomes(self): return [("heads", 0.5), ("tails", 0.5)]
...     def sample_chance(self): return "heads"
...     def push(self, outcome): self.face = outcome
...     def copy(self):
...         twin = Coin(); twin.face = self.face; return twin
>>> coin = Coin()
>>> is_chance(coin), offers_chance(coin), is_chance(object())
(True, True, False)
>>> sample_outcome(coin, random.Random(1)) in ("heads", "tails")
True
>>> settle(coin), coin.face, is_chance(coin)
(1, 'heads', False)
>>> expectation(Coin(), lambda state: 1.0 if state.face == "heads" else 0.0, random.Random(1))
0.5
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeGuard

from .errors import LabError
from .protocol import CHANCE, Action, ChanceState

#: The most chance outcomes ``settle`` applies in a row before it stops (a game whose chance
#: never ends would otherwise go on for ever).
MAX_CHANCE_RUN = 10_000
#: The positions ``expectation`` judges at most, by default (the greedy bot's look-ahead).
CHANCE_BUDGET = 32

#: Draws the outcome of a chance node: ``state -> outcome``.
Draw = Callable[[Any], Action]


def offers_chance(state: Any) -> bool:
    """Whether ``state``'s game has chance nodes at all (it offers ``sample_chance``): asked
    once per game or search, so that games without chance pay nothing on every step."""
    return callable(getattr(state, "sample_chance", None))


def is_chance(state: object) -> TypeGuard[ChanceState]:
    """Whether ``state`` is a chance node (``state.is_chance``); ``False`` for a game without
    chance and for a finished game."""
    return getattr(state, "is_chance", False) is True


def check_decision(state: Any) -> None:
    """A ``LabError`` if ``state`` is a chance node: chance decides there, not a bot."""
    if is_chance(state):
        raise LabError(
            "state",
            "a chance node: chance decides here, not a bot (settle it first: "
            "tabletop.chance.settle(state))",
        )


def sample_outcome(state: Any, rng: random.Random) -> Action:
    """An outcome of the chance node ``state``, drawn by its probabilities with ``rng`` (the
    agent's own generator, never the game's stream)."""
    return drawn(state.chance_outcomes(), rng)


def drawn(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """One of ``outcomes`` (``(outcome, probability)`` pairs), drawn by probability with
    ``rng``: where one draw of ``rng.random()`` falls among the cumulative probabilities."""
    left = rng.random()
    for outcome, probability in outcomes:
        left -= probability
        if left < 0:
            return outcome
    # ``left`` may stay a rounding error above 0: the last outcome that can happen.
    return next(outcome for outcome, probability in reversed(outcomes) if probability > 0)


def outcomes_from(rng: random.Random) -> Draw:
    """A ``Draw`` by the published probabilities with ``rng`` (for ``settle`` in a search)."""
    return lambda state: sample_outcome(state, rng)


def own_stream(state: Any) -> Action:
    """The game's own draw, ``state.sample_chance()``: the referee's ``Draw``."""
    return state.sample_chance()


def settle(
    state: Any,
    draw: Draw = own_stream,
    *,
    limit: int = MAX_CHANCE_RUN,
    on_outcome: Callable[[Any, Action], None] | None = None,
) -> int:
    """Apply chance outcomes to ``state`` until a decision node or the end; returns how many.

    ``draw(state)`` gives each outcome: by default the game's own stream (the referee's), or
    ``outcomes_from(rng)`` in a search. ``on_outcome(state, outcome)`` is called after each.
    At most ``limit`` outcomes are applied (``state`` may then still be at a chance node).
    A game without chance is left as it is (0).
    """
    applied = 0
    while applied < limit and not state.is_over and is_chance(state):
        outcome = draw(state)
        state.push(outcome)
        applied += 1
        if on_outcome is not None:
            on_outcome(state, outcome)
    return applied


def expectation(
    state: Any,
    value: Callable[[Any], float],
    rng: random.Random,
    budget: int = CHANCE_BUDGET,
) -> float:
    """``value(state)`` where a decision is next or the game is over; at a chance node, the
    expected value over its outcomes, through consecutive chance nodes.

    At most ``budget`` positions are judged. A chance node with at most ``budget`` outcomes
    is expanded exactly, each outcome weighted by its probability and given an equal share of
    the budget; one with more is estimated by the mean over ``budget`` outcomes drawn by
    probability with ``rng`` (an outcome drawn ``k`` times is played once, counted ``k``
    times and given a budget of ``k``). So the answer is exact when every chance node met is
    small enough for its share.
    """
    if state.is_over or not is_chance(state):
        return value(state)
    outcomes = state.chance_outcomes()
    if len(outcomes) <= budget:
        share = budget // len(outcomes)
        total = 0.0
        for outcome, probability in outcomes:
            if probability > 0:
                child = state.copy()
                child.push(outcome)
                total += probability * expectation(child, value, rng, share)
        return total
    # An outcome drawn k times is played once and judged with a budget of k, weight k/budget.
    draws: dict[Action, int] = {}
    for _ in range(budget):
        outcome = drawn(outcomes, rng)
        draws[outcome] = draws.get(outcome, 0) + 1
    total = 0.0
    for outcome, times in draws.items():
        child = state.copy()
        child.push(outcome)
        total += times * expectation(child, value, rng, times)
    return total / budget


__all__ = [
    "CHANCE",
    "CHANCE_BUDGET",
    "MAX_CHANCE_RUN",
    "Draw",
    "check_decision",
    "drawn",
    "expectation",
    "is_chance",
    "offers_chance",
    "outcomes_from",
    "own_stream",
    "sample_outcome",
    "settle",
]
