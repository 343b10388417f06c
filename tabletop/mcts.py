"""Information-set Monte Carlo tree search for any game offering the ``GameState`` protocol.

``MCTSBot`` is single-observer ISMCTS: each iteration deals what the player to move cannot
see anew (``state.determinized(rng)``), walks the one shared tree with UCT, choosing only
among actions legal in that deal, adds one node, plays a rollout and scores the position
reached for every seat. Each node keeps one value per seat and the seat to move picks the
child best for itself, so the search works for any number of players.

With the game's ``Heuristic`` (``state.heuristic()``, or ``heuristic=``), rollouts are
``rollout_depth`` actions of a light policy (the best ``action_scores``, a random action with
probability ``epsilon``), leaves are valued by ``values``, untried actions are expanded best
first, and the hooks ``search_actions`` and ``rollout_actions`` say which actions the tree and
the rollouts consider. Without one, rollouts are random playouts to the end, valued by
``returns()``.

Chance (in a game that has chance nodes, ``tabletop.chance``): a chance node in the tree
keeps one child per outcome met. Each iteration draws the outcome there by its probability
with the bot's own generator (never the game's stream, which knows the dice to come), so a
decision's value is the mean over the outcomes as they fall, and the same in rollouts, where
outcomes do not count against ``rollout_depth``; pending chance is drawn the same way before
a leaf is judged, so the heuristic is asked only about decision nodes and finished games.
The search starts at a decision node: ``choose`` and ``analyse`` at a chance node raise
``LabError``.

>>> import random
>>> from tabletop.protocol import GameState
>>> class Race:  # first to reach 3 by steps of 1 or 2 wins
...     def __init__(self, total=0, player=0): self.total, self.player = total, player
...     num_players = 2
...     current_player = property(lambda self: self.player)
...     is_over = property(lambda self: self.total >= 3)
...     def legal_actions(self): return [] if self.is_over else [1, 2]
...     def is_legal(self, action): return action in self.legal_actions()
...     def push(self, action):
...         self.total += action
...         if not self.is_over: self.player = 1 - self.player
...     def copy(self): return Race(self.total, self.player)
...     def returns(self): return [1.0 - self.player, float(self.player)] if self.is_over else [0.0, 0.0]
...     def scores(self): return self.returns()
...     def determinized(self, rng): return self.copy()
>>> bot = MCTSBot(seed=1, iterations=200)
>>> bot.choose(Race(1))  # from 1, taking 2 wins at once
2
>>> bot.choose(Race(0))  # from 0, taking 2 leaves the rival at 2: take 1, then win
1
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import arguments
from .chance import check_decision, offers_chance, outcomes_from, sample_outcome
from .chance import settle as settle_chance
from .errors import LabError
from .protocol import CHANCE, Action, Determinize, Heuristic, heuristic_hooks, with_heuristic

#: Longest random playout without a heuristic; a playout still going is valued as a draw.
PLAYOUT_LIMIT = 10_000


@dataclass(frozen=True)
class ActionStat:
    """One root action after a search: how often it was tried and its mean value (0-1)."""

    action: Action
    visits: int
    value: float

    def __str__(self) -> str:
        return f"{self.action}: {self.value:.3f} over {self.visits} visits"


class Node:
    """A tree node: reached by ``action``, chosen by seat ``mover`` (``CHANCE`` for a chance
    outcome); sums of values per seat.

    ``avail`` counts the iterations in which the node's action was legal (available) when its
    parent was visited: UCT's exploration term uses it, since in a resampled deal not every
    action is available every time.
    """

    __slots__ = ("action", "mover", "visits", "avail", "totals", "children", "untried")

    def __init__(self, action: Action | None, mover: int, seats: int):
        self.action = action
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * seats
        self.children: dict[Action, Node] = {}
        self.untried: list[Action] | None = None


class MCTSBot:
    """Determinised UCT. Budget: ``iterations`` per decision, or ``seconds`` per decision.

    - ``exploration``: the UCT constant (values lie in [0, 1]).
    - ``rollout_depth``: actions of light policy play after the tree before the heuristic
      values the leaf (``None``: play to the end). Without a heuristic rollouts always play
      to the end.
    - ``epsilon``: how often the rollout policy plays a random action instead.
    - ``heuristic``: the ``Heuristic`` to use; by default the game's own, if it has one.
    - ``determinize``: how each iteration deals what the mover cannot see,
      ``(state, rng) -> state``; default ``state.determinized(rng)``.
    - ``seed``: makes an ``iterations`` budget reproducible (a ``seconds`` budget depends on
      the machine's speed).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.5,
        rollout_depth: int | None = 6,
        epsilon: float = 0.1,
        heuristic: Heuristic | None = None,
        determinize: Determinize | None = None,
    ):
        if iterations is None and seconds is None:
            iterations = 300
        if iterations is not None:
            iterations = arguments.whole("iterations", iterations, least=1)
        if seconds is not None:
            seconds = arguments.number("seconds", seconds, above=0)
        self.rng = random.Random(arguments.seed("seed", seed))
        self.name = "mcts"
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = arguments.number("exploration", exploration, least=0)
        self.rollout_depth = (
            None if rollout_depth is None else arguments.whole("rollout_depth", rollout_depth)
        )
        self.epsilon = arguments.number("epsilon", epsilon, least=0, most=1)
        self.heuristic = arguments.heuristic("heuristic", heuristic)
        self.determinize = arguments.determinize("determinize", determinize)
        #: Iterations run by the last search (0 when the move was forced).
        self.last_iterations = 0
        #: Root statistics of the last search, most visited first.
        self.last_stats: list[ActionStat] = []

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}"
            if self.iterations is not None
            else f"seconds={self.seconds}"
        )
        return f"{type(self).__name__}({budget})"

    def heuristic_for(self, state: Any) -> Heuristic | None:
        """The heuristic this bot uses on ``state``: its own, or the game's (maybe none)."""
        return self.heuristic if self.heuristic is not None else with_heuristic(state)

    def choose(self, state: Any) -> Action:
        if state.is_over:
            raise LabError("state", "the game is over: there is nothing to choose")
        check_decision(state)
        heuristic = self.heuristic_for(state)
        legal = state.legal_actions()
        hooks = None if heuristic is None else heuristic_hooks(heuristic)
        # A heuristic that reads hidden cards is never asked about the real state: one that
        # prunes the actions is asked about a dealt copy (the mover's legal actions are its
        # own), so that a decision it leaves no choice in costs no search.
        if hooks is None:
            candidates = legal
        elif not hooks.reads_hidden:
            candidates = hooks.search_actions(state, legal)
        elif callable(getattr(heuristic, "search_actions", None)):
            candidates = hooks.search_actions(self.determinize(state, self.rng), legal)
        else:
            candidates = legal
        if len(candidates) == 1:
            self.last_iterations = 0
            self.last_stats = [ActionStat(candidates[0], 0, float("nan"))]
            return candidates[0]
        return self.analyse(state)[0].action

    def analyse(self, state: Any) -> list[ActionStat]:
        """Search from ``state`` and return every root action's statistics, best first."""
        if state.is_over:
            raise LabError("state", "the game is over: there is nothing to choose")
        check_decision(state)
        heuristic = self.heuristic_for(state)
        seats = state.num_players
        me = state.current_player
        root = Node(None, me, seats)
        rng = self.rng
        c = self.exploration
        eps = self.epsilon
        if heuristic is not None:
            hooks = heuristic_hooks(heuristic)
            search: Callable[[Any, Sequence[Action]], Sequence[Action]] = hooks.search_actions
            rollout_actions = hooks.rollout_actions
            scores_of: Callable[[Any, Sequence[Action]], Sequence[float]] | None = (
                heuristic.action_scores
            )
            values_of = heuristic.values
            depth = PLAYOUT_LIMIT if self.rollout_depth is None else self.rollout_depth
        else:
            search = rollout_actions = _all
            scores_of = None
            depth = PLAYOUT_LIMIT
        deal = self.determinize
        # Games without chance pay nothing for it: one test per rollout step.
        chance = offers_chance(state)
        draw = outcomes_from(rng)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
            world = deal(state, rng)
            node = root
            path = [root]
            # selection and expansion
            while not world.is_over:
                mover = world.current_player
                if mover == CHANCE:
                    outcome = sample_outcome(world, rng)
                    found = node.children.get(outcome)
                    if found is None:
                        found = node.children[outcome] = Node(outcome, CHANCE, seats)
                    world.push(outcome)
                    node = found
                    path.append(node)
                    continue
                legal = search(world, world.legal_actions())
                if node.untried is None:
                    node.untried = _ordered(scores_of, world, legal, rng)
                children = node.children
                fresh = None
                if node.untried:
                    # a set: actions may be slow to compare (dataclasses), and hash quickly
                    allowed = set(legal)
                    fresh = next(
                        (a for a in node.untried if a not in children and a in allowed), None
                    )
                if fresh is not None:
                    action = fresh
                    child = Node(action, mover, seats)
                    children[action] = child
                    node.untried = [a for a in node.untried if a is not action]
                    world.push(action)
                    node = child
                    path.append(child)
                    break
                best_child: Node | None = None
                best_value = -1.0
                for action in legal:
                    found = children.get(action)
                    if found is None:
                        # legal in this deal only (something revealed differently): add it now
                        best_child = children[action] = Node(action, mover, seats)
                        break
                    found.avail += 1
                    value = found.totals[mover] / found.visits + c * math.sqrt(
                        math.log(found.avail) / found.visits
                    )
                    if value > best_value:
                        best_value, best_child = value, found
                assert best_child is not None
                world.push(best_child.action)
                node = best_child
                path.append(node)
                if best_child.visits == 0:
                    break
            # rollout
            for _ in range(depth):
                if chance:
                    settle_chance(world, draw)
                if world.is_over:
                    break
                choices = rollout_actions(world, world.legal_actions())
                if len(choices) == 1:
                    world.push(choices[0])
                elif scores_of is None or rng.random() < eps:
                    world.push(choices[rng.randrange(len(choices))])
                else:
                    scores = scores_of(world, choices)
                    top = max(scores)
                    best = [a for a, v in zip(choices, scores, strict=True) if v >= top - 1e-9]
                    world.push(best[0] if len(best) == 1 else best[rng.randrange(len(best))])
            if chance:
                settle_chance(world, draw)
            if heuristic is not None:
                values = values_of(world)
            elif world.is_over:
                values = world.returns()
            else:
                values = [1.0 / seats] * seats
            for n in path:
                n.visits += 1
                totals = n.totals
                for seat in range(seats):
                    totals[seat] += values[seat]
            done += 1
        self.last_iterations = done
        stats = [
            ActionStat(child.action, child.visits, child.totals[me] / child.visits)
            for child in root.children.values()
            if child.action is not None and child.visits > 0
        ]
        stats.sort(key=lambda st: (-st.visits, -st.value))
        self.last_stats = stats
        return stats


def _all(state: Any, legal: Sequence[Action]) -> Sequence[Action]:
    return legal


def _ordered(
    scores_of: Callable[[Any, Sequence[Action]], Sequence[float]] | None,
    state: Any,
    legal: Sequence[Action],
    rng: random.Random,
) -> list[Action]:
    """Untried actions, the most promising first (by the quick estimate), ties at random."""
    if len(legal) == 1:
        return list(legal)
    scores = [0.0] * len(legal) if scores_of is None else scores_of(state, legal)
    keyed = sorted(
        zip(scores, [rng.random() for _ in legal], range(len(legal)), strict=True),
        reverse=True,
    )
    return [legal[i] for _, _, i in keyed]


__all__ = ["ActionStat", "MCTSBot", "Node", "PLAYOUT_LIMIT"]
