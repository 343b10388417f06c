"""The agent layer's contract: what a game offers so that agents and the lab can play it.

The shape follows OpenSpiel's ``State`` API (current player, legal actions, apply, clone,
terminal test, returns, resampling of hidden information) with the kit's names:

=============================  ==================================================
``state.num_players``          seats, numbered 0 .. n-1
``state.current_player``       the seat to act (read it only while not over)
``state.is_over``              the game has ended
``state.legal_actions()``      the actions the current player may take now
``state.push(action)``         apply an action taken from ``legal_actions()``,
                               unchecked (the fast path for search)
``state.copy()``               an independent state in the same position
``state.returns()``            each seat's share of the win once over: 1, 1/k, 0
``state.scores()``             each seat's points (for margins and reports)
``state.determinized(rng)``    a copy in which what the *current player* cannot
                               see is dealt anew, consistently with what they saw
=============================  ==================================================

A game may also offer ``state.heuristic()`` returning a ``Heuristic``: a quick estimate of
each seat's prospects and of each action's worth. Agents use it where it exists (MCTS leaf
values and rollouts, the greedy bot's look-ahead) and fall back on playing to the end.

``GameTitle`` is what the lab needs to set games up: a name, the player counts, and
``new(players, seed)``.

>>> from typing import get_type_hints
>>> sorted(name for name in GameState.__dict__ if not name.startswith("_"))  # doctest: +NORMALIZE_WHITESPACE
['copy', 'current_player', 'determinized', 'is_over', 'legal_actions', 'num_players', 'push',
 'returns', 'scores']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

Action = Any
S = TypeVar("S", bound="GameState")


@runtime_checkable
class GameState(Protocol):
    """A position of some game, as agents and the lab see it."""

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def push(self, action: Action) -> None: ...

    def copy(self: S) -> S: ...

    def returns(self) -> list[float]: ...

    def scores(self) -> list[int] | list[float]: ...

    def determinized(self: S, rng: random.Random) -> S: ...


@runtime_checkable
class Heuristic(Protocol):
    """A game's quick judgement of positions and actions (optional, for stronger agents)."""

    def values(self, state: Any) -> Sequence[float]:
        """Each seat's prospects in [0, 1] (0.5: even), for a position that is not over."""
        ...

    def action_scores(self, state: Any, actions: Sequence[Action]) -> Sequence[float]:
        """A quick estimate of each action's worth to the player to move (bigger is better)."""
        ...


@runtime_checkable
class WithHeuristic(Protocol):
    def heuristic(self) -> Heuristic: ...


def with_heuristic(state: GameState) -> Heuristic | None:
    """The state's own ``Heuristic``, or ``None`` when the game offers none."""
    if isinstance(state, WithHeuristic):
        return state.heuristic()
    return None


@runtime_checkable
class GameTitle(Protocol):
    """A game the lab can set up: its name, player counts and a seeded deal."""

    @property
    def name(self) -> str: ...

    @property
    def player_counts(self) -> Sequence[int]: ...

    def new(self, players: int, seed: int) -> GameState: ...

    def describe(self) -> Mapping[str, Any]:
        """The settings that distinguish this title from the game as printed (for reports)."""
        ...
