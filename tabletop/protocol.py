"""The agent layer's contract: what a game offers so that agents and the lab can play it.

The shape follows OpenSpiel's ``State`` API (current player, legal actions, apply, clone,
terminal test, returns, resampling of hidden information) with the kit's names:

=============================  ==================================================
``state.num_players``          seats, numbered 0 .. n-1
``state.current_player``       the seat to act (read it only while not over)
``state.is_over``              the game has ended
``state.legal_actions()``      the actions the current player may take now
``state.is_legal(action)``     whether ``action`` may be taken now (it may come
                               from a bot that is wrong)
``state.push(action)``         apply an action taken from ``legal_actions()``,
                               unchecked (the fast path for search)
``state.copy()``               an independent state in the same position
``state.returns()``            each seat's share of the win once over: 1, 1/k, 0
``state.scores()``             each seat's points (for margins and reports)
``state.determinized(rng)``    a copy in which what the *current player* cannot
                               see is dealt anew, consistently with what they saw
=============================  ==================================================

In a game with hidden information, ``determinized`` is how agents keep to what a seat may
know: a copy that depends only on what the player to act has seen (and on ``rng``) carries
nothing else. The agents look at the real state only for its legal actions and whose turn it
is; a heuristic that reads hidden cards says so (``reads_hidden``, see ``HeuristicHooks``)
and is then asked only about determinized copies.

Actions are immutable, hashable values (search trees key their children by them); a bot
returns one of the values ``legal_actions()`` lists, never its text.

A game may also offer ``state.heuristic()`` returning a ``Heuristic``: a quick estimate of
each seat's prospects and of each action's worth. Agents use it where it exists (MCTS leaf
values and rollouts, the greedy bot's look-ahead) and fall back on playing to the end. A
heuristic may add the optional hooks of ``HeuristicHooks`` to tune the agents to its game.

A game may have chance nodes (dice, a draw from a bag), as OpenSpiel's games do. At one,
``state.current_player`` is ``CHANCE`` and ``state.is_chance`` is ``True``;
``state.legal_actions()`` lists the outcomes, ``state.chance_outcomes()`` gives them with
their probabilities (``[(outcome, probability), ...]``, summing to 1), ``state.push(outcome)``
applies one, and ``state.sample_chance()`` draws one from the game's own seeded stream (so a
game with the same seed and the same bots replays exactly). ``tabletop.chance`` has the
helpers: ``play_game``, the lab and tournaments settle chance with the game's stream and never
ask a bot there (a bot asked at a chance node raises ``LabError``); the greedy bot takes the
expectation over outcomes, MCTS samples them with its own generator (never with the game's
stream, which would tell it the dice to come); a ``Heuristic`` is asked only about decision
nodes and finished games. A game without chance (Carnuta, Carnival: their hidden deals are
drawn inside ``push``) offers none of this.

``GameTitle`` is what the lab needs to set games up: a name, the player counts, and
``new(players, seed)``. A title may also offer ``make_bot(name, seed, **options)`` (its own
tuned bots by name) and ``recorder()`` (a ``tabletop.lab.Recorder`` adding the game's own
columns to the lab's tables).

>>> sorted(name for name in GameState.__dict__ if not name.startswith("_"))  # doctest: +NORMALIZE_WHITESPACE
['copy', 'current_player', 'determinized', 'is_legal', 'is_over', 'legal_actions',
 'num_players', 'push', 'returns', 'scores']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar, runtime_checkable

Action = Any
S = TypeVar("S", bound="GameState")

#: ``current_player`` at a chance node (OpenSpiel's ``kChancePlayerId``): chance picks the next
#: outcome (a roll, a draw) from ``state.chance_outcomes()``.
CHANCE = -1


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

    def is_legal(self, action: Action) -> bool: ...

    def push(self, action: Action) -> None: ...

    def copy(self: S) -> S: ...

    def returns(self) -> list[float]: ...

    def scores(self) -> list[int] | list[float]: ...

    def determinized(self: S, rng: random.Random) -> S: ...


@runtime_checkable
class ChanceState(GameState, Protocol):
    """A position of a game with chance nodes (see ``tabletop.chance``): the ``GameState``
    protocol and what chance adds."""

    @property
    def is_chance(self) -> bool:
        """A chance node: ``current_player`` is ``CHANCE``, ``legal_actions()`` the outcomes."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """The outcomes here and their probabilities, summing to 1."""
        ...

    def sample_chance(self) -> Action:
        """An outcome drawn from the game's own seeded stream (the referee's draw)."""
        ...


@runtime_checkable
class Heuristic(Protocol):
    """A game's quick judgement of positions and actions (optional, for stronger agents)."""

    def values(self, state: Any) -> Sequence[float]:
        """Each seat's prospects in [0, 1] (0.5: even). Asked of finished positions too, where
        ``returns()`` is the natural answer (a game may blend in its score margins)."""
        ...

    def action_scores(self, state: Any, actions: Sequence[Action]) -> Sequence[float]:
        """A quick estimate of each action's worth to the player to move (bigger is better)."""
        ...


def with_heuristic(state: GameState) -> Heuristic | None:
    """The state's own ``Heuristic`` (``state.heuristic()``), or ``None`` when the game offers
    none. (A plain attribute check: bots ask on every decision, and ``isinstance`` against a
    protocol is slow.)"""
    offer = getattr(state, "heuristic", None)
    if callable(offer):
        found: Heuristic = offer()
        return found
    return None


def is_heuristic(value: object) -> bool:
    """Whether ``value`` offers ``values`` and ``action_scores`` (a quick ``Heuristic`` test)."""
    return callable(getattr(value, "values", None)) and callable(
        getattr(value, "action_scores", None)
    )


class HeuristicHooks(NamedTuple):
    """The optional hooks a ``Heuristic`` may define to tune the agents, each with the default
    agents use when it is missing (``heuristic_hooks`` reads them once per decision):

    - ``standing(state, seat) -> float``: ``seat``'s standing in the game's own units (points,
      say); the greedy bot maximises it. Default: ``values(state)[seat]``.
    - ``search_actions(state, legal) -> list``: the actions a search considers (a game may
      leave out pointless ones). Default: all of ``legal``.
    - ``rollout_actions(state, legal) -> list``: the actions a quick policy (rollouts, the
      greedy look-ahead) picks from, for actions whose worth lies beyond a quick judgement.
      Default: ``search_actions``.
    - ``look_ahead(state, action, value, now) -> float | None``: how the greedy bot rates
      ``action``, whose look-ahead reached ``value`` when the mover stood at ``now``; ``None``
      keeps it as a last resort (an action that can be undone, taken for no gain, may make a
      game go round in circles). Default: ``value``.
    - ``reads_hidden`` (a ``bool`` attribute, not a function): the heuristic reads what the
      player to move cannot see (another player's hand, a card under a mask...). The agents
      then ask it, and its hooks, only about ``determinized`` copies: the greedy bot looks
      ahead on one, and the search never judges the real state. Default: ``False`` (the
      heuristic judges only public information and the mover's own, and may be asked about
      the real state).
    """

    standing: Callable[[Any, int], float]
    search_actions: Callable[[Any, Sequence[Action]], Sequence[Action]]
    rollout_actions: Callable[[Any, Sequence[Action]], Sequence[Action]]
    look_ahead: Callable[[Any, Action, float, float], float | None]
    reads_hidden: bool = False


def heuristic_hooks(heuristic: Heuristic) -> HeuristicHooks:
    """``heuristic``'s hooks, its own where it defines them, else the defaults.

    >>> class Even:
    ...     def values(self, state): return [0.5, 0.5]
    ...     def action_scores(self, state, actions): return [0.0] * len(actions)
    >>> hooks = heuristic_hooks(Even())
    >>> hooks.standing(None, 1), hooks.search_actions(None, ["a", "b"]), hooks.look_ahead(None, "a", 2.0, 1.0)
    (0.5, ['a', 'b'], 2.0)
    >>> hooks.reads_hidden
    False
    """

    def standing(state: Any, seat: int) -> float:
        return heuristic.values(state)[seat]

    def search_actions(state: Any, legal: Sequence[Action]) -> Sequence[Action]:
        return legal

    def look_ahead(state: Any, action: Action, value: float, now: float) -> float | None:
        return value

    search = getattr(heuristic, "search_actions", search_actions)
    return HeuristicHooks(
        standing=getattr(heuristic, "standing", standing),
        search_actions=search,
        rollout_actions=getattr(heuristic, "rollout_actions", search),
        look_ahead=getattr(heuristic, "look_ahead", look_ahead),
        reads_hidden=getattr(heuristic, "reads_hidden", False) is True,
    )


#: How an agent deals anew what its seat cannot see: ``(state, rng) -> state``, a copy that
#: depends only on what the player to act may know. ``determinized`` (the state's own method)
#: is the default; a game may offer others, such as a seat that remembers less.
Determinize = Callable[[Any, random.Random], Any]


def determinized(state: Any, rng: random.Random) -> Any:
    """``state.determinized(rng)``: the agents' default ``Determinize``."""
    return state.determinized(rng)


@runtime_checkable
class GameTitle(Protocol):
    """A game the lab can set up: its name, player counts and a seeded deal.

    Optional: ``make_bot(name, seed, **options)``, the game's own bots by name (else the lab
    uses ``tabletop.agents.BOTS``), and ``recorder()``, a fresh ``tabletop.lab.Recorder``
    per game adding the game's own columns. A title travels to worker processes: it pickles.
    """

    @property
    def name(self) -> str: ...

    @property
    def player_counts(self) -> Sequence[int]: ...

    def new(self, players: int, seed: int) -> GameState: ...

    def describe(self) -> Mapping[str, Any]:
        """The settings that distinguish this title from the game as printed (for reports)."""
        ...


__all__ = [
    "CHANCE",
    "Action",
    "ChanceState",
    "Determinize",
    "GameState",
    "GameTitle",
    "Heuristic",
    "HeuristicHooks",
    "determinized",
    "heuristic_hooks",
    "is_heuristic",
    "with_heuristic",
]
